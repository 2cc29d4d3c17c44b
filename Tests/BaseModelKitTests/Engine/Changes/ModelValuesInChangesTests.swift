import BaseModelKit
import Foundation
import Testing

/// A price level whose JSON no hook takes part in (its change values are written straight from its
/// plan), and levels whose JSON a `serialize()` override shapes, in the level itself or below it.
final class PlainLevel: BaseModel {
    var size = 0.0
    var orders: Int?
    override class var apiToLocal: [String: String] { ["s": "size", "o": "orders"] }
}

final class TaggedLevel: BaseModel {
    var size = 0.0
    override class var apiToLocal: [String: String] { ["s": "size"] }
    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        object["tag"] = "level"
        return object
    }
}

final class WrappingLevel: BaseModel {
    var inner: TaggedLevel?
    override class var apiToLocal: [String: String] { ["i": "inner"] }
}

final class LevelBook: BaseModel {
    var plain: [String: PlainLevel] = [:]
    var tagged: [String: TaggedLevel] = [:]
    var wrapping: [String: WrappingLevel] = [:]
    override class var apiToLocal: [String: String] { ["p": "plain", "t": "tagged", "w": "wrapping"] }
}

@Suite struct ModelValuesInChangesTests {
    /// A model a change records whole (a key added or removed) is its JSON as an encode writes it
    /// with `nil` as `null`: through the overrides where a class has them, at any depth.
    @Test func addedAndRemovedModelsAreWrittenAsAnEncodeWrites() throws {
        let book = try LevelBook.decode(from: #"{"p":{"1.5":{"s":2,"o":3}},"t":{"1.5":{"s":2}},"w":{"1.5":{"i":{"s":2}}}}"#)
        let removed = (plain: book.plain["1.5"]!, tagged: book.tagged["1.5"]!, wrapping: book.wrapping["1.5"]!)
        var options = EncodingOptions()
        options.nilEncoding = .null
        let formerJSON = try [removed.plain, removed.tagged, removed.wrapping].map { try $0.jsonString(options: options) }
        let changes = try book.update(from: #"{"p":{"1.5":null,"1.6":{"s":4}},"t":{"1.5":null,"1.6":{"s":4}},"w":{"1.5":null,"1.6":{"i":{"s":4}}}}"#)
        #expect(changes.map(\.description) == [
            #"plain at p["1.5"]: {"s":2,"o":3} → null"#, #"plain at p["1.6"]: null → {"s":4,"o":null}"#,
            #"tagged at t["1.5"]: {"s":2,"tag":"level"} → null"#, #"tagged at t["1.6"]: null → {"s":4,"tag":"level"}"#,
            #"wrapping at w["1.5"]: {"i":{"s":2,"tag":"level"}} → null"#, #"wrapping at w["1.6"]: null → {"i":{"s":4,"tag":"level"}}"#,
        ])
        // The same text as each model's own encode, before and after.
        let added = try [book.plain["1.6"]!, book.tagged["1.6"]!, book.wrapping["1.6"]!].map { try $0.jsonString(options: options) }
        let recorded = changes.map { (old: $0.oldValue, new: $0.newValue) }
        #expect(try formerJSON.map { try JSON(parsing: Array($0.utf8)) } == [recorded[0].old, recorded[2].old, recorded[4].old])
        #expect(try added.map { try JSON(parsing: Array($0.utf8)) } == [recorded[1].new, recorded[3].new, recorded[5].new])
    }

    /// A model that cannot be written (a `Double` JSON cannot hold) is refused by `Codable` bridging
    /// with its path, whichever way its JSON is made.
    @Test func anUnwritableLevelIsRefusedWithItsPath() throws {
        let level = try PlainLevel.decode(from: #"{"s":1}"#)
        level.size = .infinity
        #expect {
            try JSONEncoder().encode([level])
        } throws: { error in
            guard case EncodingError.invalidValue(_, let context) = error else { return false }
            return context.debugDescription.contains("at s") && context.debugDescription.contains("PlainLevel")
        }
    }
}
