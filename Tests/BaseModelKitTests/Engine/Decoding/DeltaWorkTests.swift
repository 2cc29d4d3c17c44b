// `@testable`: the bounds read how many elements identity indexes were made from, which no public
// API shows.
@testable import BaseModelKit
import Foundation
import Testing

private final class WorkRunner: BaseModel {
    var runnerId = 0
    var price = 0
    override class var apiToLocal: [String: String] { ["id": "runnerId", "p": "price"] }
}

/// A market of runners in a partial collection, keeping the members its map does not name: the
/// unknown members and the identity index share the model's extras.
private final class WorkMarket: BaseModel {
    var marketId = 0
    var runners: [WorkRunner] = []
    override class var apiToLocal: [String: String] { ["id": "marketId", "r": "runners"] }
    override class var identities: [String: String] { ["runners": "runnerId"] }
    override class var partialCollections: Set<String> { ["runners"] }
    override class var keepsUnknownKeys: Bool { true }
}

/// Runners in an optional partial collection.
private final class OptionalWorkMarket: BaseModel {
    var runners: [WorkRunner]?
    override class var apiToLocal: [String: String] { ["r": "runners"] }
    override class var identities: [String: String] { ["runners": "runnerId"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

/// Runners by name in an optional dictionary of models.
private final class OptionalRunnerBook: BaseModel {
    var runners: [String: WorkRunner]?
    override class var apiToLocal: [String: String] { ["r": "runners"] }
}

/// A market written as an array, `[id, [runner, …], {name: runner, …}]`.
private final class PositionalWorkMarket: BaseModel {
    var marketId = 0
    var runners: [WorkRunner] = []
    var byName: [String: WorkRunner] = [:]
    override class var apiToLocal: [String: String] { ["0": "marketId", "1": "runners", "2": "byName"] }
    override class var isPositional: Bool { true }
    override class var identities: [String: String] { ["runners": "runnerId"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

/// A size whose encodings are counted: a change set that compared a whole dictionary of them would
/// write every one.
private struct CountedSize: Codable, Equatable {
    static let encodings = AtomicWord.make(0)
    var s: Int

    func encode(to encoder: any Encoder) throws {
        _ = Self.encodings.add(1)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(s, forKey: .s)
    }
}

/// A book side as a dictionary of values merged by key.
private final class CountedBook: BaseModel {
    var sizes: [String: CountedSize] = [:]
    override class var apiToLocal: [String: String] { ["b": "sizes"] }
    override class var mergedDictionaries: Set<String> { ["sizes"] }
}

/// Markets by identity, whole lists merged by identity: reached by identity paths.
private final class WorkCache: BaseModel {
    var markets: [WorkMarket] = []
    override class var apiToLocal: [String: String] { ["m": "markets"] }
    override class var identities: [String: String] { ["markets": "marketId"] }
}

@Suite("Deltas: work in proportion to what they list")
struct DeltaWorkTests {
    private func market(runners: Int) throws -> WorkMarket {
        try WorkMarket.decode(from: #"{"id":1,"r":[\#((0..<runners).map { #"{"id":\#($0),"p":\#($0)}"# }.joined(separator: ","))]}"#)
    }

    @Test("deltas into a partial collection index it once, whatever its length, with change sets or without, among changes of kept members")
    func partialCollectionIndexedOnce() throws {
        var generator = SeededGenerator(seed: 45)
        for count in [1_000, 50_000] {
            let market = try market(runners: count)
            var added = 0
            let indexed = try IndexingWork.counting {
                for turn in 0..<200 {
                    // Three listed runners: two there (one of them at random, never the other), one
                    // new; every tenth delta also changes a member the map does not name.
                    let there = Int.random(in: 4..<count, using: &generator)
                    let kept = turn % 10 == 0 ? #","note":"turn \#(turn)""# : ""
                    let body = #"{"r":[{"id":\#(there),"p":\#(turn)},{"id":\#(count + added),"p":1},{"id":3,"p":\#(turn)}]\#(kept)}"#
                    added += 1
                    if turn.isMultiple(of: 2) {
                        _ = try market.update(from: body)
                    } else {
                        var quiet = DecodingOptions()
                        quiet.recordsChanges = false
                        _ = try market.update(from: body, options: quiet)
                    }
                    #expect(market.runners[there].price == turn)
                }
            }
            // The first delta makes the index; the 199 others use it and keep it up to date.
            #expect(indexed == count, "\(count) runners: indexes made from \(indexed) elements in 200 deltas")
            #expect(market.runners.count == count + 200 && market.unknownKeys["note"] == "turn 190")
        }
    }

    @Test("deltas that remove elements keep the index: a partial collection is indexed once, whatever its length")
    func removalsKeepTheIndex() throws {
        var generator = SeededGenerator(seed: 47)
        for count in [1_000, 50_000] {
            let market = try market(runners: count)
            // What the runners' identities and prices must be, in order.
            var expected = (0..<count).map { (id: $0, price: $0) }
            var nextId = count
            let indexed = try IndexingWork.counting {
                for turn in 0..<200 {
                    // A merge, a removal (four every tenth delta), an addition, in random places.
                    var listed: [String] = []
                    var used: Set<Int> = []
                    func unused() -> Int {
                        while true {
                            let at = Int.random(in: 0..<expected.count, using: &generator)
                            if used.insert(expected[at].id).inserted { return at }
                        }
                    }
                    let merged = unused()
                    listed.append(#"{"id":\#(expected[merged].id),"p":\#(-turn)}"#)
                    expected[merged].price = -turn
                    let removals = (0..<(turn % 10 == 0 ? 4 : 1)).map { _ in expected[unused()].id }
                    listed += removals.map { #"{"id":\#($0),"$remove":true}"# }
                    expected.removeAll { removals.contains($0.id) }
                    listed.append(#"{"id":\#(nextId),"p":\#(turn)}"#)
                    expected.append((nextId, turn))
                    nextId += 1
                    listed.shuffle(using: &generator)
                    var options = DecodingOptions()
                    options.recordsChanges = turn.isMultiple(of: 2)
                    _ = try market.update(from: #"{"r":[\#(listed.joined(separator: ","))]}"#, options: options)
                }
            }
            // The first delta makes the index; the 199 others use it and keep it up to date.
            #expect(indexed == count, "\(count) runners: indexes made from \(indexed) elements in 200 deltas")
            #expect(market.runners.map(\.runnerId) == expected.map(\.id) && market.runners.map(\.price) == expected.map(\.price))
        }
    }

    @Test("updates through identity paths between deltas that add and remove elements: the array is indexed once, for both")
    func identityPathsBesidePartialDeltas() throws {
        var generator = SeededGenerator(seed: 48)
        let count = 5_000
        let market = try market(runners: count)
        var ids = Array(0..<count)
        var nextId = count
        let indexed = try IndexingWork.counting {
            for turn in 1...100 {
                // A delta that removes a runner and adds one, then an update of a runner through its
                // identity path, at random, and of the one just added.
                let gone = ids.remove(at: Int.random(in: 0..<ids.count, using: &generator))
                _ = try market.update(from: #"{"r":[{"id":\#(gone),"$remove":true},{"id":\#(nextId),"p":0}]}"#)
                ids.append(nextId)
                nextId += 1
                for id in [ids[Int.random(in: 0..<ids.count, using: &generator)], ids[ids.count - 1]] {
                    let changes = try market.update(from: #"{"p":\#(turn)}"#, at: IdentityPath("r", .number(JSONNumber(id))))
                    #expect(changes.map { "\($0.path)" } == ["r[\(ids.firstIndex(of: id)!)].p"])
                }
            }
        }
        // The first delta makes the index; the deltas keep it, and the identity paths use it.
        #expect(indexed == count, "indexes made from \(indexed) elements")
        #expect(market.runners.map(\.runnerId) == ids)
    }

    @Test("an optional partial collection takes deltas as the array does, indexed once; null and the first array are changes of the property")
    func optionalPartialCollection() throws {
        let count = 5_000
        let market = try OptionalWorkMarket.decode(from: "{}")
        let first = try market.update(from: #"{"r":[\#((0..<count).map { #"{"id":\#($0),"p":\#($0)}"# }.joined(separator: ","))]}"#)
        #expect(first.map { "\($0.path)" } == ["r"] && market.runners?.count == count)
        var ids = Array(0..<count)
        let indexed = try IndexingWork.counting {
            for turn in 1...50 {
                // A runner merged (one of the first 30, which no removal moves), one removed, one added.
                let gone = ids.remove(at: turn * 37)
                let changes = try market.update(from: #"{"r":[{"id":\#(turn % 30),"p":-\#(turn)},{"id":\#(gone),"$remove":true},{"id":\#(count + turn),"p":\#(turn)}]}"#)
                ids.append(count + turn)
                #expect(changes.map { "\($0.path)" } == ["r[0].p", "r[\(turn * 37)]", "r[\(count - 1)]"], "\(changes.map(\.description))")
                let found = try market.model(at: IdentityPath("r", .number(JSONNumber(count + turn))))
                #expect((found as? WorkRunner)?.price == turn)
            }
            // A failed delta changes nothing.
            #expect(throws: MappingError.self) { try market.update(from: #"{"r":[{"id":3,"$remove":true},{"id":9,"p":"x"}]}"#) }
        }
        #expect(indexed == count, "indexes made from \(indexed) elements")
        #expect(market.runners?.map(\.runnerId) == ids && market.runners?[11].price == -41)
        let cleared = try market.update(from: #"{"r":null}"#)
        #expect(cleared.map { "\($0.path)" } == ["r"] && market.runners == nil)
        #expect(try market.model(at: IdentityPath("r", 7)) == nil)
        _ = try market.update(from: #"{"r":[{"id":7,"p":1}]}"#)
        #expect(market.runners?.map(\.runnerId) == [7])
    }

    @Test("a dictionary of values merged by key is changed in place, and a change set compares only the keys listed, whatever its size")
    func mergedDictionaryInPlace() throws {
        for count in [100, 20_000] {
            let book = try CountedBook.decode(from: #"{"b":{\#((0..<count).map { #""\#($0)":{"s":\#($0)}"# }.joined(separator: ","))}}"#)
            book.sizes.reserveCapacity(count + 64)
            let storage = withUnsafeBytes(of: book.sizes) { $0.load(as: UInt.self) }
            let before = CountedSize.encodings.load()
            for turn in 0..<20 {
                // A size changed, one added, one removed; every other delta without a change set.
                let body = #"{"b":{"\#(turn)":{"s":-1},"\#(count + turn)":{"s":1},"\#(turn + 50)":null}}"#
                if turn.isMultiple(of: 2) {
                    let changes = try book.update(from: body)
                    // In the order of the keys' text, as a dictionary is written.
                    let keys = [turn, count + turn, turn + 50].map(String.init).sorted()
                    #expect(changes.map { "\($0.path)" } == keys.map { "b[\"\($0)\"]" }, "\(changes.map(\.description))")
                } else {
                    var quiet = DecodingOptions()
                    quiet.recordsChanges = false
                    _ = try book.update(from: body, options: quiet)
                }
            }
            // Each change set writes the old and new value of each key it lists, and nothing else.
            let encoded = CountedSize.encodings.load() - before
            #expect(encoded == 10 * 4, "\(count) entries: \(encoded) values written")
            #expect(withUnsafeBytes(of: book.sizes) { $0.load(as: UInt.self) } == storage, "\(count) entries: the storage was copied")
            #expect(book.sizes.count == count && book.sizes["19"] == CountedSize(s: -1) && book.sizes[String(count + 19)] == CountedSize(s: 1))
        }
    }

    @Test("an optional dictionary of models, and a positional model's collections, take deltas in place: no copy of the storage, the partial collection indexed once")
    func optionalAndPositionalInPlace() throws {
        var quiet = DecodingOptions()
        quiet.recordsChanges = false
        let count = 5_000
        let runners = (0..<count).map { #"{"id":\#($0),"p":\#($0)}"# }.joined(separator: ",")
        let named = (0..<count).map { #""n\#($0)":{"id":\#($0),"p":\#($0)}"# }.joined(separator: ",")
        let book = try OptionalRunnerBook.decode(from: #"{"r":{\#(named)}}"#)
        book.runners?.reserveCapacity(count + 64)
        let market = try PositionalWorkMarket.decode(from: #"[1,[\#(runners)],{\#(named)}]"#)
        market.byName.reserveCapacity(count + 64)
        let storages = (withUnsafeBytes(of: book.runners) { $0.load(as: UInt.self) }, withUnsafeBytes(of: market.byName) { $0.load(as: UInt.self) })
        let indexed = try IndexingWork.counting {
            for turn in 1...40 {
                // A runner merged, one added, one removed, every other delta without a change set.
                let entries = #"{"n\#(turn)":{"p":-\#(turn)},"m\#(turn)":{"id":\#(count + turn),"p":1},"n\#(turn + 100)":null}"#
                let options = turn.isMultiple(of: 2) ? DecodingOptions() : quiet
                let changes = try book.update(from: #"{"r":\#(entries)}"#, options: options)
                let marketChanges = try market.update(from: #"[1,[{"id":\#(turn),"p":-\#(turn)},{"id":\#(count + turn),"p":1},{"id":\#(turn + 100),"$remove":true}],\#(entries)]"#, options: options)
                if turn.isMultiple(of: 2) {
                    #expect(changes.count == 3 && marketChanges.count == 6, "\(changes.map(\.description)) \(marketChanges.map(\.description))")
                }
            }
        }
        #expect(indexed == count, "indexes made from \(indexed) elements")
        #expect(withUnsafeBytes(of: book.runners) { $0.load(as: UInt.self) } == storages.0, "the optional dictionary's storage was copied")
        #expect(withUnsafeBytes(of: market.byName) { $0.load(as: UInt.self) } == storages.1, "the positional model's dictionary's storage was copied")
        #expect(book.runners?.count == count && book.runners?["n7"]?.price == -7 && book.runners?["m7"]?.runnerId == count + 7 && book.runners?["n107"] == nil)
        #expect(market.runners.count == count && market.runners[7].price == -7 && market.runners.last?.runnerId == count + 40)
        #expect(market.byName.count == count && market.byName["n7"]?.price == -7)
    }

    @Test("an index that holds an identity once where the array holds it twice is not kept through a removal")
    func removalBesideARepeatedIdentity() throws {
        let market = try market(runners: 100)
        let twin = WorkRunner()
        twin.runnerId = 50
        twin.price = -50
        market.runners.append(twin)
        // Indexed here (at the first runner 50, the only one the index can hold), then removed.
        _ = try market.update(from: #"{"r":[{"id":7,"p":70},{"id":50,"$remove":true}]}"#)
        #expect(market.runners.count == 100 && market.runners.last === twin)
        // The other runner 50 is found and merged into, not taken for a new one.
        _ = try market.update(from: #"{"r":[{"id":50,"p":5}]}"#)
        #expect(market.runners.count == 100 && twin.price == 5)
    }

    @Test("a failing delta leaves a correct index behind: the next deltas find every runner")
    func failedDeltaThenDeltas() throws {
        let market = try market(runners: 5_000)
        _ = try market.update(from: #"{"r":[{"id":7,"p":1}]}"#)
        #expect(throws: MappingError.self) { try market.update(from: #"{"r":[{"id":4999,"p":9},{"id":6000,"p":1},{"id":12,"p":"x"}]}"#) }
        #expect(market.runners.count == 5_000 && market.runners[4999].price == 4999)
        let indexed = try IndexingWork.counting {
            for id in stride(from: 0, to: 5_000, by: 97) {
                _ = try market.update(from: #"{"r":[{"id":\#(id),"p":-1}]}"#)
                #expect(market.runners[id].price == -1)
            }
        }
        #expect(market.runners.count == 5_000)
        // The rolled-back array is another buffer than the one the index was kept for: made once more.
        #expect(indexed <= 5_000, "\(indexed)")
    }

    @Test("updates through identity paths index each array once, and a copy keeps no index of the original")
    func identityPathsIndexedOnce() throws {
        let markets = 2_000
        let cache = try WorkCache.decode(from: #"{"m":[\#((0..<markets).map { #"{"id":\#($0),"r":[{"id":1,"p":1}]}"# }.joined(separator: ","))]}"#)
        var generator = SeededGenerator(seed: 46)
        var touched: Set<Int> = []
        let indexed = try IndexingWork.counting {
            for turn in 0..<500 {
                let id = Int.random(in: 0..<markets, using: &generator)
                touched.insert(id)
                let changes = try cache.update(from: #"{"r":[{"id":1,"p":\#(turn + 2)}]}"#, at: IdentityPath("m", .number(JSONNumber(id))))
                #expect(changes.map { "\($0.path)" } == ["m[\(id)].r[0].p"])
                #expect(try cache.model(at: IdentityPath("m", .number(JSONNumber(id))).then("r", 1)) === cache.markets[id].runners[0])
            }
        }
        // The markets once, and the one-runner list of each market looked up in once.
        #expect(indexed == markets + touched.count, "\(indexed)")
        #expect(IdentityIndexes.holdsIndexes(cache))
        let copy = try cache.copy()
        #expect(!IdentityIndexes.holdsIndexes(copy))
        #expect(try copy.model(at: IdentityPath("m", 17)) === copy.markets[17])
    }
}
