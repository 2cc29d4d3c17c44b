import BaseModelKit
import Foundation
import Testing

private final class Quote: BaseModel {
    var symbol = ""
    var price = 0.0
    override class var apiToLocal: [String: String] { ["s": "symbol", "p": "price"] }
}

private final class QuoteBoard: BaseModel {
    var quotes: [String: Quote] = [:]
    var sequence = 0
    override class var apiToLocal: [String: String] { ["q": "quotes", "n": "sequence"] }
}

/// Chunks of the sizes given, cycling.
private struct Frames: AsyncSequence {
    typealias Element = [UInt8]
    let bytes: [UInt8]
    let size: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let size: Int
        var index = 0
        mutating func next() async -> [UInt8]? {
            guard index < bytes.count else { return nil }
            let end = Swift.min(bytes.count, index + size)
            defer { index = end }
            return Array(bytes[index..<end])
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, size: size) }
}

@Suite("Streams applied to a live model")
struct StreamUpdateTests {
    @Test("each line is applied in order, atomically, and delivers its change set; a bad one names its index")
    @MainActor
    func linesUpdateTheModel() async throws {
        let board = try QuoteBoard.decode(from: #"{"q":{"A":{"s":"A","p":1}},"n":0}"#)
        let lines = "{\"q\":{\"A\":{\"p\":2}},\"n\":1}\n\n{\"q\":{\"B\":{\"s\":\"B\",\"p\":5}},\"n\":2}\r\n{\"q\":{\"A\":{\"p\":3}},\"n\":\"x\"}\n{\"n\":4}\n"
        for size in [1, 7, 4096] {
            let live = try QuoteBoard.decode(from: try board.jsonData())
            var changes: [[String]] = []
            let failure = await #expect(throws: MappingError.self) {
                for try await set in live.updates(fromLines: Frames(bytes: Array(lines.utf8), size: size)) {
                    changes.append(set.map(\.description))
                }
            }
            #expect(changes == [[#"price at q["A"].p: 1 → 2"#, "sequence at n: 0 → 1"], [#"quotes at q["B"]: null → {"s":"B","p":5}"#, "sequence at n: 1 → 2"]])
            #expect(failure?.description == #"Expected Int at [2].n (QuoteBoard.sequence) but found a string "x"."#)
            // The failed message changed nothing; the one after it was not read.
            #expect(live.quotes["A"]?.price == 2 && live.sequence == 2 && live.quotes["B"]?.price == 5)
        }
    }
}
