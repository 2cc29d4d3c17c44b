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
        #expect(try value.serializedString(options: [.sortedKeys]) == #"{"a":{"x":{},"y":"/"},"b":[1,2]}"#)
        #expect(try value.serializedString(options: [.escapingSlashes]) == #"{"b":[1,2],"a":{"y":"\/","x":{}}}"#)
        let pretty = try value.serializedString(options: [.prettyPrinted, .sortedKeys])
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

    @Test("integers are written with all their digits")
    func integers() throws {
        let value: JSON = [.number(JSONNumber(Int64.min)), .number(JSONNumber(UInt64.max)), 0, 7]
        #expect(try value.serializedString() == "[-9223372036854775808,18446744073709551615,0,7]")
    }

    @Test("NaN and infinity cannot be written")
    func nonFinite() {
        let value: JSON = ["scores": [1, .number(JSONNumber(Double.nan))]]
        #expect(throws: MappingError.self) { try value.serializedData() }
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
