import BaseModelKit
import Foundation

// The generated odds feed (Payloads.oddsFeed) as models, once per contender: BaseModelKit subclasses,
// and Codable final classes that JSONDecoder/JSONEncoder and the hand-written coder both fill.

enum Sport: String, Codable {
    case football, tennis, basketball, iceHockey = "ice_hockey"
}

enum MarketStatus: String, Codable {
    case open, suspended, closed
}

// MARK: BaseModelKit

final class FeedModel: BaseModel {
    var version: Int = 0
    var timestamp: Date?
    var events: [EventModel] = []
    override class var apiToLocal: [String: String] { ["v": "version", "ts": "timestamp", "e": "events"] }
    override class var transformers: [String: JSONTransformer] { ["timestamp": .millisecondsSince1970] }
}

final class EventModel: BaseModel {
    var eventId: Int = 0
    var name: String = ""
    var sport: Sport = .football
    var startsAt: Date = Date(timeIntervalSince1970: 0)
    var isLive: Bool = false
    var competition: String?
    var markets: [MarketModel] = []
    override class var apiToLocal: [String: String] {
        ["i": "eventId", "n": "name", "sp": "sport", "st": "startsAt", "l": "isLive", "c": "competition", "m": "markets"]
    }
    override class var transformers: [String: JSONTransformer] { ["startsAt": .millisecondsSince1970] }
}

final class MarketModel: BaseModel {
    var marketId: String = ""
    var name: String = ""
    var status: MarketStatus = .open
    var handicap: Double?
    var outcomes: [OutcomeModel] = []
    override class var apiToLocal: [String: String] { ["i": "marketId", "n": "name", "s": "status", "h": "handicap", "o": "outcomes"] }
}

final class OutcomeModel: BaseModel {
    var outcomeId: Int = 0
    var name: String = ""
    var price: Double = 0
    var status: MarketStatus = .open
    var limit: Int?
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "n": "name", "p": "price", "s": "status", "l": "limit"] }
}

/// The same as `OutcomeModel`, with overrides of `deserialize` and `serialize` that only call
/// `super`: what a hook costs, each way, before it reads or adds anything.
final class HookedOutcomeModel: BaseModel {
    var outcomeId: Int = 0
    var name: String = ""
    var price: Double = 0
    var status: MarketStatus = .open
    var limit: Int?
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "n": "name", "p": "price", "s": "status", "l": "limit"] }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
    }
    override func serialize() throws -> JSONObject { try super.serialize() }
}

/// A model whose overrides read one key its map leaves out after `super` (`"bd"`, a boost) and
/// write it into the object `super` returns: what a hook for a special field costs.
class BoostedModel: BaseModel {
    var boost: Double = 0
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        boost = object["bd"]?.number?.double ?? 0
    }
    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        object["bd"] = .number(JSONNumber(boost))
        return object
    }
}

/// The same as `OutcomeModel`, with the boost's hooks.
final class KeyReadingOutcomeModel: BoostedModel {
    var outcomeId: Int = 0
    var name: String = ""
    var price: Double = 0
    var status: MarketStatus = .open
    var limit: Int?
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "n": "name", "p": "price", "s": "status", "l": "limit"] }
}

/// The same as `KeyReadingOutcomeModel` with the boost in its map instead of in hooks: the cost of
/// reading or writing that key without an override.
final class MappedBoostOutcomeModel: BaseModel {
    var outcomeId: Int = 0
    var name: String = ""
    var price: Double = 0
    var status: MarketStatus = .open
    var limit: Int?
    var boost: Double = 0
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "n": "name", "p": "price", "s": "status", "l": "limit", "bd": "boost"] }
}

// MARK: Codable

final class FeedRecord: Codable {
    var version: Int = 0
    var timestamp: Date?
    var events: [EventRecord] = []
    enum CodingKeys: String, CodingKey { case version = "v", timestamp = "ts", events = "e" }
    init() {}
}

final class EventRecord: Codable {
    var eventId: Int = 0
    var name: String = ""
    var sport: Sport = .football
    var startsAt: Date = Date(timeIntervalSince1970: 0)
    var isLive: Bool = false
    var competition: String?
    var markets: [MarketRecord] = []
    enum CodingKeys: String, CodingKey {
        case eventId = "i", name = "n", sport = "sp", startsAt = "st", isLive = "l", competition = "c", markets = "m"
    }
    init() {}
}

final class MarketRecord: Codable {
    var marketId: String = ""
    var name: String = ""
    var status: MarketStatus = .open
    var handicap: Double?
    var outcomes: [OutcomeRecord] = []
    enum CodingKeys: String, CodingKey { case marketId = "i", name = "n", status = "s", handicap = "h", outcomes = "o" }
    init() {}
}

final class OutcomeRecord: Codable {
    var outcomeId: Int = 0
    var name: String = ""
    var price: Double = 0
    var status: MarketStatus = .open
    var limit: Int?
    enum CodingKeys: String, CodingKey { case outcomeId = "i", name = "n", price = "p", status = "s", limit = "l" }
    init() {}
}
