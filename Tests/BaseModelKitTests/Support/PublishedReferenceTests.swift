// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Dispatch
import Foundation
import Testing

/// Live instances of `PublishedTable`, to prove that `PublishedReference` keeps and then frees them.
private let livePublished = Lock.make(0)

private final class PublishedTable: Sendable {
    let count: Int
    let values: [Int]
    init(count: Int) {
        self.count = count
        self.values = Array(0..<count)
        livePublished.withLock { $0 += 1 }
    }
    deinit { livePublished.withLock { $0 -= 1 } }
}

@Suite("Published reference", .serialized)
struct PublishedReferenceTests {
    @Test("readers racing a writer only ever see whole objects, in the order they were published")
    func racingReaders() {
        let reference = PublishedReference<PublishedTable>()
        #expect(reference.read { $0 == nil })
        let failures = Lock.make(0)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            if thread == 0 {
                for count in 1...2_000 {
                    reference.publish { current in
                        // Every replacement sees the one published before it.
                        if current?.count != count - 1, count > 1 { failures.withLock { $0 += 1 } }
                        return PublishedTable(count: count)
                    }
                }
            } else {
                var last = 0
                for _ in 0..<100_000 {
                    let seen = reference.read { table -> Int in
                        guard let table else { return 0 }
                        // A torn or freed object would show a count that does not match its values.
                        return table.values.count == table.count && table.values.last == table.count - 1 ? table.count : -1
                    }
                    if seen < last { failures.withLock { $0 += 1 } }
                    last = max(last, seen)
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(reference.read { $0?.count } == 2_000)
    }

    @Test("a replacement of nil keeps the current object; everything published lives as long as the reference")
    func lifetimes() {
        let before = livePublished.withLock { $0 }
        do {
            let reference = PublishedReference<PublishedTable>()
            #expect(reference.publish { _ in PublishedTable(count: 1) }?.count == 1)
            #expect(reference.publish { _ in nil }?.count == 1)
            #expect(reference.publish { PublishedTable(count: ($0?.count ?? 0) + 1) }?.count == 2)
            // The first object is no longer current but is kept: a reader may still hold its address.
            #expect(livePublished.withLock { $0 } == before + 2)
            #expect(reference.read { $0?.count } == 2)
        }
        #expect(livePublished.withLock { $0 } == before)
    }

    @Test("withPublished lends the current object, and calls nothing before the first publish")
    func lending() {
        let before = livePublished.withLock { $0 }
        do {
            let reference = PublishedReference<PublishedTable>()
            var calls = 0
            #expect(reference.withPublished { _ in calls += 1 } == nil)
            #expect(calls == 0)
            let published = reference.publish { _ in PublishedTable(count: 3) }
            #expect(reference.withPublished { table -> Bool in
                calls += 1
                return table === published && table.values == [0, 1, 2]
            } == true)
            #expect(calls == 1)
        }
        #expect(livePublished.withLock { $0 } == before)
    }
}
