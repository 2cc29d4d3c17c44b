import BaseModelKit
import Foundation
import Testing

/// The paths of an update's changes share their steps (a tree of the steps walked): random deltas
/// into a cache of markets, runners and price levels, each change checked against the delta and
/// the graph, and every change set checked again after the updates that came later.
@Suite("Change paths on random deltas")
struct ChangePathPropertyTests {
    private static let marketCount = 12
    private static let runnerCount = 6

    private static func image() -> String {
        let markets = (0..<marketCount).map { market in
            let runners = (0..<runnerCount).map { runner in #"{"id":\#(runner),"ltp":1.5,"atb":[[2.0,1],[2.5,1]]}"# }
            return #"{"id":"m\#(market)","tv":1,"rc":[\#(runners.joined(separator: ","))]}"#
        }
        return #"{"mc":[\#(markets.joined(separator: ","))]}"#
    }

    /// A delta of a few distinct markets, each with a new total and a few distinct runners: a new
    /// price, a price level changed or added, now and then a runner added or removed.
    private static func delta(_ generator: inout SeededGenerator, round: Int) -> String {
        let markets = (0..<marketCount).shuffled(using: &generator).prefix(Int.random(in: 1...4, using: &generator))
        let listed = markets.map { market -> String in
            let runners = (0..<runnerCount + 2).shuffled(using: &generator).prefix(Int.random(in: 0...3, using: &generator)).map { runner -> String in
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: return #"{"id":\#(runner),"$remove":true}"#
                case 1: return #"{"id":\#(runner),"atb":[[\#(2 + Double(Int.random(in: 0..<4, using: &generator)) / 2),\#(round)]]}"#
                default: return #"{"id":\#(runner),"ltp":\#(Double(round) + 0.25)}"#
                }
            }
            return #"{"id":"m\#(market)","tv":\#(round),"rc":[\#(runners.joined(separator: ","))]}"#
        }
        return #"{"mc":[\#(listed.joined(separator: ","))]}"#
    }

    /// The value at `path` in `document`.
    private static func value(at path: MappingPath, in document: JSON) -> JSON? {
        var value: JSON? = document
        for step in path.components {
            switch (step, value) {
            case (.key(let key), .object(let object)?), (.dictionaryKey(let key), .object(let object)?): value = object[key]
            case (.index(let index), .array(let elements)?): value = elements.indices.contains(index) ? elements[index] : nil
            default: return nil
            }
        }
        return value
    }

    /// Checks every change of `changes`, made from `delta` into `cache`: a property's new value
    /// stands at its path in the delta, and its identity path leads to its model.
    private static func check(_ changes: ChangeSet, delta: String, cache: ImageCache, round: Int) throws {
        let document = try JSON(parsing: delta)
        for change in changes {
            if case .key? = change.path.components.last, change.newValue != .null {
                #expect(value(at: change.path, in: document) == change.newValue, "round \(round): \(change)")
            }
            let identityPath = try #require(change.identityPath, "round \(round): \(change)")
            // Models removed later are no longer in the graph: only those still there are looked up.
            if let model = try? cache.model(at: IdentityPath(Array(identityPath.steps.dropLast()))) {
                #expect(model === change.model, "round \(round): \(change)")
            }
        }
    }

    @Test("every change's path leads to its new value in the delta, and its identity path to its model")
    func pathsOnRandomDeltas() throws {
        var generator = SeededGenerator(seed: 20_261_128)
        let cache = try ImageCache.decode(from: Self.image())
        var kept: [(round: Int, delta: String, changes: ChangeSet, paths: [String])] = []
        for round in 1...300 {
            let delta = Self.delta(&generator, round: round)
            let changes = try cache.update(from: delta)
            try Self.check(changes, delta: delta, cache: cache, round: round)
            // Every other change set is kept while the later updates run.
            if round.isMultiple(of: 2) { kept.append((round, delta, changes, changes.map { "\($0.path) \($0.identityPath?.description ?? "nil")" })) }
        }
        #expect(kept.contains { !$0.changes.isEmpty })
        for entry in kept {
            #expect(entry.changes.map { "\($0.path) \($0.identityPath?.description ?? "nil")" } == entry.paths, "round \(entry.round)")
        }
    }
}
