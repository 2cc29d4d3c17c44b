import BaseModelKit
import Foundation

// A three-level graph (event → markets → outcomes) with a nested single model, used by the
// semantics, hook and atomicity tests.

final class Outcome: BaseModel {
    var outcomeId: Int = 0
    var name: String?
    var price: Double = 1
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "n": "name", "p": "price"] }

    struct NegativePrice: Error {}

    override func didDeserialize() throws {
        if price < 0 { throw NegativePrice() }
    }
}

final class Market: BaseModel {
    var marketId: String = ""
    var status: Status = .open
    var outcomes: [Outcome] = []
    var favourite: Outcome?
    override class var apiToLocal: [String: String] { ["i": "marketId", "s": "status", "o": "outcomes", "fav": "favourite"] }
}

final class Venue: BaseModel {
    var name: String = ""
    var city: String?
    override class var apiToLocal: [String: String] { ["n": "name", "c": "city"] }
}

final class Event: BaseModel {
    var eventId: Int = 0
    var title: String = ""
    var startsAt: Date?
    var venue: Venue?
    var markets: [Market] = []
    var marketsById: [String: Market] = [:]
    var isLive: Bool = false
    override class var apiToLocal: [String: String] {
        ["i": "eventId", "t": "title", "st": "startsAt", "v": "venue", "m": "markets", "mk": "marketsById", "l": "isLive"]
    }
    override class var transformers: [String: JSONTransformer] { ["startsAt": .iso8601] }
}

enum SampleFeed {
    static let event = #"""
    {"i":7,"t":"Ajax v PSV","st":"2026-11-22T19:45:00Z","v":{"n":"Arena","c":"Amsterdam"},"m":[{"i":"m1","s":"open","o":[{"i":1,"n":"Ajax","p":2.1},{"i":2,"n":"Draw","p":3.4},{"i":3,"n":"PSV","p":3.2}],"fav":{"i":1,"n":"Ajax","p":2.1}},{"i":"m2","s":"suspended","o":[{"i":4,"n":"Over","p":1.9}]}],"mk":{"m3":{"i":"m3","o":[{"i":5,"p":1.5}]}},"l":true}
    """#
}
