import BaseModelKit
import Foundation
import Testing

private final class EntryRunner: BaseModel {
    var runnerId = 0
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "runnerId", "p": "price"] }
}

private final class EntryMarket: BaseModel {
    var runners: [EntryRunner] = []
    override class var apiToLocal: [String: String] { ["r": "runners"] }
    override class var identities: [String: String] { ["runners": "runnerId"] }
}

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

    @Test("an update at a designated path agrees from Data, [UInt8], a slice and a string")
    func updateEveryInput() throws {
        let text = #"{"event":{"fn":"Bo"}}"#
        let bytes = Array(text.utf8)
        let inputs: [(User) throws -> ChangeSet] = [
            { try $0.update(from: Data(bytes), at: "event") }, { try $0.update(from: bytes, at: "event") },
            { try $0.update(from: bytes[...], at: "event") }, { try $0.update(from: text, at: "event") },
        ]
        for update in inputs {
            let user = try User.decode(from: Self.text, at: "data.user")
            let changes = try update(user)
            #expect(user.firstName == "Bo" && user.lastName == "Lee")
            #expect(changes.changes.map(\.path.description) == ["event.fn"])
        }
    }

    @Test("an update by identity path agrees from Data, [UInt8], a slice and a string, and fails alike")
    func identityPathEveryInput() throws {
        let text = #"{"p":2.5}"#
        let bytes = Array(text.utf8)
        let path = IdentityPath("r", 7)
        let inputs: [(EntryMarket, IdentityPath) throws -> ChangeSet] = [
            { try $0.update(from: Data(bytes), at: $1) }, { try $0.update(from: bytes, at: $1) },
            { try $0.update(from: bytes[...], at: $1) }, { try $0.update(from: text, at: $1) },
        ]
        for update in inputs {
            let market = try EntryMarket.decode(from: #"{"r":[{"i":3,"p":1.5},{"i":7,"p":4.0}]}"#)
            let changes = try update(market, path)
            #expect(market.runners.map(\.price) == [1.5, 2.5])
            #expect(changes.changes.map(\.path.description) == ["r[1].p"])
            #expect(message { _ = try update(market, IdentityPath("r", 8)) } == "Found no model with the identity 8 to update at r.")
            #expect(market.runners.map(\.price) == [1.5, 2.5])
        }
    }

    @Test("a document that is not an object neither decodes nor updates a model")
    func notAnObject() throws {
        let user = try User.decode(from: Self.text, at: "data.user")
        for text in ["[1]", "null", "3", #""x""#] {
            #expect(message { _ = try User.decode(from: text) }?.hasPrefix("Expected User") == true)
            #expect(message { try user.update(from: text) }?.hasPrefix("Expected User") == true)
            #expect(message { try user.update(from: #"{"event":\#(text)}"#, at: "event") }?.hasPrefix("Expected User") == true)
        }
        #expect(message { try user.update(from: "[1]") } == "Expected User at the top level but found an array.")
        #expect(user.firstName == "Ann")
    }

    @Test("arrays decode from parsed JSON elements, with paths in their errors")
    func arraysFromElements() throws {
        let elements = try JSON(parsing: #"[{"i":"a","a":1},{"i":"b","a":"2.5"}]"#).array ?? []
        let bets = try Bet.decodeArray(from: elements)
        #expect(bets.map(\.betId) == ["a", "b"])
        #expect(bets.map(\.amount) == [1, 2.5])
        let bad = try JSON(parsing: #"[{"i":"a"},{"a":[]}]"#).array ?? []
        #expect(message { _ = try Bet.decodeArray(from: bad) } == "Expected Double at [1].a (Bet.amount) but found an array.")
    }

    @Test("JSON parses alike from bytes, a slice and a string")
    func jsonParsing() throws {
        let bytes = Array(Self.text.utf8)
        #expect(try JSON(parsing: bytes) == JSON(parsing: Self.text))
        #expect(try JSON(parsing: bytes[...]) == JSON(parsing: Data(bytes)))
    }
}
