import BaseModelKit
import Foundation
import Testing

/// Decoding `json` into a fresh `Zoo` with the given coercion.
private func zoo(_ json: String, _ coercion: DecodingOptions.Coercion = .lenient) throws -> Zoo {
    var options = DecodingOptions()
    options.coercion = coercion
    return try Zoo.decode(from: json, options: options)
}

/// The message of the error that decoding `json` into a `Zoo` throws.
private func zooError(_ json: String, _ coercion: DecodingOptions.Coercion = .lenient) -> String? {
    do {
        _ = try zoo(json, coercion)
        return nil
    } catch {
        return "\(error)"
    }
}

@Suite("Coercion")
struct CoercionTests {
    @Test("every supported type decodes from its exact JSON type and round-trips")
    func exactTypes() throws {
        let json = #"{"f":true,"t":"x","ch":"é","i":-5,"i8":-128,"i16":32767,"i32":-2147483648,"i64":9223372036854775807,"u":7,"u8":255,"u16":65535,"u32":4294967295,"u64":18446744073709551615,"fl":0.1,"d":2.5,"dec":12345678901234567890.123,"dt":1700000000,"url":"https://example.com/a?b=1","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","bin":"AQID","raw":{"any":[1,null]},"s":"suspended","p":2,"ot":"o","n":[1,2,3],"tg":["a","b"],"sc":{"x":1.5},"g":[[1],[2,3]],"nest":{"k":[4]}}"#
        let model = try zoo(json, .strict)
        #expect(model.flag && model.text == "x" && model.letter == "é")
        #expect(model.int == -5 && model.int8 == -128 && model.int16 == 32767 && model.int32 == Int32.min)
        #expect(model.int64 == Int64.max && model.uint == 7 && model.uint8 == 255 && model.uint16 == 65535)
        #expect(model.uint32 == UInt32.max && model.uint64 == UInt64.max)
        #expect(model.float == 0.1 && model.double == 2.5)
        #expect(model.decimal == Decimal(string: "12345678901234567890.123"))
        #expect(model.date == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(model.url == URL(string: "https://example.com/a?b=1"))
        #expect(model.uuid == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(model.data == Data([1, 2, 3]))
        #expect(model.raw == ["any": [1, nil]])
        #expect(model.status == .suspended && model.priority == .high && model.optionalText == "o")
        #expect(model.numbers == [1, 2, 3] && model.tags == ["a", "b"] && model.scores == ["x": 1.5])
        #expect(model.grid == [[1], [2, 3]] && model.nested == ["k": [4]])
        #expect(try JSON(parsing: try model.jsonData()) == JSON(parsing: json))
    }

    @Test("lenient coercion accepts numbers as strings, numbers for strings and Boolean spellings")
    func lenient() throws {
        let model = try zoo(#"{"i":"12","d":"2.5","t":42,"f":"true","u8":"255","dec":"1.25","fl":"0.5","dt":"10"}"#)
        #expect(model.int == 12 && model.double == 2.5 && model.text == "42" && model.flag)
        #expect(model.uint8 == 255 && model.decimal == Decimal(string: "1.25") && model.float == 0.5)
        #expect(model.date == Date(timeIntervalSince1970: 10))
        for (json, value) in [("\"1\"", true), ("\"0\"", false), ("1", true), ("0", false), ("\"false\"", false)] {
            #expect(try zoo(#"{"f":\#(json)}"#).flag == value)
        }
    }

    @Test("strict coercion accepts exact JSON types only", arguments: [
        (#"{"i":"12"}"#, #"Expected Int at i (Zoo.int) but found a string "12"."#),
        (#"{"t":42}"#, "Expected String at t (Zoo.text) but found the number 42."),
        (#"{"f":1}"#, "Expected Bool at f (Zoo.flag) but found the number 1."),
        (#"{"f":"true"}"#, #"Expected Bool at f (Zoo.flag) but found a string "true"."#),
        (#"{"d":null}"#, "Expected Double at d (Zoo.double) but found null."),
    ])
    func strict(json: String, message: String) {
        #expect(zooError(json, .strict) == message)
    }

    @Test("lossy conversions are errors in both modes", arguments: [
        (#"{"i":1.5}"#, "Expected Int at i (Zoo.int) but found the number 1.5, which Int cannot hold exactly."),
        (#"{"i8":300}"#, "Expected Int8 at i8 (Zoo.int8) but found the number 300, which Int8 cannot hold exactly."),
        (#"{"u8":-1}"#, "Expected UInt8 at u8 (Zoo.uint8) but found the number -1, which UInt8 cannot hold exactly."),
        (#"{"d":1e400}"#, "Expected Double at d (Zoo.double) but found the number 1e400, which Double cannot hold exactly."),
        (#"{"fl":1e39}"#, "Expected Float at fl (Zoo.float) but found the number 1e39, which Float cannot hold exactly."),
        (#"{"i64":9223372036854775808}"#, "Expected Int64 at i64 (Zoo.int64) but found the number 9223372036854775808, which Int64 cannot hold exactly."),
        (#"{"dec":1e-300}"#, "Expected Decimal at dec (Zoo.decimal) but found the number 1e-300, which Decimal cannot hold exactly."),
    ])
    func lossy(json: String, message: String) {
        #expect(zooError(json, .lenient) == message)
        #expect(zooError(json, .strict) == message)
    }

    @Test("a lossy string in lenient mode is an error too")
    func lossyString() {
        #expect(zooError(#"{"i":"1.5"}"#) == #"Expected Int at i (Zoo.int) but found a string "1.5", which Int cannot hold exactly."#)
        #expect(zooError(#"{"i":"1e400"}"#) == #"Expected Int at i (Zoo.int) but found a string "1e400", which Int cannot hold exactly."#)
        #expect(zooError(#"{"d":"1e400"}"#) == #"Expected Double at d (Zoo.double) but found a string "1e400", which Double cannot hold exactly."#)
    }

    @Test("values of the wrong kind name the type expected", arguments: [
        (#"{"i":"abc"}"#, #"Expected Int at i (Zoo.int) but found a string "abc"."#),
        (#"{"ch":"ab"}"#, #"Expected Character at ch (Zoo.letter) but found a string "ab"."#),
        (#"{"url":""}"#, #"Expected URL at url (Zoo.url) but found a string ""."#),
        (#"{"id":"nope"}"#, #"Expected UUID at id (Zoo.uuid) but found a string "nope"."#),
        (#"{"bin":"***"}"#, #"Expected Data (base64) at bin (Zoo.data) but found a string "***"."#),
        (#"{"s":"gone"}"#, #"Expected Status at s (Zoo.status) but found a string "gone"."#),
        (#"{"p":3}"#, "Expected Priority at p (Zoo.priority) but found the number 3."),
        (#"{"n":{"a":1}}"#, "Expected [Int] at n (Zoo.numbers) but found an object."),
        (#"{"n":[1,"x"]}"#, #"Expected Int at n[1] (Zoo.numbers) but found a string "x"."#),
        (#"{"n":[1,null]}"#, "Expected Int at n[1] (Zoo.numbers) but found null."),
        (#"{"tg":"a"}"#, #"Expected Set<String> at tg (Zoo.tags) but found a string "a"."#),
        (#"{"sc":{"x":true}}"#, #"Expected Double at sc["x"] (Zoo.scores) but found the Boolean true."#),
        (#"{"g":[[1],[2,"z"]]}"#, #"Expected Int at g[1][1] (Zoo.grid) but found a string "z"."#),
        (#"{"nest":{"k":[1,[]]}}"#, #"Expected Int at nest["k"][1] (Zoo.nested) but found an array."#),
    ])
    func mismatches(json: String, message: String) {
        #expect(zooError(json, .strict) == message)
    }

    @Test("long strings are cut in messages")
    func longString() {
        let long = String(repeating: "x", count: 50)
        #expect(zooError(#"{"i":"\#(long)"}"#) == "Expected Int at i (Zoo.int) but found a string \"\(String(repeating: "x", count: 40))…\".")
    }

    @Test("floats write their shortest text")
    func floats() throws {
        let model = try zoo(#"{"fl":0.1}"#)
        #expect(try model.jsonString().contains(#""fl":0.1,"#))
    }
}
