import BaseModelKit
import Foundation

// The odds feed with one more key in every object (`"bd"`, a boost), which the maps leave out: a
// special field that each class below reads in its `deserialize` override after `super`, and
// writes in its `serialize` override into the object `super` returns (`BoostedModel`). Against
// the plain models (which skip the key), what an override that does real work costs, at every
// level of the graph.

final class HookedFeedModel: BoostedModel {
    var version: Int = 0
    var timestamp: Date?
    var events: [HookedEventModel] = []
    override class var apiToLocal: [String: String] { ["v": "version", "ts": "timestamp", "e": "events"] }
    override class var transformers: [String: JSONTransformer] { ["timestamp": .millisecondsSince1970] }
}

final class HookedEventModel: BoostedModel {
    var eventId: Int = 0
    var name: String = ""
    var sport: Sport = .football
    var startsAt: Date = Date(timeIntervalSince1970: 0)
    var isLive: Bool = false
    var competition: String?
    var markets: [HookedMarketModel] = []
    override class var apiToLocal: [String: String] {
        ["i": "eventId", "n": "name", "sp": "sport", "st": "startsAt", "l": "isLive", "c": "competition", "m": "markets"]
    }
    override class var transformers: [String: JSONTransformer] { ["startsAt": .millisecondsSince1970] }
}

final class HookedMarketModel: BoostedModel {
    var marketId: String = ""
    var name: String = ""
    var status: MarketStatus = .open
    var handicap: Double?
    var outcomes: [KeyReadingOutcomeModel] = []
    override class var apiToLocal: [String: String] { ["i": "marketId", "n": "name", "s": "status", "h": "handicap", "o": "outcomes"] }
}

enum HookedFeed {
    /// The odds feed of `feed` with `"bd"` in every object.
    static func boosted(_ feed: FeedModel) throws -> Data {
        var counter = 0
        func boost(_ value: JSON) -> JSON {
            switch value {
            case .object(var object):
                for (key, member) in object { object[key] = boost(member) }
                counter += 1
                object["bd"] = .number(JSONNumber(Double(counter % 7) / 4))
                return .object(object)
            case .array(let elements):
                return .array(elements.map(boost))
            default:
                return value
            }
        }
        return try boost(JSON(parsing: feed.jsonData())).serializedData()
    }
}
