import BaseModelKit
import Foundation
import Testing

/// The public entry points take any collection of bytes or a string, with an optional designated
/// path and an optional report, and agree with each other.
@Suite("Entry points")
struct EntryPointTests {
    private static let text = #"{"data":{"user":{"fn":"Ann","ln":"Lee","b":[{"i":"b1","a":"2.5"}]}}}"#

    @Test("a user decodes alike from Data, [UInt8], a slice and a string")
    func everyInput() throws {
        let bytes = Array(Self.text.utf8)
        let fromData = try User.decode(from: Data(bytes), at: "data.user")
        let fromArray = try User.decode(from: bytes, at: "data.user")
        let fromSlice = try User.decode(from: bytes[...], at: "data.user")
        let fromText = try User.decode(from: Self.text, at: "data.user")
        for user in [fromData, fromArray, fromSlice, fromText] {
            #expect(try user.jsonString() == #"{"fn":"Ann","ln":"Lee","b":[{"i":"b1","a":2.5}]}"#)
        }
    }

    @Test("a decode at a designated path fills a report with paths from the top of the document")
    func reportAtPath() throws {
        let report = MappingReport()
        _ = try User.decode(from: Self.text, at: "data.user", report: report)
        #expect(report.entries.map(\.path.description) == ["data.user.b[0].a"])
    }

    @Test("an update at a designated path changes only the keys present there")
    func updateAtPath() throws {
        let user = try User.decode(from: Self.text, at: "data.user")
        try user.update(from: Array(#"{"event":{"fn":"Bo"}}"#.utf8), at: "event")
        #expect(user.firstName == "Bo")
        #expect(user.lastName == "Lee")
    }

    @Test("a failed update at a designated path leaves the model as it was")
    func failedUpdateAtPath() throws {
        let user = try User.decode(from: Self.text, at: "data.user")
        #expect(throws: MappingError.self) {
            try user.update(from: #"{"event":{"fn":"Bo","b":[{"a":"x"}]}}"#, at: "event")
        }
        #expect(user.firstName == "Ann")
        #expect(user.bets?.first?.amount == 2.5)
    }

    @Test("arrays decode from bytes and from text, whole or at a path")
    func arrays() throws {
        let text = #"{"page":{"bets":[{"i":"a","a":1},{"i":"b","a":2}]}}"#
        let fromBytes = try Bet.decodeArray(from: Array(text.utf8), at: "page.bets")
        let fromText = try Bet.decodeArray(from: #"[{"i":"a","a":1},{"i":"b","a":2}]"#)
        #expect(fromBytes.map(\.betId) == ["a", "b"])
        #expect(fromText.map(\.amount) == [1, 2])
    }

    @Test("JSON parses alike from bytes, a slice and a string")
    func jsonParsing() throws {
        let bytes = Array(Self.text.utf8)
        #expect(try JSON(parsing: bytes) == JSON(parsing: Self.text))
        #expect(try JSON(parsing: bytes[...]) == JSON(parsing: Data(bytes)))
    }
}
