@testable import BaseModelKit
import Dispatch
import Foundation
import Testing

// Classes used by no other test, so that their first use — building their plans — races here.
final class RaceLeaf: BaseModel {
    var name: String = ""
    var value: Double = 0
    override class var apiToLocal: [String: String] { ["n": "name", "v": "value"] }
}

final class RaceNode: BaseModel {
    var nodeId: Int = 0
    var leaves: [RaceLeaf] = []
    var parent: RaceLeaf?
    override class var apiToLocal: [String: String] { ["i": "nodeId", "l": "leaves", "p": "parent"] }
}

class RaceBase: BaseModel {
    var tag: String?
    override class var apiToLocal: [String: String] { ["t": "tag"] }
}

final class RaceDerived: RaceBase {
    var count: Int = 0
    override class var apiToLocal: [String: String] { ["c": "count"] }
}

final class RaceLevel: BaseModel {
    var price: Double = 0
    var size: Decimal = 0
    override class var apiToLocal: [String: String] { ["0": "price", "1": "size"] }
    override class var transformers: [String: JSONTransformer] { ["size": .decimalString] }
    override class var isPositional: Bool { true }
    override class var removalMarkers: [String: JSON] { ["1": 0] }
}

final class RaceDecimalLevel: BaseModel {
    var price: Decimal = 0
    var size: Decimal = 0
    override class var apiToLocal: [String: String] { ["0": "price", "1": "size"] }
    override class var transformers: [String: JSONTransformer] { ["price": .decimalString, "size": .decimalString] }
    override class var isPositional: Bool { true }
    override class var removalMarkers: [String: JSON] { ["1": 0] }
}

final class RaceLadder: BaseModel {
    var levels: [RaceLevel] = []
    var decimalLevels: [RaceDecimalLevel] = []
    override class var apiToLocal: [String: String] { ["l": "levels", "d": "decimalLevels"] }
    override class var identities: [String: String] { ["levels": "price", "decimalLevels": "price"] }
    override class var partialCollections: Set<String> { ["levels", "decimalLevels"] }
}

/// What went wrong when 8 threads ran `body` for each of `iterations` at once: the problem `body`
/// names (`nil` for none) or throws, each thread stopping at its first.
func failuresOnEightThreads(iterations: Int, _ body: @Sendable (_ thread: Int, _ iteration: Int) throws -> String?) -> [String] {
    let failures = Lock<[String]>.make([])
    DispatchQueue.concurrentPerform(iterations: 8) { thread in
        for iteration in 0..<iterations {
            let problem: String?
            do {
                problem = try body(thread, iteration)
            } catch {
                problem = "\(error)"
            }
            if let problem {
                failures.withLock { $0.append("thread \(thread), iteration \(iteration): \(problem)") }
                return
            }
        }
    }
    return failures.withLock { $0 }
}

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("8 threads decode, update and encode distinct objects 1 000 times each, racing on first use of the plans")
    func parallelMapping() {
        let failures = failuresOnEightThreads(iterations: 1_000) { thread, iteration in
            let text = #"{"i":\#(thread),"l":[{"n":"a\#(iteration)","v":\#(iteration).5}],"p":{"n":"p"}}"#
            let node = try RaceNode.decode(from: text)
            try node.update(from: #"{"p":{"v":\#(thread)}}"#)
            let derived = try RaceDerived.decode(from: #"{"t":"x\#(thread)","c":\#(iteration)}"#)
            guard node.nodeId == thread, node.leaves.first?.name == "a\(iteration)",
                  node.parent?.value == Double(thread), node.parent?.name == "p",
                  derived.count == iteration, derived.tag == "x\(thread)" else { return "wrong values" }
            let again = try RaceNode.decode(from: try node.jsonData())
            return try again.jsonData() == node.jsonData() ? nil : "round trip differs"
        }
        #expect(failures.isEmpty)
    }

    @Test("8 threads decode and encode Codable values at once, sharing the coders kept for their scalars")
    func parallelCodableValues() {
        let failures = failuresOnEightThreads(iterations: 200) { thread, iteration in
            let text = #"{"l":{"levels":[[2.5,\#(iteration)]],"tags":["t\#(thread)",null],"grid":[[\#(thread)]],"named":{"x":[\#(iteration)]}},"b":[1.01,\#(thread)]}"#
            let holder = try LadderHolder.decode(from: text)
            guard holder.ladder.levels.first?.size == Double(iteration), holder.best?.size == Double(thread),
                  try holder.jsonString() == text else { return "wrong values" }
            return nil
        }
        #expect(failures.isEmpty)
    }

    @Test("8 threads merge ladders by Double and decimal-string prices at once, sharing what identities and markers read")
    func parallelLadders() {
        let failures = failuresOnEightThreads(iterations: 200) { thread, iteration in
            let ladder = try RaceLadder.decode(from: #"{"l":[[1.5,"10"],[1.6,"20"]],"d":[["2.50","1"],["2.60","2"]]}"#)
            // A level merged, one removed by its zero size, one added — prices written with more
            // places than the properties write, so that each is read as the property reads it.
            let changes = try ladder.update(from: #"{"l":[[1.50,"\#(iteration).5"],[1.6,"0.00"],[1.7,"\#(thread + 1)"]],"d":[["2.500","\#(iteration + 1)"],["2.6","0"],["2.70","3"]]}"#)
            guard ladder.levels.map(\.price) == [1.5, 1.7], ladder.levels[0].size == Decimal(iteration) + Decimal(string: "0.5")!,
                  ladder.levels[1].size == Decimal(thread + 1),
                  ladder.decimalLevels.map(\.price) == [Decimal(string: "2.5")!, Decimal(string: "2.7")!],
                  ladder.decimalLevels[0].size == Decimal(iteration + 1), changes.count == (iteration == 0 ? 5 : 6) else {
                return "wrong ladder: \(ladder.levels.map { [$0.price.description, $0.size.description] }) \(ladder.decimalLevels.map { [$0.price, $0.size] }) \(changes.count)"
            }
            return nil
        }
        #expect(failures.isEmpty)
    }

    @Test("8 threads read models through JSONDecoder at once, sharing what their class remembers of its keys' kinds")
    func parallelModelsInCodable() {
        let failures = failuresOnEightThreads(iterations: 200) { thread, iteration in
            // "v" is a number on even threads and a string on odd ones (read leniently), so the
            // threads' guesses for it disagree.
            let value = thread % 2 == 0 ? "\(iteration).5" : #""\#(iteration).5""#
            let text = #"{"nodes":[{"i":\#(thread),"l":[{"n":"a","v":\#(value)}]},{"i":\#(iteration),"l":[]}]}"#
            let read = try JSONDecoder().decode(RaceEnvelope.self, from: Data(text.utf8))
            guard read.nodes.count == 2, read.nodes[0].nodeId == thread, read.nodes[1].nodeId == iteration,
                  read.nodes[0].leaves.first?.value == Double(iteration) + 0.5 else { return "wrong values" }
            return nil
        }
        #expect(failures.isEmpty)
    }
}

/// Race nodes inside a `Codable` type.
private struct RaceEnvelope: Codable {
    var nodes: [RaceNode]
}
