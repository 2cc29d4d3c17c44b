import BaseModelKit
import Foundation
import Testing

// The concurrency patterns of Docs/Concurrency.md, compiled in Swift 6 language mode: if a change to
// the library breaks one, this target stops compiling. The models are plain nonisolated classes — no
// `Sendable`, no `@unchecked` — as an app declares them.

final class PatternOutcome: BaseModel {
    var outcomeId = 0
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "p": "price"] }
}

final class PatternMarket: BaseModel {
    var marketId = ""
    var outcomes: [PatternOutcome] = []
    override class var apiToLocal: [String: String] { ["i": "marketId", "o": "outcomes"] }
}

final class PatternEvent: BaseModel {
    var eventId = 0
    var market: PatternMarket?
    override class var apiToLocal: [String: String] { ["i": "eventId", "m": "market"] }
}

final class PatternFeed: BaseModel {
    var events: [PatternEvent] = []
    override class var apiToLocal: [String: String] { ["e": "events"] }
}

/// An actor of the app's own that keeps the latest price of each outcome. The socket hands it bytes
/// (`Data` is `Sendable`); the actor routes them itself, so each model is made inside the actor and
/// never crosses an isolation boundary.
actor PriceBook {
    private var latest: [Int: PriceUpdate] = [:]

    /// Routes every frame of `frames`, in order, until the stream finishes.
    func follow(_ frames: AsyncStream<Data>, router: MessageRouter) async throws {
        for try await message in router.messages(from: frames) {
            if let update = message.model as? PriceUpdate { latest[update.outcomeId] = update }
        }
    }

    func price(of outcome: Int) -> Double? {
        latest[outcome]?.price
    }
}

/// A socket message: one price.
final class PriceUpdate: BaseModel {
    var outcomeId = 0
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "p": "price"] }
}

var feedJSON: Data { Data(#"{"e":[{"i":1,"m":{"i":"1X2","o":[{"i":10,"p":1.5},{"i":11,"p":3.2}]}},{"i":2}]}"#.utf8) }

/// What the app shows, on the main actor.
@MainActor
final class Screen {
    private(set) var feed: PatternFeed?
    private(set) var flashed: [String] = []

    func show(_ feed: PatternFeed) {
        self.feed = feed
    }

    func flash(_ update: PriceUpdate) {
        flashed.append("\(update.outcomeId)→\(update.price)")
    }
}

// Pattern 1: decode off the main actor in a `@concurrent` function; the `sending` result crosses to
// the caller's isolation.
@concurrent
func loadFeed(from data: Data) async throws -> sending PatternFeed {
    try PatternFeed.decode(from: data)
}

@MainActor
func refresh(_ screen: Screen, with data: Data) async throws {
    let feed = try await loadFeed(from: data)
    screen.show(feed)
}

// Pattern 2: an actor owns the live graph and applies socket messages in place.
actor LiveOdds {
    private let feed: PatternFeed

    init(feed: sending PatternFeed) {
        self.feed = feed
    }

    func apply(_ message: Data, toEvent index: Int) throws -> Double? {
        let event = feed.events[index]
        try event.update(from: message)
        return event.market?.outcomes.first?.price
    }

    /// The feed written back, for a snapshot to send elsewhere.
    func snapshot() throws -> Data {
        try feed.jsonData()
    }

    /// A copy of the feed, handed out of the actor: `copy()` returns a new graph as `sending`.
    func copyOfFeed() throws -> sending PatternFeed {
        try feed.copy()
    }
}

/// A socket that delivers messages on its own thread through a `@Sendable` callback.
final class FakeSocket: Sendable {
    private let onMessage: @Sendable (Data) -> Void

    init(onMessage: @escaping @Sendable (Data) -> Void) {
        self.onMessage = onMessage
    }

    func deliver(_ messages: [Data]) async {
        await Task.detached { [onMessage] in
            for message in messages { onMessage(message) }
        }.value
    }
}

@Suite("Concurrency patterns")
struct ConcurrencyPatternTests {
    @Test("decode in a @concurrent function and hand the graph to the main actor")
    @MainActor
    func concurrentFunction() async throws {
        let screen = Screen()
        try await refresh(screen, with: feedJSON)
        #expect(screen.feed?.events.first?.market?.outcomes.map(\.price) == [1.5, 3.2])
    }

    @Test("decode in a detached task and hand the graph to the main actor from there")
    @MainActor
    func detachedTask() async throws {
        let screen = Screen()
        let data = feedJSON
        try await Task.detached {
            let feed = try PatternFeed.decode(from: data)
            await screen.show(feed)        // `screen` is a @MainActor object; `feed` is sent to it
        }.value
        #expect(screen.feed?.events.count == 2)
    }

    @Test("an actor owns the live models and applies socket messages with update(from:)")
    func actorOwnsModels() async throws {
        let data = feedJSON
        let odds = LiveOdds(feed: try await loadFeed(from: data))
        let price = try await odds.apply(Data(#"{"m":{"o":[{"i":10,"p":1.45}]}}"#.utf8), toEvent: 0)
        #expect(price == 1.45)
        // A failed message changes nothing and says why.
        await #expect(throws: MappingError.self) {
            try await odds.apply(Data(#"{"m":{"o":[{"i":10,"p":"x"}]}}"#.utf8), toEvent: 0)
        }
        let snapshot = try await odds.snapshot()
        #expect(try PatternFeed.decode(from: snapshot).events.first?.market?.outcomes.first?.price == 1.45)
        let copy = try await odds.copyOfFeed()
        #expect(copy.events.first?.market?.outcomes.first?.price == 1.45)
    }

    @Test("the router inside a @Sendable socket callback forwards its models to the main actor")
    @MainActor
    func routerInSendableCallback() async throws {
        let screen = Screen()
        let router = MessageRouter(typeKey: "t")
        router.register(PriceUpdate.self, type: "p") { update in
            Task { @MainActor in screen.flash(update) }
        }
        let socket = FakeSocket { data in       // a @Sendable callback, called on the socket's thread
            _ = try? router.route(data)
        }
        await socket.deliver([
            Data(#"{"t":"p","i":10,"p":1.4}"#.utf8),
            Data(#"{"t":"p","i":11,"p":3.3}"#.utf8),
        ])
        // The handlers' tasks run on the main actor after this one yields.
        while screen.flashed.count < 2 { await Task.yield() }
        #expect(screen.flashed == ["10→1.4", "11→3.3"])
    }

    @Test("a callback socket's frames routed inside an actor of the app's own")
    func routerToActor() async throws {
        let book = PriceBook()
        let router = MessageRouter(typeKey: "t")
        router.register(PriceUpdate.self, type: "p") { _ in }
        let (frames, continuation) = AsyncStream.makeStream(of: Data.self)
        let following = Task { try await book.follow(frames, router: router) }
        let socket = FakeSocket { data in       // a @Sendable callback, called on the socket's thread
            continuation.yield(data)
        }
        await socket.deliver([Data(#"{"t":"p","i":10,"p":1.4}"#.utf8), Data(#"{"t":"p","i":11,"p":3.3}"#.utf8)])
        continuation.finish()
        try await following.value
        #expect(await book.price(of: 10) == 1.4)
        #expect(await book.price(of: 11) == 3.3)
    }

    @Test("decodeArray's sending result crosses to the main actor too")
    @MainActor
    func arrays() async throws {
        let events = try await Task.detached { () -> Int in
            let events = try PatternEvent.decodeArray(from: #"[{"i":1},{"i":2}]"#)
            return await MainActor.run { [events] in events.count }
        }.value
        #expect(events == 2)
    }
}
