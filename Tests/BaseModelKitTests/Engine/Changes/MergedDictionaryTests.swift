import BaseModelKit
import Foundation
import Testing

/// Ladders as dictionaries of values: price text → size, price → size, and an optional of names.
final class ValueLadder: BaseModel {
    var back: [String: Double] = [:]
    var lay: [Double: Decimal] = [:]
    var names: [Int: String]?
    var replaced: [String: Int] = [:]
    var nested: MergedInner?
    override class var apiToLocal: [String: String] { ["atb": "back", "atl": "lay", "nm": "names", "r": "replaced", "in": "nested"] }
    override class var mergedDictionaries: Set<String> { ["back", "lay", "names"] }
    override class var replacedOnUpdate: Set<String> { ["nested"] }
}

final class MergedInner: BaseModel {
    var sizes: [String: Int] = [:]
    override class var apiToLocal: [String: String] { ["s": "sizes"] }
    override class var mergedDictionaries: Set<String> { ["sizes"] }
}

/// A runner whose ladder is a merged dictionary, sent now and then as a full image.
final class ImagedRunner: BaseModel {
    var runnerId = 0
    var ladder: [String: Int] = [:]
    override class var apiToLocal: [String: String] { ["id": "runnerId", "l": "ladder"] }
    override class var mergedDictionaries: Set<String> { ["ladder"] }
    override class var replacementMarkers: [String: JSON] { ["img": true] }
}

final class ImagedRunners: BaseModel {
    var runners: [ImagedRunner] = []
    override class var apiToLocal: [String: String] { ["rc": "runners"] }
    override class var identities: [String: String] { ["runners": "runnerId"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

final class MergedMistakes: BaseModel {
    var list: [Double] = []
    var models: [Int: MergedInner] = [:]
    override class var apiToLocal: [String: String] { ["l": "list", "m": "models"] }
    override class var mergedDictionaries: Set<String> { ["list", "models", "missing"] }
}

@Suite struct MergedDictionaryTests {
    @Test func keysMergeAndNullRemoves() throws {
        let ladder = try ValueLadder.decode(from: #"{"atb":{"1.5":10,"1.6":20},"atl":{"2.5":"1.5"},"nm":{"1":"a"},"r":{"x":1,"y":2}}"#)
        let changes = try ladder.update(from: #"{"atb":{"1.6":null,"1.5":12,"1.7":3},"atl":{"2.6":2},"nm":{"2":"b"},"r":{"y":3}}"#)
        #expect(ladder.back == ["1.5": 12, "1.7": 3])
        #expect(ladder.lay == [2.5: Decimal(string: "1.5")!, 2.6: 2])
        #expect(ladder.names == [1: "a", 2: "b"])
        // Not named in mergedDictionaries: replaced.
        #expect(ladder.replaced == ["y": 3])
        #expect(changes.map(\.description) == [
            #"back at atb["1.5"]: 10 → 12"#, #"back at atb["1.6"]: 20 → null"#, #"back at atb["1.7"]: null → 3"#,
            #"lay at atl["2.6"]: null → 2"#, #"names at nm["2"]: null → "b""#, #"replaced at r: {"x":1,"y":2} → {"y":3}"#,
        ])
        // Two spellings of one key: the last value, and one change from the value before.
        let twice = try ladder.update(from: #"{"atl":{"2.6":3,"2.60":4}}"#)
        #expect(ladder.lay[2.6] == 4 && twice.map(\.description) == [#"lay at atl["2.6"]: 2 → 4"#])
        // A key unequal to itself could never be found again: refused at its key.
        let nan = try #require(throws: MappingError.self) { try ladder.update(from: #"{"atl":{"nan":1}}"#) }
        #expect("\(nan)".contains("atl[\"nan\"]") && ladder.lay[2.6] == 4 && ladder.lay.count == 2)
        // A decode reads anew.
        #expect(try ValueLadder.decode(from: #"{"atb":{"9":1}}"#).back == ["9": 1])
    }

    @Test func badInputNamesTheKeyAndChangesNothing() throws {
        let ladder = try ValueLadder.decode(from: #"{"atb":{"1.5":10},"atl":{"2.5":1}}"#)
        let before = try ladder.jsonString()
        let value = try #require(throws: MappingError.self) { try ladder.update(from: #"{"atb":{"1.6":1,"1.7":"x"}}"#) }
        #expect(value.path.description == #"atb["1.7"]"#)
        let key = try #require(throws: MappingError.self) { try ladder.update(from: #"{"atl":{"two":1}}"#) }
        #expect(key.path.description == #"atl["two"]"#)
        let repeated = try #require(throws: MappingError.self) { try ladder.update(from: #"{"atb":{"1.5":1,"1.5":null}}"#) }
        guard case .repeatedKey = repeated.reason else { Issue.record("expected a repeated key: \(repeated)"); return }
        let shape = try #require(throws: MappingError.self) { try ladder.update(from: #"{"atl":[1]}"#) }
        #expect(shape.description == "Expected [Double: Decimal] at atl (ValueLadder.lay) but found an array.")
        #expect(try ladder.jsonString() == before)
        // `null` for an optional dictionary is `nil`, a change of the whole value.
        let changes = try ladder.update(from: #"{"nm":{"3":"c"}}"#)
        #expect(changes.map(\.description) == [#"names at nm: null → {"3":"c"}"#])
    }

    @Test("a failed update leaves an optional merged dictionary as it was, edits made in it before the failure undone")
    func failedUpdateOfAnOptionalDictionary() throws {
        let ladder = try ValueLadder.decode(from: #"{"nm":{"1":"a","2":"b"},"atl":{"2.5":1}}"#)
        let before = try ladder.jsonString()
        for message in [#"{"nm":{"1":"z","2":null,"3":"c","x":"d"}}"#, #"{"nm":{"1":"z","2":null,"3":"c"},"atl":{"two":1}}"#] {
            #expect(throws: MappingError.self, "\(message)") { try ladder.update(from: message) }
            #expect(ladder.names == [1: "a", 2: "b"], "\(message)")
            #expect(try ladder.jsonString() == before, "\(message)")
        }
        let changes = try ladder.update(from: #"{"nm":{"1":"z","2":null}}"#)
        #expect(ladder.names == [1: "z"])
        #expect(changes.map(\.description) == [#"names at nm["1"]: "a" → "z""#, #"names at nm["2"]: "b" → null"#])
    }

    @Test func patchBodiesReproduceTheMerge() throws {
        let ladder = try ValueLadder.decode(from: #"{"atb":{"1.5":10,"1.6":20},"in":{"s":{"a":1,"b":2}}}"#)
        let messages = [
            #"{"atb":{"1.6":null,"1.5":11},"nm":{"1":"x"}}"#,
            #"{"in":{"s":{"c":3}},"atl":{"1":1}}"#,
            #"{"atb":{"2.0":null,"1.5":null},"nm":null}"#,
        ]
        for message in messages {
            try updateReplayingPatches(ladder, with: message)
        }
    }

    @Test func anImageOverAMergedDictionaryLeavesNoKeyBehind() throws {
        let runners = try ImagedRunners.decode(from: #"{"rc":[{"id":1,"l":{"a":1,"b":2}},{"id":2}]}"#)
        let before = try runners.jsonData()
        let changes = try runners.update(from: #"{"rc":[{"id":1,"img":true,"l":{"c":3}}]}"#)
        #expect(runners.runners[0].ladder == ["c": 3])
        let body = try changes.jsonData()
        #expect(String(decoding: body, as: UTF8.self) == #"{"rc":[{"id":1,"l":{"a":null,"b":null,"c":3}}]}"#)
        let replica = try ImagedRunners.decode(from: before)
        try replica.update(from: body)
        #expect(try replica.jsonString() == (try runners.jsonString()))
    }

    @Test func schemaNamesWhatCannotMerge() throws {
        let error = try #require(throws: SchemaError.self) { try MergedMistakes.validateMappings() }
        #expect(error.problems.contains { $0.contains("`list`, whose type `Array<Double>` is not a dictionary") })
        #expect(error.problems.contains { $0.contains("`models`, a dictionary of models") })
        #expect(error.problems.contains { $0.contains("`missing`, which apiToLocal does not map") })
    }

    /// Random deltas against a plain dictionary; each update's PATCH body replays it on a replica.
    @Test func randomDeltasMatchAPlainDictionary() throws {
        var random = SeededGenerator(seed: 0xD1C7)
        let ladder = try ValueLadder.decode(from: "{}")
        var expected: [String: Double] = [:]
        for round in 0..<300 {
            var listed: [String: Double?] = [:]
            for _ in 0..<Int.random(in: 0..<5, using: &random) {
                let key = "1.\(Int.random(in: 0..<30, using: &random))"
                listed[key] = Int.random(in: 0..<3, using: &random) == 0 ? nil : Double(Int.random(in: 0..<100, using: &random))
            }
            let body = "{\"atb\":{" + listed.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value.map { "\($0)" } ?? "null")" }.joined(separator: ",") + "}}"
            let before = try ladder.jsonData()
            let changes = try ladder.update(from: body)
            for (key, value) in listed { expected[key] = value }
            #expect(ladder.back == expected, "round \(round): \(body)")
            let replica = try ValueLadder.decode(from: before)
            try replica.update(from: try changes.jsonData())
            #expect(replica.back == expected, "round \(round): \(body)")
        }
    }
}
