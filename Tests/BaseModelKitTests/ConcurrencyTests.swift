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

@Suite("Concurrency")
struct ConcurrencyTests {
    @Test("8 threads decode, update and encode distinct objects 1 000 times each, racing on first use of the plans")
    func parallelMapping() {
        let failures = Lock<[String]>.make([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for iteration in 0..<1_000 {
                do {
                    let text = #"{"i":\#(thread),"l":[{"n":"a\#(iteration)","v":\#(iteration).5}],"p":{"n":"p"}}"#
                    let node = try RaceNode.decode(from: text)
                    try node.update(from: #"{"p":{"v":\#(thread)}}"#)
                    let derived = try RaceDerived.decode(from: #"{"t":"x\#(thread)","c":\#(iteration)}"#)
                    guard node.nodeId == thread, node.leaves.first?.name == "a\(iteration)",
                          node.parent?.value == Double(thread), node.parent?.name == "p",
                          derived.count == iteration, derived.tag == "x\(thread)" else {
                        failures.withLock { $0.append("thread \(thread), iteration \(iteration): wrong values") }
                        return
                    }
                    let again = try RaceNode.decode(from: try node.jsonData())
                    guard try again.jsonData() == node.jsonData() else {
                        failures.withLock { $0.append("thread \(thread), iteration \(iteration): round trip differs") }
                        return
                    }
                } catch {
                    failures.withLock { $0.append("thread \(thread), iteration \(iteration): \(error)") }
                    return
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }

    @Test("8 threads decode and encode Codable values at once, sharing the coders kept for their scalars")
    func parallelCodableValues() {
        let failures = Lock<[String]>.make([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for iteration in 0..<200 {
                let text = #"{"l":{"levels":[[2.5,\#(iteration)]],"tags":["t\#(thread)",null],"grid":[[\#(thread)]],"named":{"x":[\#(iteration)]}},"b":[1.01,\#(thread)]}"#
                do {
                    let holder = try LadderHolder.decode(from: text)
                    guard holder.ladder.levels.first?.size == Double(iteration), holder.best?.size == Double(thread),
                          try holder.jsonString() == text else {
                        failures.withLock { $0.append("thread \(thread), iteration \(iteration): wrong values") }
                        return
                    }
                } catch {
                    failures.withLock { $0.append("thread \(thread), iteration \(iteration): \(error)") }
                    return
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }
}
