import BaseModelKit
import Foundation
import Testing

final class DeltaRunner: BaseModel {
    var runnerId = 0
    var price = 0
    override class var apiToLocal: [String: String] { ["id": "runnerId", "p": "price"] }
    override func didDeserialize() throws {
        struct NegativePrice: Error {}
        if price < 0 { throw NegativePrice() }
    }
}

final class DeltaCache: BaseModel {
    var runners: [DeltaRunner] = []
    override class var apiToLocal: [String: String] { ["r": "runners"] }
    override class var identities: [String: String] { ["runners": "runnerId"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

@Suite("Partial collections: deltas into large arrays")
struct PartialCollectionDeltaTests {
    /// The storage an array value refers to (an array is one reference to it).
    private func storage(of array: [DeltaRunner]) -> UInt {
        withUnsafeBytes(of: array) { $0.load(as: UInt.self) }
    }

    private func cache(_ count: Int) throws -> DeltaCache {
        try DeltaCache.decode(from: #"{"r":[\#((0..<count).map { #"{"id":\#($0),"p":\#($0)}"# }.joined(separator: ","))]}"#)
    }

    @Test("a delta merges and adds in place: the array's storage is not copied, whatever its length")
    func inPlace() throws {
        for count in [20, 20_000] {
            let cache = try cache(count)
            cache.runners.reserveCapacity(count + 64)
            let before = storage(of: cache.runners)
            for turn in 0..<3 {
                let changes = try cache.update(from: #"{"r":[{"id":\#(count / 2),"p":\#(turn + 5)},{"id":\#(count + turn),"p":1},{"id":3,"p":\#(turn + 100)}]}"#)
                #expect(storage(of: cache.runners) == before, "\(count) elements, turn \(turn): the storage was copied")
                #expect(changes.map { "\($0.path)" } == ["r[0].p", "r[2].p", "r[\(count + turn)]"], "\(changes.map(\.description))")
            }
            #expect(cache.runners.count == count + 3 && cache.runners[3].price == 102 && cache.runners[count / 2].price == 7)
        }
    }

    @Test("random deltas, edits by code between them and failing deltas: the array is what a plain list makes of them")
    func randomDeltas() throws {
        var random = SeededGenerator(seed: 45)
        for round in 0..<6 {
            let count = [5, 17, 40, 300, 1_000, 2_500][round]
            let cache = try cache(count)
            var expected = (0..<count).map { (id: $0, price: $0) }
            var nextId = count
            for step in 0..<120 {
                // Now and then, code edits the array between deltas: the index must see it.
                switch Int.random(in: 0..<10, using: &random) {
                case 0 where !expected.isEmpty:
                    let at = Int.random(in: 0..<expected.count, using: &random)
                    cache.runners.remove(at: at)
                    expected.remove(at: at)
                case 1:
                    let runner = DeltaRunner()
                    runner.runnerId = nextId
                    runner.price = 1
                    let at = Int.random(in: 0...expected.count, using: &random)
                    cache.runners.insert(runner, at: at)
                    expected.insert((nextId, 1), at: at)
                    nextId += 1
                case 2 where expected.count > 1:
                    cache.runners.swapAt(0, expected.count - 1)
                    expected.swapAt(0, expected.count - 1)
                default:
                    break
                }
                // A delta of a few listings, each identity once (repeats have a test of their own):
                // merges, additions, removals, and now and then a value the element refuses.
                var listed: [String] = []
                var after = expected
                var fails = false
                var used: Set<Int> = []
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let kind = Int.random(in: 0..<10, using: &random)
                    let price = Int.random(in: 0..<1_000, using: &random)
                    let unused = after.filter { !used.contains($0.id) }
                    if kind < 5, let id = unused.randomElement(using: &random)?.id {
                        listed.append(#"{"id":\#(id),"p":\#(price)}"#)
                        used.insert(id)
                        if let at = after.firstIndex(where: { $0.id == id }) { after[at].price = price }
                    } else if kind < 7 {
                        listed.append(#"{"id":\#(nextId),"p":\#(price)}"#)
                        used.insert(nextId)
                        after.append((nextId, price))
                        nextId += 1
                    } else if kind < 9, let id = unused.randomElement(using: &random)?.id {
                        listed.append(#"{"id":\#(id),"$remove":true}"#)
                        used.insert(id)
                        after.removeAll { $0.id == id }
                    } else if step % 7 == 0, let id = unused.first?.id {
                        listed.append(#"{"id":\#(id),"p":-1}"#)
                        used.insert(id)
                        fails = true
                    }
                }
                let body = #"{"r":[\#(listed.joined(separator: ","))]}"#
                if fails {
                    #expect(throws: MappingError.self) { try cache.update(from: body) }
                } else {
                    try cache.update(from: body)
                    expected = after
                }
                let actual = cache.runners.map { (id: $0.runnerId, price: $0.price) }
                #expect(actual.map(\.id) == expected.map(\.id) && actual.map(\.price) == expected.map(\.price),
                        "round \(round), step \(step): \(body)")
                if actual.map(\.id) != expected.map(\.id) { return }
            }
        }
    }

    @Test("a failed delta into a large array puts back every element it merged, added, removed or replaced")
    func rollback() throws {
        let cache = try cache(100)
        let before = cache.runners
        #expect(throws: MappingError.self) {
            try cache.update(from: #"{"r":[{"id":5,"$remove":true},{"id":7,"p":70},{"id":500,"p":1},{"id":9,"p":-1}]}"#)
        }
        #expect(cache.runners.count == 100 && zip(cache.runners, before).allSatisfy { $0 === $1 })
        #expect(cache.runners[7].price == 7)
        // And the next delta still finds every element by its identity.
        try cache.update(from: #"{"r":[{"id":99,"p":1},{"id":5,"$remove":true}]}"#)
        #expect(cache.runners.count == 99 && cache.runners.last?.price == 1 && !cache.runners.contains { $0.runnerId == 5 })
    }
}
