import BaseModelKit
import Foundation
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    @Test("compact output keeps key order and escapes only what it must")
    func compact() throws {
        let value: JSON = ["z": "a/b \"q\" \\ \n\t\u{01}é😀", "a": [1, -2, 0.5, true, nil, [:], []]]
        #expect(try value.serializedString() == #"{"z":"a/b \"q\" \\ \n\t\u0001é😀","a":[1,-2,0.5,true,null,{},[]]}"#)
    }

    @Test("options sort keys, pretty-print and escape slashes")
    func formatting() throws {
        let value: JSON = ["b": [1, 2], "a": ["y": "/", "x": [:]]]
        #expect(try value.serializedString(formatting: [.sortedKeys]) == #"{"a":{"x":{},"y":"/"},"b":[1,2]}"#)
        #expect(try value.serializedString(formatting: [.escapingSlashes]) == #"{"b":[1,2],"a":{"y":"\/","x":{}}}"#)
        let pretty = try value.serializedString(formatting: [.prettyPrinted, .sortedKeys])
        #expect(pretty == """
        {
          "a": {
            "x": {},
            "y": "/"
          },
          "b": [
            1,
            2
          ]
        }
        """)
    }

    @Test("doubles are written in the shortest form that reads back the same")
    func doubles() throws {
        let values: [Double] = [0.1, 1.0 / 3.0, 1e-7, Double("1.2345678901234568e+20")!, .leastNonzeroMagnitude, -0.0, 2.5, 100, 1e15, 1.7976931348623157e308]
        let text = try JSON.array(values.map { .number(JSONNumber($0)) }).serializedString()
        #expect(text == "[0.1,0.3333333333333333,1e-07,1.2345678901234568e+20,5e-324,-0,2.5,100,1000000000000000,1.7976931348623157e+308]")
        let back = try JSON(parsing: text).array!.map { $0.number!.double! }
        #expect(back.map(\.bitPattern) == values.map(\.bitPattern))
    }

    @Test("values of two decimals and random doubles are written as description writes them, integers as integers")
    func doublesAgainstDescription() throws {
        // The writer takes values of at most two decimals below a billion from their hundredths:
        // checked against `description` (its ".0" dropped for whole numbers) around that fast path.
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0.01, -0.01, 0.1, 0.05, 9.99, 10.01, 999_999_999.99, 1e9, 1e9 + 0.5, 0.3, 0.1 + 0.2, 1.005, 2.675, -4.5]
        for _ in 0..<100_000 {
            let cents = Int64.random(in: -99_999_999_999...99_999_999_999, using: &generator)
            values.append(Double(cents) / 100)
            values.append(Double(Int.random(in: 0...100_000, using: &generator)) / 100 * 1.0000001)
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator) & 0x7FEF_FFFF_FFFF_FFFF))
        }
        for value in values where value.isFinite {
            let written = try JSON.number(JSONNumber(value)).serializedString()
            let expected = value == value.rounded(.towardZero) && value.magnitude < 9_007_199_254_740_992
                ? String(Int64(value)) : value.description
            #expect(written == expected, "\(value.bitPattern)")
            if written != expected { break }
        }
    }

    @Test("integers are written with all their digits")
    func integers() throws {
        let value: JSON = [.number(JSONNumber(Int64.min)), .number(JSONNumber(UInt64.max)), 0, 7, 10, 99, 100, 12345, 4_200_000_000_700]
        #expect(try value.serializedString() == "[-9223372036854775808,18446744073709551615,0,7,10,99,100,12345,4200000000700]")
        for number in (0..<2000).map({ UInt64($0) * 7919 &* 1_000_003 }) {
            #expect(try JSON.number(JSONNumber(number)).serializedString() == String(number))
        }
    }

    @Test("NaN and infinity cannot be written")
    func nonFinite() {
        let value: JSON = ["scores": [1, .number(JSONNumber(Double.nan))]]
        #expect(throws: JSONWritingError.self) { try value.serializedData() }
        do {
            _ = try value.serializedData()
        } catch {
            #expect(error.description == "Cannot write NaN at scores[1]: JSON has no representation for it.")
        }
        do {
            _ = try JSON.number(JSONNumber(-Double.infinity)).serializedData()
        } catch {
            #expect(error.description == "Cannot write -infinity at the top level: JSON has no representation for it.")
        }
    }
}
