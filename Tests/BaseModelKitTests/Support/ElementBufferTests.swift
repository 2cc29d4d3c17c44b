// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Foundation
import Testing

/// Live instances of `BufferedElement`, to prove that `ElementBuffer` neither leaks nor frees twice.
private let liveBuffered = Lock.make(0)

private final class BufferedElement {
    let value: Int
    init(_ value: Int) {
        self.value = value
        liveBuffered.withLock { $0 += 1 }
    }
    deinit { liveBuffered.withLock { $0 -= 1 } }
}

@Suite("Element buffer", .serialized)
struct ElementBufferTests {
    @Test("elements come out in order, through several reallocations, and are owned by the array")
    func growthAndOwnership() {
        for total in [0, 1, 7, 8, 9, 1_000] {
            do {
                var buffer = ElementBuffer<BufferedElement>()
                for value in 0..<total { buffer.append(BufferedElement(value)) }
                #expect(liveBuffered.withLock { $0 } == total)
                let array = buffer.removeSuffix(from: 0)
                #expect(array.map(\.value) == Array(0..<total))
                #expect(liveBuffered.withLock { $0 } == total)
            }
            #expect(liveBuffered.withLock { $0 } == 0)
        }
    }

    @Test("a buffer dropped part way (a decode that throws) releases what it holds")
    func earlyExit() throws {
        struct Stop: Error {}
        func fill(upTo total: Int) throws -> [BufferedElement] {
            var buffer = ElementBuffer<BufferedElement>(capacity: 2)
            for value in 0..<100 {
                if value == total { throw Stop() }
                buffer.append(BufferedElement(value))
            }
            return buffer.removeSuffix(from: 0)
        }
        for total in [0, 1, 2, 3, 50] {
            #expect(throws: Stop.self) { _ = try fill(upTo: total) }
            #expect(liveBuffered.withLock { $0 } == 0)
        }
        #expect(try fill(upTo: 100).count == 100)
        #expect(liveBuffered.withLock { $0 } == 0)
    }

    @Test("values with their own storage (strings, arrays) survive the moves intact")
    func nonTrivialValues() {
        var strings = ElementBuffer<String>(capacity: 1)
        var arrays = ElementBuffer<[Int]>(capacity: 1)
        for value in 0..<300 {
            strings.append(String(repeating: "x", count: value % 40) + "\(value)")
            arrays.append(Array(0..<(value % 5)))
        }
        let madeStrings = strings.removeSuffix(from: 0)
        let madeArrays = arrays.removeSuffix(from: 0)
        #expect(madeStrings == (0..<300).map { String(repeating: "x", count: $0 % 40) + "\($0)" })
        #expect(madeArrays == (0..<300).map { Array(0..<($0 % 5)) })
    }
}
