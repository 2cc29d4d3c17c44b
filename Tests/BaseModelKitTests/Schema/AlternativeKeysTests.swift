import BaseModelKit
import Foundation
import Testing

/// A ticker whose API renamed `p` to `price` and `v` to `vol` or `volume`, and sends either.
class RenamedTicker: BaseModel {
    var tickerId = ""
    var price = 0.0
    var volume = 0
    override class var apiToLocal: [String: String] { ["id": "tickerId", "p": "price", "v": "volume"] }
    override class var alternativeKeys: [String: [String]] { ["p": ["price"], "v": ["vol", "volume"]] }
    override class var requiredKeys: Set<String> { ["p"] }
    override class var fixedKeys: Set<String> { ["id"] }
}

/// Inherits the alternatives, and adds one for its own key.
final class RenamedSpotTicker: RenamedTicker {
    var venue = ""
    override class var apiToLocal: [String: String] { ["ve": "venue"] }
    override class var alternativeKeys: [String: [String]] { ["ve": ["venue"], "id": ["ticker"]] }
}

/// Tickers by id, reached by identity paths.
final class RenamedBoard: BaseModel {
    var tickers: [RenamedTicker] = []
    override class var apiToLocal: [String: String] { ["t": "tickers"] }
    override class var alternativeKeys: [String: [String]] { ["t": ["tickers"]] }
    override class var identities: [String: String] { ["tickers": "tickerId"] }
}

/// A key with a dot in it (written escaped in the map), with an alternative.
final class DottedRename: BaseModel {
    var rate = 0.0
    override class var apiToLocal: [String: String] { [#"r\.1"#: "rate"] }
    override class var alternativeKeys: [String: [String]] { [#"r\.1"#: ["rate"]] }
}

/// An alternative that is the dotted key itself, as the document writes it.
final class DottedClash: BaseModel {
    var rate = 0.0
    override class var apiToLocal: [String: String] { [#"r\.1"#: "rate"] }
    override class var alternativeKeys: [String: [String]] { [#"r\.1"#: ["r.1"]] }
}

final class AlternativeForUnmapped: BaseModel {
    var a = 0
    override class var apiToLocal: [String: String] { ["a": "a"] }
    override class var alternativeKeys: [String: [String]] { ["b": ["bb"]] }
}

final class AlternativeClashes: BaseModel {
    var a = 0
    var b = 0
    var c = 0
    override class var apiToLocal: [String: String] { ["a": "a", "b": "b", "s.c": "c"] }
    override class var alternativeKeys: [String: [String]] { ["a": ["b", "x"], "b": ["x"], "s.c": ["c"]] }
}

@Suite("Alternative keys")
struct AlternativeKeysTests {
    @Test("a decode reads the map's key or any alternative; an encode writes the map's key")
    func decodeAndEncode() throws {
        for text in [#"{"id":"t1","p":1.5,"v":3}"#, #"{"id":"t1","price":1.5,"vol":3}"#, #"{"id":"t1","price":1.5,"volume":3}"#, #"{"id":"t1","\u0070rice":1.5,"v":3}"#] {
            let ticker = try RenamedTicker.decode(from: text)
            #expect(ticker.tickerId == "t1" && ticker.price == 1.5 && ticker.volume == 3, "\(text)")
            #expect(try ticker.jsonString() == #"{"id":"t1","p":1.5,"v":3}"#)
        }
        // Strict decoding accepts them too (they are no unknown keys), and a repeat reads the last value.
        #expect(try RenamedTicker.decode(from: #"{"id":"t","price":2,"vol":1}"#, options: .strict).price == 2)
        #expect(try RenamedTicker.decode(from: #"{"p":1,"price":2}"#).price == 2)
    }

    @Test("an update reads them too, records changes under the map's key, and refuses a key given twice")
    func update() throws {
        let ticker = try RenamedTicker.decode(from: #"{"id":"t1","p":1.5,"v":3}"#)
        let changes = try ticker.update(from: #"{"price":1.75,"volume":4}"#)
        #expect(ticker.price == 1.75 && ticker.volume == 4)
        #expect(changes.map(\.description) == ["price at p: 1.5 → 1.75", "volume at v: 3 → 4"])
        #expect(String(decoding: try changes.jsonData(), as: UTF8.self) == #"{"p":1.75,"v":4}"#)
        let error = try #require(throws: MappingError.self) { try ticker.update(from: #"{"p":2,"price":3}"#) }
        #expect(error.description == "Repeated key at p (RenamedTicker.price) in an update: an update merges this key's value into what the model holds, so the key must appear once in its object.")
        #expect(ticker.price == 1.75)
        // A fixed key given under an alternative is still fixed.
        let spot = try RenamedSpotTicker.decode(from: #"{"ticker":"s1","price":1,"venue":"X"}"#)
        #expect(spot.tickerId == "s1" && spot.venue == "X")
        #expect(throws: MappingError.self) { try spot.update(from: #"{"ticker":"s2"}"#) }
        #expect(spot.tickerId == "s1")
    }

    @Test("a required key is present under an alternative; missing under all of them is an error")
    func required() throws {
        #expect(try RenamedTicker.decode(from: #"{"price":1}"#).price == 1)
        #expect(try RenamedTicker.decode(from: ["price": 1] as JSONObject).price == 1)
        let error = try #require(throws: MappingError.self) { try RenamedTicker.decode(from: #"{"vol":1}"#) }
        #expect(error.description == #"Missing key "p" at the top level (RenamedTicker.price)."#)
    }

    @Test("identity paths and whole lists merged by identity read alternatives")
    func identities() throws {
        let board = try RenamedBoard.decode(from: #"{"tickers":[{"id":"a","p":1},{"id":"b","price":2}]}"#)
        #expect(board.tickers.map(\.price) == [1, 2])
        let first = board.tickers[0]
        try board.update(from: #"{"t":[{"id":"a","price":5},{"id":"b","p":2}]}"#)
        #expect(board.tickers[0] === first && first.price == 5)
        let changes = try board.update(from: #"{"price":7}"#, at: IdentityPath("tickers", "b"))
        // The path names the step as the caller wrote it, and the member by the map's key.
        #expect(board.tickers[1].price == 7 && changes.map { "\($0.path)" } == ["tickers[1].p"])
    }

    @Test("a key with an escaped dot takes alternatives like any other")
    func escapedKey() throws {
        #expect(try DottedRename.decode(from: #"{"rate":2.5}"#).rate == 2.5)
        #expect(try DottedRename.decode(from: #"{"r.1":1.5}"#).jsonString() == #"{"r.1":1.5}"#)
        #expect(message { try DottedClash.validateMappings() }?.contains(#"alternativeKeys gives "r.1" for "r\.1", but "r.1" is a key of apiToLocal already."#) == true)
    }

    @Test("mistakes in alternativeKeys are schema errors that say which")
    func mistakes() {
        #expect(message { try AlternativeForUnmapped.validateMappings() }?.contains(#"alternativeKeys names "b", which is not a plain key of apiToLocal"#) == true)
        let text = message { try AlternativeClashes.validateMappings() } ?? ""
        #expect(text.contains(#"alternativeKeys gives "b" for "a", but "b" is a key of apiToLocal already."#), "\(text)")
        #expect(text.contains(#"alternativeKeys gives "x" for both "a" and "b"; a key can stand for one only."#), "\(text)")
        #expect(text.contains(#"alternativeKeys names "s.c", which is not a plain key of apiToLocal"#), "\(text)")
    }

    @Test("the JSON Schema lists alternatives beside their key, and a required key as any of them")
    func schema() throws {
        let schema = try #require(try RenamedTicker.jsonSchema().object?["$defs"]?.object?["RenamedTicker"])
        let properties = try #require(schema.object?["properties"]?.object)
        #expect(properties.keys.sorted() == ["id", "p", "price", "v", "vol", "volume"])
        #expect(properties["price"] == properties["p"])
        #expect(schema.object?["allOf"] == [["anyOf": [["required": ["p"]], ["required": ["price"]]]]])
        #expect(schema.object?["required"] == nil)
    }
}
