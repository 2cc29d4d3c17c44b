import BaseModelKit
import Foundation

// The demo's sportsbook models: a feed of events of two kinds, each with markets and outcomes.

final class Feed: BaseModel {
    var version: Int = 0
    var generatedAt: Date?
    var events: [SportEvent] = []
    override class var apiToLocal: [String: String] { ["v": "version", "gen": "generatedAt", "ev": "events"] }
    override class var transformers: [String: JSONTransformer] { ["generatedAt": .iso8601] }
    /// Events are found by id: `feed.model(at: IdentityPath("ev", 7))`, and deltas addressed to them.
    override class var identities: [String: String] { ["events": "eventId"] }
}

/// What every event has. The "k" key says which kind of event an object is.
class SportEvent: BaseModel {
    var eventId: Int = 0
    var kind: String = ""
    var name: String = ""
    var startsAt: Date = Date(timeIntervalSince1970: 0)
    var isLive: Bool = false
    var competition: String?
    var markets: [Market] = []
    override class var apiToLocal: [String: String] {
        ["id": "eventId", "k": "kind", "n": "name", "st": "startsAt", "lv": "isLive", "cm": "competition", "m": "markets"]
    }
    /// Updates merge markets by their id, so a screen that holds a market keeps holding it.
    override class var identities: [String: String] { ["markets": "marketId"] }

    override class func modelClass(for object: JSONObject) -> BaseModel.Type? {
        switch object["k"]?.string {
        case "f": return FootballMatch.self
        case "t": return TennisMatch.self
        default: return nil
        }
    }
}

final class FootballMatch: SportEvent {
    var home: String = ""
    var away: String = ""
    var score: [Int]?
    override class var apiToLocal: [String: String] { ["h": "home", "a": "away", "sc": "score"] }
}

final class TennisMatch: SportEvent {
    var playerOne: String = ""
    var playerTwo: String = ""
    var bestOf: Int = 3
    override class var apiToLocal: [String: String] { ["p1": "playerOne", "p2": "playerTwo", "bo": "bestOf"] }
}

enum MarketStatus: String {
    case open = "o", suspended = "s", closed = "c"
}

final class Market: BaseModel {
    var marketId: String = ""
    var name: String = ""
    var status: MarketStatus = .open
    var outcomes: [Outcome] = []
    var updatedAt: Date?
    override class var apiToLocal: [String: String] { ["id": "marketId", "n": "name", "s": "status", "o": "outcomes", "up": "updatedAt"] }
    override class var identities: [String: String] { ["outcomes": "outcomeId"] }
    /// A price delta lists only the outcomes whose prices moved; the others stay.
    override class var partialCollections: Set<String> { ["outcomes"] }
    override class var transformers: [String: JSONTransformer] { ["updatedAt": .iso8601] }
}

final class Outcome: BaseModel {
    var outcomeId: Int = 0
    var name: String = ""
    var price: Double = 0
    var limit: Int?
    var ladder: [PriceLevel] = []
    override class var apiToLocal: [String: String] { ["id": "outcomeId", "n": "name", "pr": "price", "lm": "limit", "atb": "ladder"] }
    /// The prices on offer, as levels keyed by price: a delta lists the levels that changed.
    override class var identities: [String: String] { ["ladder": "price"] }
    override class var partialCollections: Set<String> { ["ladder"] }
}

/// A level of a price ladder, sent as an array: `[price, size]`. A size of 0 in a delta removes it.
final class PriceLevel: BaseModel {
    var price: Double = 0
    var size: Double = 0
    override class var apiToLocal: [String: String] { ["0": "price", "1": "size"] }
    override class var isPositional: Bool { true }
    override class var removalMarkers: [String: JSON] { ["1": 0] }
}
