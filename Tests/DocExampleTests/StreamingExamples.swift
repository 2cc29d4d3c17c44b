import BaseModelKit
import Foundation
import Testing

// The examples of Docs/Streaming.md, line for line (Scripts/Checks/examples.py checks it).
final class StreamOutcome: BaseModel {
    var outcomeId = 0
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "p": "price"] }
}

final class StreamMarket: BaseModel {
    var marketId = ""
    var outcomes: [StreamOutcome] = []
    override class var apiToLocal: [String: String] { ["i": "marketId", "o": "outcomes"] }
    override class var identities: [String: String] { ["outcomes": "outcomeId"] }
    override class var partialCollections: Set<String> { ["outcomes"] }
}

final class StreamEvent: BaseModel {
    var eventId = 0
    var markets: [StreamMarket] = []
    override class var apiToLocal: [String: String] { ["e": "eventId", "m": "markets"] }
    override class var identities: [String: String] { ["markets": "marketId"] }
}

final class StreamBoard: BaseModel {
    var events: [StreamEvent] = []
    override class var apiToLocal: [String: String] { ["ev": "events"] }
    override class var identities: [String: String] { ["events": "eventId"] }
}

/// A price message of the feed: which market, and the outcomes that moved.
final class PriceMessage: BaseModel {
    var eventId = 0
    var marketId = ""
    var outcomes: [JSON] = []
    override class var apiToLocal: [String: String] { ["e": "eventId", "m": "marketId", "o": "outcomes"] }
}

func countMarkets<Bytes: AsyncSequence>(in bytes: Bytes) async throws -> Int where Bytes.Element == UInt8 {
    var markets = 0
    for try await event in StreamEvent.decodeElements(from: bytes, at: "data.events") {
        markets += event.markets.count     // each event is released after this line
    }
    return markets
}

actor LiveBoard {
    private let board: StreamBoard

    init(board: sending StreamBoard) {
        self.board = board
    }

    /// Applies every message of `socket` in the order it arrives, until the socket ends.
    func follow<Socket: AsyncSequence & Sendable>(_ socket: Socket) async throws where Socket.Element == UInt8 {
        for try await message in PriceMessage.decodeLines(from: socket) {
            let market = IdentityPath("ev", .number(JSONNumber(message.eventId))).then("m", .string(message.marketId))
            try board.update(from: ["o": .array(message.outcomes)] as JSONObject, at: market)
        }
    }

    func price(event: Int, market: String, outcome: Int) throws -> Double? {
        let found = try board.model(of: StreamMarket.self, at: IdentityPath("ev", .number(JSONNumber(event))).then("m", .string(market)))
        return found?.outcomes.first { $0.outcomeId == outcome }?.price
    }
}

/// Bytes handed out one at a time, as a socket's byte sequence does.
struct DocSocket: AsyncSequence, Sendable {
    typealias Element = UInt8
    let text: String

    struct AsyncIterator: AsyncIteratorProtocol {
        var bytes: [UInt8]
        var index = 0
        mutating func next() async -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: Array(text.utf8)) }
}

@Suite("Docs: Streaming")
struct StreamingExamples {
    @Test("the events of a document's array, one at a time")
    func elements() async throws {
        let document = #"{"data":{"v":2,"events":[{"e":1,"m":[{"i":"1-1"},{"i":"1-2"}]},{"e":2,"m":[{"i":"2-1"}]}]}}"#
        #expect(try await countMarkets(in: DocSocket(text: document)) == 3)
    }

    @Test("an actor-owned board follows a socket's messages in order")
    func actorFollowsSocket() async throws {
        let board = try StreamBoard.decode(from: #"{"ev":[{"e":101,"m":[{"i":"101-1","o":[{"i":1,"p":1.9},{"i":2,"p":2.15}]}]}]}"#)
        let live = LiveBoard(board: board)
        let socket = DocSocket(text: """
        {"t":"odds","e":101,"m":"101-1","o":[{"i":2,"p":2.2}]}
        {"t":"odds","e":101,"m":"101-1","o":[{"i":2,"p":2.3}]}
        {"t":"odds","e":101,"m":"101-1","o":[{"i":1,"p":1.8}]}

        """)
        try await live.follow(socket)
        #expect(try await live.price(event: 101, market: "101-1", outcome: 2) == 2.3)
        #expect(try await live.price(event: 101, market: "101-1", outcome: 1) == 1.8)
    }
}

// The market cache of "Messages applied to a live model".
final class StreamCacheRunner: BaseModel {
    var selectionId = 0
    var lastTraded = 0.0
    override class var apiToLocal: [String: String] { ["id": "selectionId", "ltp": "lastTraded"] }
}

final class StreamCacheMarket: BaseModel {
    var marketId = ""
    var runners: [StreamCacheRunner] = []
    override class var apiToLocal: [String: String] { ["id": "marketId", "rc": "runners"] }
    override class var identities: [String: String] { ["runners": "selectionId"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

final class StreamCache: BaseModel {
    var markets: [StreamCacheMarket] = []
    override class var apiToLocal: [String: String] { ["mc": "markets"] }
    override class var identities: [String: String] { ["markets": "marketId"] }
    override class var partialCollections: Set<String> { ["markets"] }
}

actor MarketCacheStore {
    private let cache = StreamCache()
    private(set) var changeCount = 0

    /// Applies every message of `socket` to the cache, in the order it arrives.
    func follow<Socket: AsyncSequence & Sendable>(_ socket: Socket) async throws where Socket.Element == UInt8 {
        for try await changes in cache.updates(fromLines: socket) {
            changeCount += changes.count
        }
    }

    func lastTraded(market: String, runner: Int) -> Double? {
        cache.markets.first { $0.marketId == market }?.runners.first { $0.selectionId == runner }?.lastTraded
    }
}

/// Bytes from memory, as a socket hands them over.
struct MemorySocket: AsyncSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        var index = 0
        mutating func next() async -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}

@Suite("Docs: Streaming, a live model")
struct StreamingLiveModelExamples {
    @Test("an actor applies a socket's messages to its market cache")
    func marketCacheFollowsTheSocket() async throws {
        let store = MarketCacheStore()
        let messages = [
            #"{"mc":[{"id":"1.1","rc":[{"id":7,"ltp":2.5},{"id":8,"ltp":3}]}]}"#,
            #"{"mc":[{"id":"1.1","rc":[{"id":7,"ltp":2.6}]},{"id":"1.2","rc":[{"id":9,"ltp":1.5}]}]}"#,
        ]
        try await store.follow(MemorySocket(bytes: Array((messages.joined(separator: "\n") + "\n").utf8)))
        #expect(await store.lastTraded(market: "1.1", runner: 7) == 2.6)
        #expect(await store.lastTraded(market: "1.2", runner: 9) == 1.5)
        #expect(await store.changeCount == 3)
    }
}
