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

/// Runners and a version after them: an update whose version is refused fails once the runners are
/// merged, so it rolls back whatever the merge removed, added or replaced.
final class DeltaBoard: BaseModel {
    var runners: [DeltaRunner] = []
    var version = 0
    override class var apiToLocal: [String: String] { ["r": "runners", "v": "version"] }
    override class var identities: [String: String] { ["runners": "runnerId"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

/// A runner that a full image replaces (`"img": true`) and a price of 0 removes.
final class MarkedRunner: BaseModel {
    var runnerId = 0
    var price = 0
    override class var apiToLocal: [String: String] { ["id": "runnerId", "p": "price"] }
    override class var removalMarkers: [String: JSON] { ["p": 0] }
    override class var replacementMarkers: [String: JSON] { ["img": true] }
}

final class MarkedBoard: BaseModel {
    var runners: [MarkedRunner] = []
    var version = 0
    override class var apiToLocal: [String: String] { ["r": "runners", "v": "version"] }
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

    @Test("random deltas that remove many elements, some rolled back after the merge: the array is what a plain list makes of them")
    func removalsAndRollbacks() throws {
        var random = SeededGenerator(seed: 48)
        for count in [30, 400, 3_000] {
            let board = try DeltaBoard.decode(from: #"{"r":[\#((0..<count).map { #"{"id":\#($0),"p":\#($0)}"# }.joined(separator: ","))]}"#)
            var expected = (0..<count).map { (id: $0, price: $0) }
            var nextId = count
            for step in 0..<150 {
                var listed: [String] = []
                var after = expected
                var used: Set<Int> = []
                // Up to a quarter of the elements removed at once, and a few merged and added.
                let removals = Int.random(in: 0...max(1, expected.count / 4), using: &random)
                for _ in 0..<(removals + Int.random(in: 1...4, using: &random)) {
                    guard let id = after.filter({ !used.contains($0.id) }).randomElement(using: &random)?.id else { break }
                    used.insert(id)
                    if used.count <= removals {
                        listed.append(#"{"id":\#(id),"$remove":true}"#)
                        after.removeAll { $0.id == id }
                    } else {
                        let price = Int.random(in: 0..<1_000, using: &random)
                        listed.append(#"{"id":\#(id),"p":\#(price)}"#)
                        if let at = after.firstIndex(where: { $0.id == id }) { after[at].price = price }
                    }
                }
                // New elements go at the end in the order they are listed.
                var added: [Int] = []
                for _ in 0..<Int.random(in: 0...3, using: &random) {
                    listed.append(#"{"id":\#(nextId),"p":1}"#)
                    added.append(nextId)
                    nextId += 1
                }
                listed.shuffle(using: &random)
                for text in listed {
                    if let id = added.first(where: { text.hasPrefix(#"{"id":\#($0),"#) }) { after.append((id, 1)) }
                }
                let fails = step % 3 == 0
                let body = #"{"r":[\#(listed.joined(separator: ","))],"v":\#(fails ? #""x""# : "\(step)")}"#
                let before = board.runners
                if fails {
                    #expect(throws: MappingError.self) { try board.update(from: body) }
                    #expect(board.runners.count == before.count && zip(board.runners, before).allSatisfy { $0 === $1 }, "count \(count), step \(step)")
                } else {
                    let changes = try board.update(from: body)
                    // A change for each element removed or added, and for each price that moved.
                    let removedOrAdded = changes.filter { $0.property == "runners" }.count
                    #expect(removedOrAdded == Set(expected.map(\.id)).symmetricDifference(after.map(\.id)).count, "count \(count), step \(step)")
                    expected = after
                }
                let actual = board.runners.map { (id: $0.runnerId, price: $0.price) }
                #expect(actual.map(\.id) == expected.map(\.id) && actual.map(\.price) == expected.map(\.price), "count \(count), step \(step): \(body.prefix(300))")
                if actual.map(\.id) != expected.map(\.id) { return }
            }
        }
    }

    @Test("a delta that replaces, removes and adds elements, rolled back after the merge, puts each back in its place")
    func replacementsAndRemovalsRolledBack() throws {
        let board = try MarkedBoard.decode(from: #"{"r":[\#((1...40).map { #"{"id":\#($0),"p":\#($0)}"# }.joined(separator: ","))]}"#)
        let before = board.runners
        // 3 replaced; 4 replaced by an image that holds the removal marker, so removed; 10 merged to
        // the marker, so removed; 12 and 30 removed; 100 added.
        let listed = #"[{"id":30,"$remove":true},{"id":3,"img":true,"p":5},{"id":4,"img":true,"p":0},{"id":10,"p":0},{"id":12,"$remove":true},{"id":100,"p":1}]"#
        #expect(throws: MappingError.self) { try board.update(from: #"{"r":\#(listed),"v":"x"}"#) }
        #expect(board.runners.count == 40 && zip(board.runners, before).allSatisfy { $0 === $1 })
        #expect(board.runners.map(\.price) == Array(1...40))
        let changes = try board.update(from: #"{"r":\#(listed),"v":1}"#)
        #expect(board.runners.map(\.runnerId) == (1...40).filter { ![4, 10, 12, 30].contains($0) } + [100])
        #expect(board.runners[2] !== before[2] && board.runners[2].price == 5)
        #expect(changes.filter { $0.property == "runners" }.map { "\($0.path)" } == ["r[2]", "r[3]", "r[9]", "r[11]", "r[29]", "r[2]", "r[36]"], "\(changes.map(\.description))")
        // The index kept through the removals finds the elements after them.
        try board.update(from: #"{"r":[{"id":40,"p":400},{"id":100,"p":2}]}"#)
        #expect(board.runners.count == 37 && board.runners[35].price == 400 && board.runners[36].price == 2)
    }
}
