import BaseModelKit
import Foundation
import Testing

@Suite("JSON values")
struct JSONValueTests {
    @Test("literals build the matching cases")
    func literals() {
        let value: JSON = ["s": "text", "n": 12, "d": 2.5, "b": true, "z": nil, "a": [1, "x"]]
        #expect(value["s"] == .string("text"))
        #expect(value["n"]?.number?.int64 == 12)
        #expect(value["d"]?.number?.double == 2.5)
        #expect(value["b"]?.bool == true)
        #expect(value["z"]?.isNull == true)
        #expect(value["a"]?[1]?.string == "x")
        #expect(value["a"]?[2] == nil)
        #expect(value["missing"] == nil)
        #expect(value.object?.keys == ["s", "n", "d", "b", "z", "a"])
    }

    @Test("accessors return nil for other kinds")
    func accessorsOfOtherKinds() {
        let value: JSON = "text"
        #expect(value.bool == nil)
        #expect(value.number == nil)
        #expect(value.array == nil)
        #expect(value.object == nil)
        #expect(value["key"] == nil)
        #expect(value[0] == nil)
        #expect(!value.isNull)
    }

    @Test("an object keeps insertion order, replaces in place and removes with nil")
    func objectOrder() {
        var object: JSONObject = ["b": 1, "a": 2]
        object["c"] = 3
        object["b"] = 4
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["b"] == 4)
        object["a"] = nil
        #expect(object.keys == ["b", "c"])
        #expect(object.count == 2)
        #expect(Array(object.map(\.0)) == ["b", "c"])
    }

    @Test("a large object finds keys and keeps order after removals")
    func largeObject() {
        var object = JSONObject()
        for index in 0..<40 {
            object["k\(index)"] = .number(JSONNumber(index))
        }
        object["k3"] = nil
        object["k39"] = "last"
        #expect(object.count == 39)
        #expect(object["k3"] == nil)
        #expect(object["k4"] == 4)
        #expect(object["k39"] == "last")
        #expect(object.keys.first == "k0")
        #expect(object.keys[3] == "k4")
    }

    @Test("objects compare and hash like dictionaries, whatever their order")
    func objectEquality() {
        let first: JSONObject = ["a": 1, "b": [true]]
        let second: JSONObject = ["b": [true], "a": 1]
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != ["a": 1, "b": [false]])
        #expect(first != ["a": 1])
    }

    @Test("numbers keep integers beyond 64 bits and long decimals exactly")
    func losslessNumbers() throws {
        let big = try JSON(parsing: "12345678901234567890123")
        #expect(big.number?.text == "12345678901234567890123")
        #expect(big.number?.int64 == nil)
        #expect(big.number?.uint64 == nil)
        #expect(try big.serializedString() == "12345678901234567890123")
        let decimal = try JSON(parsing: "0.1000000000000000055511151231257827")
        #expect(try decimal.serializedString() == "0.1000000000000000055511151231257827")
        #expect(decimal.number?.double == 0.1)
    }

    @Test("exact integer accessors never round or truncate")
    func exactIntegers() throws {
        let number = { (text: String) in JSONNumber(text: text)! }
        #expect(number("127").int(exactly: Int8.self) == 127)
        #expect(number("128").int(exactly: Int8.self) == nil)
        #expect(number("-128").int(exactly: Int8.self) == -128)
        #expect(number("1.5").int() == nil)
        #expect(number("1.0").int() == 1)
        #expect(number("1e2").int() == 100)
        #expect(number("-1").uint64 == nil)
        #expect(number("18446744073709551615").uint64 == UInt64.max)
        #expect(number("18446744073709551616").uint64 == nil)
        #expect(number("-9223372036854775808").int64 == Int64.min)
        #expect(number("-9223372036854775809").int64 == nil)
        #expect(number("1e400").int() == nil)
        #expect(number("0.5e1").int() == 5)
    }

    @Test("double is nil only when the value overflows a Double")
    func doubles() {
        #expect(JSONNumber(text: "1e400")?.double == nil)
        #expect(JSONNumber(text: "-1e400")?.double == nil)
        #expect(JSONNumber(text: "1e-400")?.double == 0)
        #expect(JSONNumber(text: "-0")?.double == 0)
        #expect(JSONNumber(Double.nan).double == nil)
        #expect(JSONNumber(2.5).double == 2.5)
    }

    @Test("decimal is exact or nil")
    func decimals() {
        #expect(JSONNumber(text: "12.345")?.decimal == Decimal(string: "12.345"))
        #expect(JSONNumber(text: "1234567890123456789012345678901234567")?.decimal != nil)
        #expect(JSONNumber(text: "1234567890123456789012345678901234567890")?.decimal == nil)
        #expect(JSONNumber(text: "1e-300")?.decimal == nil)
    }

    @Test("numbers are equal when their values are equal")
    func numberEquality() {
        #expect(JSONNumber(text: "1.0")! == JSONNumber(1))
        #expect(JSONNumber(text: "10e-1")! == JSONNumber(text: "1")!)
        #expect(JSONNumber(text: "-0")! == JSONNumber(0))
        #expect(JSONNumber(text: "1.0")!.hashValue == JSONNumber(1).hashValue)
        #expect(JSONNumber(text: "0.1")! == JSONNumber(0.1))
        #expect(JSONNumber(text: "0.10000000000000001")! != JSONNumber(text: "0.1")!)
        #expect(JSONNumber(2) != JSONNumber(3))
    }

    @Test("number text must follow JSON's grammar")
    func numberGrammar() {
        for valid in ["0", "-0", "12", "1.5", "1e5", "1E+5", "-1.25e-3"] {
            #expect(JSONNumber(text: valid) != nil, "\(valid)")
        }
        for invalid in ["", "-", "01", "1.", ".5", "1e", "+1", "1e+", "0x10", "NaN", "1 "] {
            #expect(JSONNumber(text: invalid) == nil, "\(invalid)")
        }
    }

    @Test("description is compact JSON text")
    func description() {
        let value: JSON = ["a": [1, 2.5, "x\"y"], "b": nil]
        #expect(value.description == #"{"a":[1,2.5,"x\"y"],"b":null}"#)
        #expect(JSON.number(JSONNumber(Double.nan)).description == "NaN")
    }

    @Test("numbers keep their exact text through parse and write, short and long, in every spelling")
    func numberTexts() throws {
        let texts = ["0", "-0", "7", "-65.613616999999977", "43.420273000000009", "1e-7", "1E+300", "-2.5e-3",
                     "12345678901234567890123456789", "1234567890123456789012345678901", "12345678901234567890123456789012",
                     "-0.000000000000000000000000000001", "3.14159265358979323846264338327950288"]
        for text in texts {
            let parsed = try #require(try JSON(parsing: "[\(text)]").array?.first?.number)
            #expect(parsed.text == text)
            #expect(try JSON.array([.number(parsed)]).serializedString() == "[\(text)]")
            let spelled = try #require(JSONNumber(text: text))
            #expect(parsed == spelled && parsed.hashValue == spelled.hashValue)
            #expect(parsed.double?.bitPattern == Double(text)?.bitPattern)
        }
        #expect(try JSON(parsing: "1.50").number == JSON.number(1.5).number)
    }
}
