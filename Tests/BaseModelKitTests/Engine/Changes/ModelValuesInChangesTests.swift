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

/// A level of scalars of every kind the library writes itself, keeping the members its map does not
/// name: its change values are made from its members' values, not written and read back.
final class RichLevel: BaseModel {
    var size: Decimal = 0
    var ratio: Float = 0
    var at = Date(timeIntervalSince1970: 0)
    var count: Int64?
    var note: String?
    var flag: Bool?
    var price: Decimal?
    override class var apiToLocal: [String: String] { ["s": "size", "r": "ratio", "at": "at", "c": "count", "n": "note", "f": "flag", "p": "price"] }
    override class var transformers: [String: JSONTransformer] { ["at": .millisecondsSince1970, "price": .decimalString] }
    override class var keepsUnknownKeys: Bool { true }
}

final class RichBook: BaseModel {
    var levels: [String: RichLevel] = [:]
    override class var apiToLocal: [String: String] { ["l": "levels"] }
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

    /// Levels of every scalar kind, with members no map names, added and removed: each recorded
    /// as its own encode writes it.
    @Test func scalarLevelsAreRecordedAsAnEncodeWrites() throws {
        let book = try RichBook.decode(from: #"{"l":{"a":{"s":"1.50","r":0.1,"at":1500,"c":7,"n":"x\"y","f":true,"p":"2.10","z":[1,{"q":null}]},"b":{"s":3}}}"#)
        var options = EncodingOptions()
        options.nilEncoding = .null
        let former = try ["a", "b"].map { try JSON(parsing: Array(book.levels[$0]!.jsonString(options: options).utf8)) }
        let changes = try book.update(from: #"{"l":{"a":null,"b":null,"c":{"s":-0.25,"r":1e-3,"at":-2,"n":"é","p":"-0.000","w":"kept"},"d":{}}}"#)
        let added = try ["c", "d"].map { try JSON(parsing: Array(book.levels[$0]!.jsonString(options: options).utf8)) }
        #expect(changes.map(\.oldValue) == former + [.null, .null])
        #expect(changes.map(\.newValue) == [.null, .null] + added)
        #expect(changes[2].newValue.object?["w"] == "kept")
        #expect(changes[0].oldValue.object?["z"] == [1, ["q": nil]])
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
