import BaseModelKit
import Foundation
import Testing

/// Every fixed-width integer as a property (read in place by the member loop) and as an array element
/// (read by the array's coder), and an optional enum as a property and an element.
private final class Widths: BaseModel {
    var i8: Int8 = 0
    var i16: Int16 = 0
    var i32: Int32 = 0
    var i64: Int64 = 0
    var u: UInt = 0
    var u8: UInt8 = 0
    var u16: UInt16 = 0
    var u32: UInt32 = 0
    var u64: UInt64 = 0
    var l8: [Int8] = []
    var l16: [Int16] = []
    var l32: [Int32] = []
    var l64: [Int64] = []
    var lu: [UInt] = []
    var lu8: [UInt8] = []
    var lu16: [UInt16] = []
    var lu32: [UInt32] = []
    var lu64: [UInt64] = []
    var status: Status?
    var statuses: [Status?] = []
    override class var apiToLocal: [String: String] {
        ["i8": "i8", "i16": "i16", "i32": "i32", "i64": "i64", "u": "u", "u8": "u8", "u16": "u16", "u32": "u32", "u64": "u64",
         "l8": "l8", "l16": "l16", "l32": "l32", "l64": "l64", "lu": "lu", "lu8": "lu8", "lu16": "lu16", "lu32": "lu32", "lu64": "lu64",
         "s": "status", "ls": "statuses"]
    }
}

@Suite("Fields read in place")
struct InPlaceFieldTests {
    @Test("each integer width reads every value as the array's coder reads an element: limits, beyond them, fractions, text, strict and lenient")
    func integerWidths() throws {
        let values = ["0", "-1", "1", "127", "128", "-128", "-129", "255", "256", "32767", "32768", "-32769", "65535", "65536",
                      "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296", "9223372036854775807", "9223372036854775808",
                      "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616", "1.0", "1.5", "1e2",
                      "-0", #""12""#, #""x""#, "true", "[1]"]
        var strict = DecodingOptions()
        strict.coercion = .strict
        var compared = 0
        for options in [DecodingOptions(), strict] {
            for value in values {
                let model = { (text: String) in Result { try Widths.decode(from: text, options: options) } }
                func same<T: Equatable>(_ key: String, _ list: String, _ property: (Widths) -> T, _ element: (Widths) -> [T]) {
                    let single = (try? model(#"{"\#(key)":\#(value)}"#).get()).map(property)
                    let listed = (try? model(#"{"\#(list)":[\#(value)]}"#).get()).map { element($0).first ?? property(Widths()) }
                    #expect(single == listed, "\(key) \(value)")
                    compared += 1
                }
                same("i8", "l8", \.i8, \.l8)
                same("i16", "l16", \.i16, \.l16)
                same("i32", "l32", \.i32, \.l32)
                same("i64", "l64", \.i64, \.l64)
                same("u", "lu", \.u, \.lu)
                same("u8", "lu8", \.u8, \.lu8)
                same("u16", "lu16", \.u16, \.lu16)
                same("u32", "lu32", \.u32, \.lu32)
                same("u64", "lu64", \.u64, \.lu64)
            }
        }
        #expect(compared == 2 * 9 * values.count)
        #expect(message { _ = try Widths.decode(from: #"{"u8":256}"#) } == "Expected UInt8 at u8 (Widths.u8) but found the number 256, which UInt8 cannot hold exactly.")
        // Written back as read, and written for every width.
        let text = #"{"i8":-128,"i16":-32768,"i32":-2147483648,"i64":-9223372036854775808,"u":18446744073709551615,"u8":255,"u16":65535,"u32":4294967295,"u64":18446744073709551615,"l8":[],"l16":[],"l32":[],"l64":[],"lu":[],"lu8":[],"lu16":[],"lu32":[],"lu64":[],"ls":[]}"#
        #expect(try Widths.decode(from: text).jsonString() == text)
    }

    @Test("an integer's update records a change only when the value changes, and a failed update puts it back")
    func integerUpdates() throws {
        let widths = try Widths.decode(from: #"{"i64":5,"u16":7}"#)
        #expect(try widths.update(from: #"{"i64":5,"u16":7}"#).isEmpty)
        let changes = try widths.update(from: #"{"i64":6,"u16":7}"#)
        #expect(changes.map(\.property) == ["i64"] && widths.i64 == 6)
        #expect(throws: (any Error).self) { try widths.update(from: #"{"i64":9,"u16":70000}"#) }
        #expect(widths.i64 == 6 && widths.u16 == 7)
    }

    @Test("an optional enum reads null, learned cases and unknown ones as its element coder does, and updates record them")
    func optionalEnum() throws {
        // Learned on the first reads, then stored as its byte.
        for _ in 0..<3 {
            for value in [#""open""#, #""closed""#, "null", #""gone""#, "1", #""\u006fpen""#] {
                // What each read: the case, `nil`, or an error.
                let single = Result { try Widths.decode(from: #"{"s":\#(value)}"#).status }.map { $0.map(\.rawValue) ?? "nil" }
                let listed = Result { try Widths.decode(from: #"{"ls":[\#(value)]}"#).statuses.first.map { $0?.rawValue ?? "nil" } ?? "none" }
                #expect((try? single.get()) == (try? listed.get()), "\(value)")
            }
        }
        let widths = try Widths.decode(from: #"{"s":"suspended"}"#)
        #expect(try widths.update(from: #"{"s":"suspended"}"#).isEmpty)
        #expect(try widths.update(from: #"{"s":null}"#).map(\.property) == ["status"])
        #expect(widths.status == nil)
        #expect(try widths.update(from: #"{"s":"open"}"#).map(\.property) == ["status"])
        #expect(throws: (any Error).self) { try widths.update(from: #"{"s":null,"u8":300}"#) }
        #expect(widths.status == .open)
        #expect(try widths.jsonString() == #"{"i8":0,"i16":0,"i32":0,"i64":0,"u":0,"u8":0,"u16":0,"u32":0,"u64":0,"l8":[],"l16":[],"l32":[],"l64":[],"lu":[],"lu8":[],"lu16":[],"lu32":[],"lu64":[],"s":"open","ls":[]}"#)
    }
}
