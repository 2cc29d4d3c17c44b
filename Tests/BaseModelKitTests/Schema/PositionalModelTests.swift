import BaseModelKit
import Foundation
import Testing

/// A price level as exchanges send it: `[price, size]`.
final class LadderLevel: BaseModel {
    var price = 0.0
    var size = 0.0
    override class var apiToLocal: [String: String] { ["0": "price", "1": "size"] }
    override class var isPositional: Bool { true }
    override class var removalMarkers: [String: JSON] { ["1": 0] }
}

/// A level with its depth first and a decimal price as a string: `[level, "price", size]`.
final class DepthLevel: BaseModel {
    var level = 0
    var price: Decimal = 0
    var size: Decimal?
    override class var apiToLocal: [String: String] { ["0": "level", "1": "price", "2": "size"] }
    override class var isPositional: Bool { true }
    override class var removalMarkers: [String: JSON] { ["2": 0] }
}

/// A level whose size is a `Float`, removed at a size of 0.1: two numbers whose nearest `Double`s
/// differ may be one `Float`.
final class FloatSizeLevel: BaseModel {
    var price = 0.0
    var size: Float = 0
    override class var apiToLocal: [String: String] { ["0": "price", "1": "size"] }
    override class var isPositional: Bool { true }
    override class var removalMarkers: [String: JSON] { ["1": 0.1] }
}

/// A level removed at a `Double` size of 1 and a decimal-string size of `"1.0"`:
/// `1.00000000000000001` is the `Double` 1, and not the `Decimal` 1.
final class UnitSizeLevel: BaseModel {
    var price = 0.0
    var size = 0.0
    var exact: Decimal = 0
    override class var apiToLocal: [String: String] { ["0": "price", "1": "size", "2": "exact"] }
    override class var transformers: [String: JSONTransformer] { ["exact": .decimalString] }
    override class var isPositional: Bool { true }
    override class var removalMarkers: [String: JSON] { ["1": 1, "2": "1.0"] }
}

final class UnitSizeLadder: BaseModel {
    var levels: [UnitSizeLevel] = []
    override class var apiToLocal: [String: String] { ["l": "levels"] }
    override class var identities: [String: String] { ["levels": "price"] }
    override class var partialCollections: Set<String> { ["levels"] }
}

final class FloatSizeLadder: BaseModel {
    var levels: [FloatSizeLevel] = []
    override class var apiToLocal: [String: String] { ["l": "levels"] }
    override class var identities: [String: String] { ["levels": "price"] }
    override class var partialCollections: Set<String> { ["levels"] }
}

/// A position with a nested object and a gap: `[id, null, {"t": tag}]`.
final class GappedRow: BaseModel {
    var rowId = ""
    var tag: String?
    override class var apiToLocal: [String: String] { ["0": "rowId", "2.t": "tag"] }
    override class var isPositional: Bool { true }
}

/// A runner's ladders: available to back and to lay, merged by price.
final class LadderRunner: BaseModel {
    var runnerId = 0
    var back: [LadderLevel] = []
    var lay: [LadderLevel] = []
    var depth: [DepthLevel] = []
    var best: LadderLevel?
    override class var apiToLocal: [String: String] { ["id": "runnerId", "atb": "back", "atl": "lay", "d": "depth", "b": "best"] }
    override class var identities: [String: String] { ["back": "price", "lay": "price", "depth": "level"] }
    override class var partialCollections: Set<String> { ["back", "depth"] }
}

final class PositionalWithWord: BaseModel {
    var price = 0.0
    override class var apiToLocal: [String: String] { ["0": "price", "p": "price2"] }
    var price2 = 0.0
    override class var isPositional: Bool { true }
    override class var keepsUnknownKeys: Bool { true }
}

final class PositionalWithHook: BaseModel {
    var price = 0.0
    override class var apiToLocal: [String: String] { ["0": "price"] }
    override class var isPositional: Bool { true }
    override func deserialize(_ object: JSONObject) throws { try super.deserialize(object) }
}

@Suite struct PositionalModelTests {
    @Test func decodesAndEncodesAnArray() throws {
        let level = try LadderLevel.decode(from: "[1.01,200]")
        #expect(level.price == 1.01)
        #expect(level.size == 200)
        #expect(try level.jsonString() == "[1.01,200]")
        // Elements past the mapped positions are skipped; a short array leaves the rest as it is.
        let long = try LadderLevel.decode(from: "[2.5,3,\"extra\",[1]]")
        #expect(long.price == 2.5 && long.size == 3)
        let short = try LadderLevel.decode(from: "[4]")
        #expect(short.price == 4 && short.size == 0)
        // The tree form is keyed by positions.
        let tree = try LadderLevel.decode(from: JSONObject([("0", 1.5), ("1", 7)]))
        #expect(tree.price == 1.5 && tree.size == 7)
        #expect((try level.dictionary()["1"] as? NSNumber)?.doubleValue == 200)
    }

    @Test func writesGapsAsNullAndNestedPositions() throws {
        let row = try GappedRow.decode(from: #"["r1",99,{"t":"x","u":1}]"#)
        #expect(row.rowId == "r1" && row.tag == "x")
        #expect(try row.jsonString() == #"["r1",null,{"t":"x"}]"#)
        row.tag = nil
        #expect(try row.jsonString() == #"["r1",null,null]"#)
        var options = EncodingOptions()
        options.formatting = [.sortedKeys]
        #expect(try GappedRow.decode(from: #"["r2"]"#).jsonString(options: options) == #"["r2",null,null]"#)
    }

    @Test func errorsNamePositions() throws {
        let error = try #require(throws: MappingError.self) { try LadderRunner.decode(from: #"{"id":1,"atb":[[1.5,2],[2.0,"x"]]}"#) }
        #expect(error.path.description == "atb[1][1]")
        #expect(error.description.contains("LadderLevel.size"))
        let object = try #require(throws: MappingError.self) { try LadderRunner.decode(from: #"{"id":1,"atb":[{"p":1}]}"#) }
        #expect(object.path.description == "atb[0]")
        #expect(object.description.contains("an array"))
    }

    @Test func arraysOfLevelsRoundTrip() throws {
        let json = #"{"id":7,"atb":[[1.5,10],[1.6,20]],"atl":[[1.7,5]],"d":[[0,"0.0024","10.5"],[1,"0.0025",null]],"b":[1.5,10]}"#
        let runner = try LadderRunner.decode(from: json)
        #expect(runner.back.map(\.price) == [1.5, 1.6])
        #expect(runner.depth.map(\.price) == [Decimal(string: "0.0024")!, Decimal(string: "0.0025")!])
        #expect(runner.depth[1].size == nil)
        #expect(runner.best?.size == 10)
        let again = try LadderRunner.decode(from: try runner.jsonData())
        #expect(try again.jsonString() == (try runner.jsonString()))
        #expect(try runner.copy().back.map(\.size) == [10, 20])
        // Through Codable as well.
        let coded = try JSONDecoder().decode(LadderLevel.self, from: try JSONEncoder().encode(runner.back[1]))
        #expect(coded.price == 1.6 && coded.size == 20)
    }

    @Test func schemaRefusesWhatAnArrayCannotHave() throws {
        let words = try #require(throws: SchemaError.self) { try PositionalWithWord.validateMappings() }
        #expect(words.problems.contains { $0.contains("\"p\", which is not an array position") })
        #expect(words.problems.contains { $0.contains("keepsUnknownKeys") })
        let hook = try #require(throws: SchemaError.self) { try PositionalWithHook.validateMappings() }
        #expect(hook.problems.contains { $0.contains("deserialize(_:)") })
    }
}

@Suite struct PositionalLadderUpdateTests {
    private func runner() throws -> LadderRunner {
        try LadderRunner.decode(from: #"{"id":7,"atb":[[1.5,10],[1.6,20],[1.7,30]],"atl":[[2.0,5]],"d":[[0,"0.0024","10"],[1,"0.0025","4"]]}"#)
    }

    @Test func aLadderDeltaMergesByPriceAndSizeZeroRemoves() throws {
        let model = try runner()
        let kept = model.back[0]
        let changes = try model.update(from: #"{"atb":[[1.6,0],[1.5,12],[1.8,1]]}"#)
        #expect(model.back.map(\.price) == [1.5, 1.7, 1.8])
        #expect(model.back.map(\.size) == [12, 30, 1])
        #expect(model.back[0] === kept)
        #expect(changes.map(\.path.description) == ["atb[1][1]", "atb[1]", "atb[2]"])
        #expect(changes[0].property == "size" && changes[0].oldValue == 10 && changes[0].newValue == 12)
        #expect(changes[1].oldValue == [1.6, 20] && changes[1].newValue == .null)
        #expect(changes[2].newValue == [1.8, 1])
        // A removal of a price not held changes nothing.
        #expect(try model.update(from: #"{"atb":[[9.9,0]]}"#).isEmpty)
        // A level the merge would leave at size 0 is not kept: `[2.0]` adds nothing.
        #expect(try model.update(from: #"{"atb":[[2.0]]}"#).isEmpty)
        #expect(model.back.map(\.price) == [1.5, 1.7, 1.8])
    }

    @Test func aLevelLeftAtSizeZeroIsRemovedByTheNextMergeThatListsIt() throws {
        let model = try LadderRunner.decode(from: #"{"id":1,"d":[[0,"1.0","0"],[1,"1.1","2"]]}"#)
        // A decode keeps what the document holds.
        #expect(model.depth.map(\.level) == [0, 1])
        let changes = try updateReplayingPatches(model, with: #"{"d":[[0,"1.05"]]}"#)
        #expect(model.depth.map(\.level) == [1])
        #expect(changes.map(\.path.description) == ["d[0][1]", "d[0]"])
    }

    @Test func aLevelHeldTwiceIsRemovedOnceAndThePatchBodySaysSo() throws {
        // A decode keeps a price listed twice; a removal takes the first level of that price, and
        // both PATCH bodies, the update's and a snapshot's, though a level of that price stays, list
        // the removal too.
        let model = try LadderRunner.decode(from: #"{"id":1,"atb":[[1.6,10],[1.6,20]]}"#)
        let changes = try updateReplayingPatches(model, with: #"{"atb":[[1.6,0],[1.7,5]]}"#)
        #expect(model.back.map(\.size) == [20, 5])
        #expect(changes.map(\.path.description) == ["atb[0]", "atb[1]"])
    }

    @Test func decimalStringsCompareByValue() throws {
        let model = try runner()
        try model.update(from: #"{"d":[[1,"0.0025","0.00000000"],[0,"0.0024","11.50"],[2,"0.0026","3"]]}"#)
        #expect(model.depth.map(\.level) == [0, 2])
        #expect(model.depth[0].size == Decimal(string: "11.5"))
        // Strict coercion reads strings for a `Decimal` only through a transformer; a number 0 still removes.
        try model.update(from: #"{"d":[[2,0.0026,0]]}"#)
        #expect(model.depth.map(\.level) == [0])
    }

    /// A marker compares as its member reads: a `Double` size by value, a `Float` one as the `Float`
    /// it reads (0.10000000149011612 is `Float(0.1)`, the marker).
    @Test func markersCompareAsTheirMembersRead() throws {
        let model = try runner()
        try model.update(from: #"{"atb":[[1.5,0.10000000149011612],[1.6,0.0000001]]}"#)
        #expect(model.back.map(\.size) == [0.10000000149011612, 0.0000001, 30])
        let ladder = try FloatSizeLadder.decode(from: #"{"l":[[1.5,2],[1.6,3]]}"#)
        try ladder.update(from: #"{"l":[[1.6,4]]}"#)
        try ladder.update(from: #"{"l":[[1.5,0.10000000149011612],[1.6,0.25],[1.7,0.1]]}"#)
        #expect(ladder.levels.map(\.price) == [1.6])
        #expect(ladder.levels.map(\.size) == [0.25])
    }

    /// A `Double` marker compares as the `Double` a size reads, a `Decimal` one by its exact value.
    @Test func doubleAndDecimalMarkersCompareAsTheirMembersRead() throws {
        let ladder = try UnitSizeLadder.decode(from: #"{"l":[[1.5,2,"2"],[1.6,3,"3"],[1.7,4,"4"]]}"#)
        try ladder.update(from: #"{"l":[[1.5,1.00000000000000001,"1"],[1.6,1,"1.00000000000000001"],[1.7,"1.00000000000000001","1.000"]]}"#)
        #expect(ladder.levels.map(\.price) == [1.6])
        #expect(ladder.levels.map(\.exact) == [Decimal(string: "1.00000000000000001")])
    }

    @Test func errorsInADeltaNameTheWirePathAndChangeNothing() throws {
        let model = try runner()
        let before = try model.jsonString()
        let error = try #require(throws: MappingError.self) { try model.update(from: #"{"atb":[[1.5,1],[1.6,"x"]]}"#) }
        #expect(error.path.description == "atb[1][1]")
        #expect(try model.jsonString() == before)
        let shape = try #require(throws: MappingError.self) { try model.update(from: #"{"atb":[{"0":1.5}]}"#) }
        #expect(shape.path.description.hasPrefix("atb[0]"))
        #expect(try model.jsonString() == before)
    }

    @Test func patchBodiesReproduceTheLadder() throws {
        let model = try runner()
        let changes = try updateReplayingPatches(model, with: #"{"atb":[[1.7,0],[1.5,11],[1.9,2]],"atl":[[2.0,6],[2.2,1]],"d":[[0,"0.0024","0"]]}"#)
        let text = String(decoding: try changes.jsonData(), as: UTF8.self)
        #expect(text.contains("[1.7,0]"))
        #expect(text.contains("[1.5,11]"))
    }

    /// Random ladder deltas against a model and a plain dictionary of price → size: after each,
    /// the ladder holds the dictionary's levels in the order they arrived, and the update's PATCH
    /// body applied to a replica of the state before makes the same state.
    @Test func randomDeltasMatchAPlainLadder() throws {
        var random = SeededGenerator(seed: 0x1ADDE4)
        let model = try LadderRunner.decode(from: #"{"id":1,"atb":[]}"#)
        var expected: [(price: Double, size: Double)] = []
        for round in 0..<300 {
            var listed: [(Double, Double)] = []
            for _ in 0..<Int.random(in: 0..<6, using: &random) {
                let price = 1.0 + Double(Int.random(in: 0..<40, using: &random)) / 100
                let size = Int.random(in: 0..<3, using: &random) == 0 ? 0 : Double(Int.random(in: 1..<500, using: &random))
                // A price listed once per delta, as feeds do.
                if !listed.contains(where: { $0.0 == price }) { listed.append((price, size)) }
            }
            let body = "{\"atb\":[" + listed.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]}"
            let before = try model.jsonData()
            let changes = try model.update(from: body)
            for (price, size) in listed {
                if let at = expected.firstIndex(where: { $0.price == price }) {
                    if size == 0 { expected.remove(at: at) } else { expected[at].size = size }
                } else if size != 0 {
                    expected.append((price, size))
                }
            }
            #expect(model.back.map(\.price) == expected.map(\.price), "round \(round): \(body)")
            #expect(model.back.map(\.size) == expected.map(\.size), "round \(round): \(body)")
            let replica = try LadderRunner.decode(from: before)
            try replica.update(from: try changes.jsonData())
            #expect(try replica.jsonString() == (try model.jsonString()), "round \(round): \(body)")
        }
    }
}

/// A book written as an array, `[id, [[price, size], …], [[price, size], …]]`: its ladders are partial
/// collections merged by price, its asks a whole list merged by price.
final class PositionalBook: BaseModel {
    var bookId = 0
    var bids: [LadderLevel] = []
    var asks: [LadderLevel] = []
    override class var apiToLocal: [String: String] { ["0": "bookId", "1": "bids", "2": "asks"] }
    override class var isPositional: Bool { true }
    override class var identities: [String: String] { ["bids": "price", "asks": "price"] }
    override class var partialCollections: Set<String> { ["bids"] }
}

/// The same book as an object.
final class KeyedBook: BaseModel {
    var bookId = 0
    var bids: [LadderLevel] = []
    var asks: [LadderLevel] = []
    override class var apiToLocal: [String: String] { ["i": "bookId", "b": "bids", "a": "asks"] }
    override class var identities: [String: String] { ["bids": "price", "asks": "price"] }
    override class var partialCollections: Set<String> { ["bids"] }
}

@Suite struct PositionalCollectionTests {
    /// The levels of `ladder` as `[[price, size], …]` text.
    private func text(_ ladder: [LadderLevel]) -> String {
        "[" + ladder.map { "[\($0.price),\($0.size)]" }.joined(separator: ",") + "]"
    }

    @Test("a positional model's collections merge as an object's do, with and without change sets: the same objects kept, the same levels, the same changes")
    func collectionsInPositions() throws {
        var random = SeededGenerator(seed: 0xB00C)
        let quiet = try PositionalBook.decode(from: "[7,[],[]]")
        let recorded = try PositionalBook.decode(from: "[7,[],[]]")
        let keyed = try KeyedBook.decode(from: #"{"i":7,"b":[],"a":[]}"#)
        var options = DecodingOptions()
        options.recordsChanges = false
        for round in 0..<300 {
            func levels(_ count: Int) -> [(Double, Int)] {
                var listed: [(Double, Int)] = []
                for _ in 0..<count {
                    let price = 1.0 + Double(Int.random(in: 0..<20, using: &random)) / 100
                    if !listed.contains(where: { $0.0 == price }) { listed.append((price, Int.random(in: 0..<3, using: &random) == 0 ? 0 : Int.random(in: 1..<99, using: &random))) }
                }
                return listed
            }
            let bids = "[" + levels(Int.random(in: 0..<5, using: &random)).map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]"
            let asks = "[" + levels(Int.random(in: 0..<5, using: &random)).filter { $0.1 != 0 }.map { "[\($0.0),\($0.1)]" }.joined(separator: ",") + "]"
            let sendsAsks = Bool.random(using: &random)
            let positional = sendsAsks ? "[7,\(bids),\(asks)]" : "[7,\(bids)]"
            let object = sendsAsks ? #"{"i":7,"b":\#(bids),"a":\#(asks)}"# : #"{"i":7,"b":\#(bids)}"#
            let kept = [quiet.bids, quiet.asks].map { side in Dictionary(uniqueKeysWithValues: side.map { ($0.price, ObjectIdentifier($0)) }) }
            // Now and then with change sets: the two ways share what they keep of the collection.
            try quiet.update(from: positional, options: round % 3 == 2 ? DecodingOptions() : options)
            let changes = try recorded.update(from: positional)
            let keyedChanges = try keyed.update(from: object)
            #expect(text(quiet.bids) == text(keyed.bids) && text(quiet.asks) == text(keyed.asks), "round \(round): \(positional)")
            #expect(text(recorded.bids) == text(keyed.bids) && text(recorded.asks) == text(keyed.asks), "round \(round): \(positional)")
            #expect(changes.map(\.newValue) == keyedChanges.map(\.newValue), "round \(round): \(positional)")
            // A level still listed at its price is the object that was there.
            for (side, levels) in [quiet.bids, quiet.asks].enumerated() {
                for level in levels where kept[side][level.price] != nil {
                    #expect(ObjectIdentifier(level) == kept[side][level.price], "round \(round): \(positional)")
                }
            }
        }
    }
}

final class RequiredLevel: BaseModel {
    var price = 0.0
    var size = 0.0
    override class var apiToLocal: [String: String] { ["0": "price", "1": "size"] }
    override class var isPositional: Bool { true }
    override class var requiredKeys: Set<String> { ["1"] }
    override class var fixedKeys: Set<String> { ["0"] }
}

@Suite struct PositionalRulesTests {
    @Test func requiredAndFixedPositions() throws {
        let error = try #require(throws: MappingError.self) { try RequiredLevel.decode(from: "[1.5]") }
        #expect(error.description.contains("Missing key \"1\""))
        let level = try RequiredLevel.decode(from: "[1.5,2]")
        #expect(throws: MappingError.self) { try level.update(from: "[1.6,3]") }
        try level.update(from: "[1.5,3]")
        #expect(level.size == 3)
        var options = DecodingOptions()
        options.missingKeys = .errorForNonOptional
        #expect(throws: MappingError.self) { try LadderLevel.decode(from: "[1.5]", options: options) }
    }

    @Test func jsonSchemaDescribesTheArray() throws {
        let schema = try RequiredLevel.jsonSchema()
        let text = try schema.serializedString(formatting: [.sortedKeys])
        let definition = try #require(schema["$defs"]?["RequiredLevel"])
        #expect(definition["prefixItems"]?.array?.count == 2)
        #expect(definition["prefixItems"]?[1]?["type"] == "number")
        #expect(text.contains(#""minItems":2"#))
        #expect(text.contains(#""type":"array""#))
    }
}

final class BestLevels: BaseModel {
    var best: LadderLevel?
    var levels: [LadderLevel] = []
    override class var apiToLocal: [String: String] { ["b": "best", "l": "levels"] }
}

/// `text` as a stream of one-byte chunks.
private func chunks(_ text: String) -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
        for byte in text.utf8 { continuation.yield([byte]) }
        continuation.finish()
    }
}

@Suite struct PositionalEntryPointTests {
    @Test func arraysStreamsAndLinesOfPositionalModels() async throws {
        let levels = try LadderLevel.decodeArray(from: "[[1.5,2],[1.6,3]]")
        #expect(levels.map(\.price) == [1.5, 1.6])
        var streamed: [Double] = []
        for try await level in LadderLevel.decodeElements(from: chunks("[[1.5,2],[1.6,3]]")) {
            streamed.append(level.size)
        }
        #expect(streamed == [2, 3])
        var lines: [Double] = []
        for try await level in LadderLevel.decodeLines(from: chunks("[1.5,2]\n[1.7,4]\n")) {
            lines.append(level.price)
        }
        #expect(lines == [1.5, 1.7])
    }

    @Test func patchBodiesSendAPositionalModelWhole() throws {
        let holder = try BestLevels.decode(from: #"{"b":[1.5,2],"l":[[1,1]]}"#)
        let changes = try updateReplayingPatches(holder, with: #"{"b":[1.5,3]}"#)
        #expect(String(decoding: try changes.jsonData(), as: UTF8.self) == #"{"b":[1.5,3]}"#)
        let level = try LadderLevel.decode(from: "[1.5,2]")
        let own = try updateReplayingPatches(level, with: "[1.5,4]")
        #expect(String(decoding: try own.jsonData(), as: UTF8.self) == "[1.5,4]")
    }
}
