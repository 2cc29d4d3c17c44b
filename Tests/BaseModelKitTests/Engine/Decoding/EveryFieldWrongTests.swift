import BaseModelKit
import Foundation
import Testing

@Suite("Every field wrong")
struct EveryFieldWrongTests {
    /// One wrong value for every property of `Zoo` (all but `raw`, which takes any JSON), in the
    /// order of the document, with the message each one gets: wrong in both coercion modes.
    static let wrong: [(key: String, value: String, message: String)] = [
        ("f", "[]", "Expected Bool at f (Zoo.flag) but found an array."),
        ("t", "{}", "Expected String at t (Zoo.text) but found an object."),
        ("ch", #""xy""#, #"Expected Character at ch (Zoo.letter) but found a string "xy"."#),
        ("i", "1.5", "Expected Int at i (Zoo.int) but found the number 1.5, which Int cannot hold exactly."),
        ("i8", "128", "Expected Int8 at i8 (Zoo.int8) but found the number 128, which Int8 cannot hold exactly."),
        ("i16", "-32769", "Expected Int16 at i16 (Zoo.int16) but found the number -32769, which Int16 cannot hold exactly."),
        ("i32", "true", "Expected Int32 at i32 (Zoo.int32) but found the Boolean true."),
        ("i64", "9223372036854775808", "Expected Int64 at i64 (Zoo.int64) but found the number 9223372036854775808, which Int64 cannot hold exactly."),
        ("u", "-1", "Expected UInt at u (Zoo.uint) but found the number -1, which UInt cannot hold exactly."),
        ("u8", "[1]", "Expected UInt8 at u8 (Zoo.uint8) but found an array."),
        ("u16", "65536", "Expected UInt16 at u16 (Zoo.uint16) but found the number 65536, which UInt16 cannot hold exactly."),
        ("u32", #""x""#, #"Expected UInt32 at u32 (Zoo.uint32) but found a string "x"."#),
        ("u64", "1e20", "Expected UInt64 at u64 (Zoo.uint64) but found the number 1e20, which UInt64 cannot hold exactly."),
        ("fl", "1e39", "Expected Float at fl (Zoo.float) but found the number 1e39, which Float cannot hold exactly."),
        ("d", "{}", "Expected Double at d (Zoo.double) but found an object."),
        ("dec", "false", "Expected Decimal at dec (Zoo.decimal) but found the Boolean false."),
        ("dt", "[]", "Expected Date (seconds since 1970) at dt (Zoo.date) but found an array."),
        ("url", "7", "Expected URL at url (Zoo.url) but found the number 7."),
        ("id", #""E621E1F8""#, #"Expected UUID at id (Zoo.uuid) but found a string "E621E1F8"."#),
        ("bin", #""@@""#, #"Expected Data (base64) at bin (Zoo.data) but found a string "@@"."#),
        ("s", #""gone""#, #"Expected Status at s (Zoo.status) but found a string "gone"."#),
        ("p", "9", "Expected Priority at p (Zoo.priority) but found the number 9."),
        ("ot", "[]", "Expected String at ot (Zoo.optionalText) but found an array."),
        ("n", #"[1,2,{}]"#, "Expected Int at n[2] (Zoo.numbers) but found an object."),
        ("tg", #"["a",{}]"#, "Expected String at tg[1] (Zoo.tags) but found an object."),
        ("sc", #"{"a":1,"b":[]}"#, #"Expected Double at sc["b"] (Zoo.scores) but found an array."#),
        ("g", #"[[1],[2,{}]]"#, "Expected Int at g[1][1] (Zoo.grid) but found an object."),
        ("nest", #"{"k":[1,"x"]}"#, #"Expected Int at nest["k"][1] (Zoo.nested) but found a string "x"."#),
    ]

    @Test("a payload where every field is wrong: each error in turn, with its path and message", arguments: [
        DecodingOptions.Coercion.strict, .lenient,
    ])
    func everyFieldWrong(coercion: DecodingOptions.Coercion) throws {
        var options = DecodingOptions()
        options.coercion = coercion
        var remaining = Self.wrong
        let untouched = try Zoo().jsonData()
        while !remaining.isEmpty {
            let members = remaining.map { #""\#($0.key)":\#($0.value)"# }.joined(separator: ",")
            let payload = #"{"raw":[1],"# + members + "}"
            #expect(message { _ = try Zoo.decode(from: payload, options: options) } == remaining[0].message)
            // An update with the same payload fails the same way and changes nothing.
            let target = Zoo()
            #expect(message { try target.update(from: payload, options: options) } == remaining[0].message)
            #expect(try target.jsonData() == untouched)
            remaining.removeFirst()
        }
        #expect(try Zoo.decode(from: #"{"raw":[1]}"#, options: options).raw == [1])
    }
}
