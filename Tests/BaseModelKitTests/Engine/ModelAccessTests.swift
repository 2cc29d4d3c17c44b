@testable import BaseModelKit
import Dispatch
import Foundation
import Testing

/// Two fields that every update sets to the same value: a torn update would leave them apart.
final class Counter: BaseModel {
    var first: Int = 0
    var second: Int = 0
    var note: String = ""
    var child: CounterChild?
    override class var apiToLocal: [String: String] { ["a": "first", "b": "second", "n": "note", "c": "child"] }
}

final class CounterChild: BaseModel {
    var first: Int = 0
    var second: Int = 0
    override class var apiToLocal: [String: String] { ["a": "first", "b": "second"] }

    /// Widens the window in which the update holds the objects it claimed.
    override func didDeserialize() throws {
        for _ in 0..<200 { _ = ProcessInfo.processInfo.systemUptime }
    }
}

/// A model whose hook encodes and updates the object being updated, on the same thread.
final class SelfReadingCounter: BaseModel {
    var value: Int = 0
    var seen: String = ""
    override class var apiToLocal: [String: String] { ["v": "value", "s": "seen"] }

    override func didDeserialize() throws {
        seen = String(decoding: try jsonData(), as: UTF8.self)
    }
}

@Suite("Racing updates")
struct ModelAccessTests {
    @Test("the engine's access word is BaseModel's first field, where the runtime puts it", arguments: [Counter.self, SelfReadingCounter.self] as [BaseModel.Type])
    func accessWordPlace(type: BaseModel.Type) throws {
        let fields = RuntimeFields.storedFields(of: type)
        #expect(fields.first?.name == "engineAccess")
        #expect(fields.first?.offset == BaseModel.engineAccessOffset)
        // The plans leave it out: nothing maps, copies or restores it.
        let plan = try PlanRegistry.plan(for: type)
        #expect(!plan.storedFields.contains { $0.name == "engineAccess" })
    }

    @Test("a property of the engine cannot be mapped")
    func engineFieldRefused() {
        final class MapsEngineField: BaseModel {
            override class var apiToLocal: [String: String] { ["x": "engineAccess"] }
        }
        #expect(throws: SchemaError.self) { try MapsEngineField.validateMappings() }
    }

    @Test("racing updates of one object, 2 and 8 threads: each applied whole or refused with concurrentUpdate", arguments: [2, 8])
    func racingUpdates(threads: Int) throws {
        // Shared across threads on purpose: the misuse the engine must survive.
        nonisolated(unsafe) let counter = Counter()
        counter.child = CounterChild()
        let outcome = Lock<(applied: Int, refused: Int, other: [String])>.make((0, 0, []))
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for iteration in 0..<2_000 {
                let value = thread * 100_000 + iteration
                do {
                    try counter.update(from: #"{"a":\#(value),"n":"t\#(thread)","c":{"a":\#(value),"b":\#(value)},"b":\#(value)}"#)
                    outcome.withLock { $0.applied += 1 }
                } catch let error as MappingError {
                    guard case .concurrentUpdate(let model) = error.reason, ["Counter", "CounterChild"].contains(model) else {
                        outcome.withLock { $0.other.append("\(error)") }
                        continue
                    }
                    outcome.withLock { $0.refused += 1 }
                } catch {
                    outcome.withLock { $0.other.append("\(error)") }
                }
            }
        }
        let (applied, refused, other) = outcome.withLock { $0 }
        #expect(other.isEmpty, "\(other.prefix(3))")
        #expect(applied + refused == threads * 2_000)
        #expect(applied > 0)
        // Whatever update was applied last, it was applied whole.
        #expect(counter.first == counter.second)
        #expect(counter.child?.first == counter.first && counter.child?.second == counter.first)
        #expect(counter.engineAccess == 0 && counter.child?.engineAccess == 0)
        print("Racing updates on \(threads) threads: \(applied) applied, \(refused) refused")
    }

    @Test("encodes racing updates see only whole updates, or are refused")
    func encodesRacingUpdates() throws {
        // Shared across threads on purpose: the misuse the engine must survive.
        nonisolated(unsafe) let counter = Counter()
        counter.child = CounterChild()
        let problems = Lock<[String]>.make([])
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for iteration in 0..<1_000 {
                do {
                    if thread % 2 == 0 {
                        let value = thread * 100_000 + iteration
                        try counter.update(from: #"{"a":\#(value),"b":\#(value),"c":{"a":\#(value),"b":\#(value)}}"#)
                    } else {
                        let copy = try Counter.decode(from: try counter.jsonData())
                        if copy.first != copy.second || copy.child?.first != copy.child?.second {
                            problems.withLock { $0.append("torn read: \(copy.first) \(copy.second)") }
                        }
                    }
                } catch let error as MappingError {
                    if case .concurrentUpdate = error.reason { continue }
                    problems.withLock { $0.append("\(error)") }
                } catch {
                    problems.withLock { $0.append("\(error)") }
                }
            }
        }
        #expect(problems.withLock { $0 }.isEmpty, "\(problems.withLock { $0.prefix(3) })")
        #expect(counter.engineAccess == 0)
    }

    @Test("an update refused as concurrent changes nothing, and the object is free again afterwards")
    func refusedUpdateChangesNothing() throws {
        let counter = try Counter.decode(from: #"{"a":1,"b":1,"n":"x","c":{"a":1,"b":1}}"#)
        nonisolated(unsafe) let child = try #require(counter.child)
        // Another thread holds the child: claim it as that thread would.
        let otherThread = Lock<Int>.make(0)
        let claimed = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            otherThread.withLock { $0 = ThreadIdentity.current }
            _ = try? ModelAccess.beginUpdate(child, thread: ThreadIdentity.current)
            claimed.signal()
        }
        claimed.wait()
        let error = #expect(throws: MappingError.self) {
            try counter.update(from: #"{"a":2,"b":2,"n":"y","c":{"a":2}}"#)
        }
        #expect(error?.description.hasPrefix("Concurrent update of CounterChild at c") == true, "\(String(describing: error))")
        #expect(counter.first == 1 && counter.second == 1 && counter.note == "x" && child.first == 1)
        #expect(counter.engineAccess == 0)
        #expect(throws: MappingError.self) { _ = try counter.jsonData() }
        ModelAccess.endUpdate(child)
        try counter.update(from: #"{"a":2,"b":2,"c":{"a":2}}"#)
        #expect(counter.first == 2 && child.first == 2)
    }

    @Test("a hook may encode the object its own update is changing (same thread)")
    func sameThreadNesting() throws {
        let model = try SelfReadingCounter.decode(from: #"{"v":1}"#)
        try model.update(from: #"{"v":2}"#)
        #expect(model.seen == #"{"v":2,"s":"{\"v\":1,\"s\":\"\"}"}"#)
        #expect(model.engineAccess == 0)
    }
}
