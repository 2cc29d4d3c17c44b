import BaseModelKit
import Foundation
#if canImport(Observation)
import Observation
#endif
import Testing

// The examples of Docs/LiveModels.md, line for line (Scripts/Checks/examples.py checks it).
enum MarketStatus: RawRepresentable, Equatable {
    case open, suspended
    case other(String)

    init?(rawValue: String) {
        switch rawValue {
        case "open": self = .open
        case "suspended": self = .suspended
        default: self = .other(rawValue)
        }
    }

    var rawValue: String {
        switch self {
        case .open: "open"
        case .suspended: "suspended"
        case .other(let value): value
        }
    }
}

final class StatusMarket: BaseModel {
    var status: MarketStatus = .open
    override class var apiToLocal: [String: String] { ["s": "status"] }
}

@Suite("Docs: Live models")
struct LiveModelsExamples {
    final class Outcome: BaseModel {
        var outcomeId = 0
        var name = ""
        var price = 0.0
        override class var apiToLocal: [String: String] { ["i": "outcomeId", "n": "name", "p": "price"] }
    }

    final class Market: BaseModel {
        var name = ""
        var suspended = false
        var outcomes: [Outcome] = []
        override class var apiToLocal: [String: String] { ["n": "name", "s": "suspended", "o": "outcomes"] }
        override class var identities: [String: String] { ["outcomes": "outcomeId"] }
    }

    final class Event: BaseModel {
        var eventId = 0
        var markets: [String: Market] = [:]
        override class var apiToLocal: [String: String] { ["e": "eventId", "m": "markets"] }
        override class var requiredKeys: Set<String> { ["e"] }
    }

    #if canImport(Observation)
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @Observable final class LiveOutcome: BaseModel {
        var name = ""
        var price = 0.0
        override class var apiToLocal: [String: String] { ["n": "name", "p": "price"] }
        override class var observedKeyPaths: [String: AnyKeyPath] { ["name": \LiveOutcome.name, "price": \LiveOutcome.price] }
    }
    #endif

    @Test("the odds screen: decode, update in place, flash the moved prices, send the user's edits back")
    func oddsScreen() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }
        let event = try Event.decode(from: #"{"e":7,"m":{"1x2":{"n":"1X2","o":[{"i":1,"n":"Home","p":1.5},{"i":2,"n":"Draw","p":3.2},{"i":3,"n":"Away","p":5}]}}}"#)
        let home = event.markets["1x2"]!.outcomes[0]
        let changes = try event.update(from: #"{"m":{"1x2":{"o":[{"i":1,"p":1.45},{"i":2},{"i":3,"p":5.5}]}}}"#)
        for change in changes where change.property == "price" {
            print("\(change.path): \(change.oldValue) → \(change.newValue)")
        }
        // m["1x2"].o[0].p: 1.5 → 1.45
        // m["1x2"].o[2].p: 5 → 5.5
        print(home === event.markets["1x2"]!.outcomes[0], home.price)   // true 1.45
        #expect(printed == [#"m["1x2"].o[0].p: 1.5 → 1.45"#, #"m["1x2"].o[2].p: 5 → 5.5"#, "true 1.45"])

        // A bad message changes nothing.
        #expect(throws: MappingError.self) { try event.update(from: #"{"m":{"1x2":{"s":true,"o":[{"i":1,"p":"x"}]}}}"#) }
        #expect(event.markets["1x2"]!.suspended == false && event.markets["1x2"]!.outcomes.count == 3)
        #expect(throws: MappingError.self) { try Event.decode(from: #"{"m":{}}"#) }

        printed = []
        let snapshot = event.snapshot()
        event.markets["1x2"]!.suspended = true
        event.markets["1x2"]!.outcomes[1].price = 3.4
        let body = try event.changes(since: snapshot).jsonData()
        print(String(decoding: body, as: UTF8.self))
        // {"m":{"1x2":{"s":true,"o":[{"i":1},{"i":2,"p":3.4},{"i":3}]}}}
        #expect(printed == [#"{"m":{"1x2":{"s":true,"o":[{"i":1},{"i":2,"p":3.4},{"i":3}]}}}"#])
    }

    @Test("an enum with a catch-all case keeps a value no case names, and writes it back")
    func catchAllCase() throws {
        let market = try StatusMarket.decode(from: #"{"s":"settled"}"#)
        // market.status == .other("settled"); market.jsonString() == #"{"s":"settled"}"#
        #expect(market.status == .other("settled"))
        #expect(try market.jsonString() == #"{"s":"settled"}"#)
        try market.update(from: #"{"s":"open"}"#)
        #expect(market.status == .open)
        #expect(try StatusMarket.decode(from: #"{"s":7}"#).status == .other("7"))
    }

    final class Board: BaseModel {
        var events: [Event] = []
        override class var apiToLocal: [String: String] { ["ev": "events"] }
        override class var identities: [String: String] { ["events": "eventId"] }
    }

    @Test("a delta addressed by identities is applied where it points")
    func deltaByIdentity() throws {
        let board = try Board.decode(from: #"{"ev":[{"e":101,"m":{"101-1":{"n":"1x2","o":[{"i":1,"p":1.9},{"i":2,"p":2.15}]}}}]}"#)
        let delta = try JSON(parsing: #"{"t":"mkt","e":101,"m":"101-1","s":true}"#)
        let target = IdentityPath("ev", delta["e"]!).then("m", delta["m"]!)
        let changes = try board.update(from: delta.object!, at: target)
        // changes.description == #"suspended at ev[0].m["101-1"].s: false → true"#
        let market = try board.model(of: Market.self, at: target)   // the market the delta changed
        #expect(changes.description == #"suspended at ev[0].m["101-1"].s: false → true"#)
        #expect(market?.suspended == true)
        #expect(market === board.events[0].markets["101-1"])
    }

    final class CachedMarket: BaseModel {
        var name = ""
        override class var apiToLocal: [String: String] { ["n": "name"] }
        override class var keepsUnknownKeys: Bool { true }
    }

    @Test("a model that keeps unknown members merges them on an update and writes them back")
    func unknownMembers() throws {
        let cached = try CachedMarket.decode(from: #"{"n":"1x2","tv":"ch4","x":{"lim":50}}"#)
        try cached.update(from: #"{"tv":null,"x":{"lim":80}}"#)
        // cached.unknownKeys == ["x": ["lim": 80]]
        // cached.jsonString() == #"{"n":"1x2","x":{"lim":80}}"#
        #expect(cached.unknownKeys == ["x": ["lim": 80]])
        #expect(try cached.jsonString() == #"{"n":"1x2","x":{"lim":80}}"#)
    }

    final class Level: BaseModel {
        var price = 0.0
        var size = 0.0
        override class var apiToLocal: [String: String] { ["0": "price", "1": "size"] }
        override class var isPositional: Bool { true }
        override class var removalMarkers: [String: JSON] { ["1": 0] }
    }

    final class Ladder: BaseModel {
        var back: [Level] = []
        override class var apiToLocal: [String: String] { ["atb": "back"] }
        override class var identities: [String: String] { ["back": "price"] }
        override class var partialCollections: Set<String> { ["back"] }
    }

    @Test("a ladder of positional levels takes a delta; size 0 removes a level")
    func ladder() throws {
        let ladder = try Ladder.decode(from: #"{"atb":[[1.5,10],[1.6,20]]}"#)
        let changes = try ladder.update(from: #"{"atb":[[1.6,0],[1.5,12],[1.7,3]]}"#)
        // ladder.back: [1.5, 12], [1.7, 3]
        // changes: size at atb[1][1]: 10 → 12; back at atb[1]: [1.6,20] → null; back at atb[1]: null → [1.7,3]
        let body = try changes.jsonData()   // {"atb":[[1.5,12],[1.7,3],[1.6,0]]}
        #expect(ladder.back.map { [$0.price, $0.size] } == [[1.5, 12], [1.7, 3]])
        #expect(changes.map(\.description) == ["size at atb[1][1]: 10 → 12", "back at atb[1]: [1.6,20] → null", "back at atb[1]: null → [1.7,3]"])
        #expect(String(decoding: body, as: UTF8.self) == #"{"atb":[[1.5,12],[1.7,3],[1.6,0]]}"#)
    }

    final class SizeLadder: BaseModel {
        var back: [Double: Double] = [:]
        override class var apiToLocal: [String: String] { ["atb": "back"] }
        override class var mergedDictionaries: Set<String> { ["back"] }
    }

    @Test("a dictionary of values merged by key")
    func sizeLadder() throws {
        let sizes = try SizeLadder.decode(from: #"{"atb":{"1.5":10,"1.6":20}}"#)
        let moved = try sizes.update(from: #"{"atb":{"1.6":null,"1.5":12}}"#)
        // sizes.back == [1.5: 12]
        // moved: back at atb["1.5"]: 10 → 12; back at atb["1.6"]: 20 → null
        #expect(sizes.back == [1.5: 12])
        #expect(moved.map(\.description) == [#"back at atb["1.5"]: 10 → 12"#, #"back at atb["1.6"]: 20 → null"#])
    }

    final class MarketDefinition: BaseModel {
        var status = ""
        var inPlay = false
        override class var apiToLocal: [String: String] { ["status": "status", "inPlay": "inPlay"] }
    }

    final class MarketChange: BaseModel {
        var marketId = ""
        var definition: MarketDefinition?
        var totalMatched: Double?
        override class var apiToLocal: [String: String] { ["id": "marketId", "marketDefinition": "definition", "tv": "totalMatched"] }
        override class var replacedOnUpdate: Set<String> { ["definition"] }
        override class var replacementMarkers: [String: JSON] { ["img": true] }
    }

    final class MarketCache: BaseModel {
        var markets: [MarketChange] = []
        override class var apiToLocal: [String: String] { ["mc": "markets"] }
        override class var identities: [String: String] { ["markets": "marketId"] }
        override class var partialCollections: Set<String> { ["markets"] }
    }

    @Test("a definition sent in full and a market image replace what the cache holds")
    func images() throws {
        let cache = try MarketCache.decode(from: #"{"mc":[{"id":"1.1","tv":10},{"id":"1.2","marketDefinition":{"status":"OPEN","inPlay":true}}]}"#)
        try cache.update(from: #"{"mc":[{"id":"1.2","marketDefinition":{"status":"SUSPENDED"}}]}"#)
        // cache.markets[1].definition: status "SUSPENDED", inPlay false — a new object, nothing kept
        try cache.update(from: #"{"mc":[{"id":"1.1","img":true}]}"#)
        // cache.markets[0]: a new market "1.1" in the same place, totalMatched nil
        #expect(cache.markets[1].definition?.status == "SUSPENDED" && cache.markets[1].definition?.inPlay == false)
        #expect(cache.markets[0].marketId == "1.1" && cache.markets[0].totalMatched == nil)
        #expect(cache.markets.map(\.marketId) == ["1.1", "1.2"])
    }

    #if canImport(Observation)
    @Test("an @Observable outcome tells its observers")
    func observable() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let outcome = try LiveOutcome.decode(from: #"{"n":"Home","p":1.5}"#)
        nonisolated(unsafe) var told = 0
        withObservationTracking { _ = outcome.price } onChange: { told += 1 }
        try outcome.update(from: #"{"p":1.6}"#)
        #expect(told == 1 && outcome.price == 1.6)
    }
    #endif
}
