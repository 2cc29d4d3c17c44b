import BaseModelKit
import Foundation

// A second feed for the hook tasks, of other shapes than the odds feed's: competitions → events →
// markets → selections, 64-bit ids, optional lines and last prices, booleans, and `"bd"` in every
// object (`BoostedModel`'s special key). The hook ratios of one feed are not a property of the
// library: the classes of this one override the same hooks, so that `--profile league-*` tells how
// far the odds feed's ratios carry to models of another shape.

/// A competition of the plain feed (`LeagueModel<LeagueSelectionModel>`), or of the one whose selections
/// alone override the hooks (`LeagueModel<HookedLeagueSelectionModel>`).
final class LeagueModel<Selection: BaseModel>: BaseModel {
    var competitionId: Int64 = 0
    var name: String = ""
    var events: [LeagueEventModel<Selection>] = []
    override class var apiToLocal: [String: String] { ["cid": "competitionId", "cn": "name", "ev": "events"] }
}

final class LeagueEventModel<Selection: BaseModel>: BaseModel {
    var eventId: Int64 = 0
    var home: String = ""
    var away: String = ""
    var startsAt: Date = Date(timeIntervalSince1970: 0)
    var isLive: Bool = false
    var markets: [LeagueMarketModel<Selection>] = []
    override class var apiToLocal: [String: String] { ["eid": "eventId", "h": "home", "a": "away", "st": "startsAt", "live": "isLive", "mk": "markets"] }
    override class var transformers: [String: JSONTransformer] { ["startsAt": .millisecondsSince1970] }
}

final class LeagueMarketModel<Selection: BaseModel>: BaseModel {
    var marketId: Int64 = 0
    var kind: String = ""
    var line: Double?
    var selections: [Selection] = []
    override class var apiToLocal: [String: String] { ["mid": "marketId", "t": "kind", "ln": "line", "o": "selections"] }
}

final class LeagueSelectionModel: BaseModel {
    var selectionId: Int64 = 0
    var name: String = ""
    var price: Double = 0
    var lastPrice: Double?
    var isSuspended: Bool = false
    override class var apiToLocal: [String: String] { ["sid": "selectionId", "n": "name", "p": "price", "lp": "lastPrice", "sus": "isSuspended"] }
}

// MARK: Every class overriding both hooks

final class HookedLeagueModel: BoostedModel {
    var competitionId: Int64 = 0
    var name: String = ""
    var events: [HookedLeagueEventModel] = []
    override class var apiToLocal: [String: String] { LeagueModel<LeagueSelectionModel>.apiToLocal }
}

final class HookedLeagueEventModel: BoostedModel {
    var eventId: Int64 = 0
    var home: String = ""
    var away: String = ""
    var startsAt: Date = Date(timeIntervalSince1970: 0)
    var isLive: Bool = false
    var markets: [HookedLeagueMarketModel] = []
    override class var apiToLocal: [String: String] { LeagueEventModel<LeagueSelectionModel>.apiToLocal }
    override class var transformers: [String: JSONTransformer] { LeagueEventModel<LeagueSelectionModel>.transformers }
}

final class HookedLeagueMarketModel: BoostedModel {
    var marketId: Int64 = 0
    var kind: String = ""
    var line: Double?
    var selections: [HookedLeagueSelectionModel] = []
    override class var apiToLocal: [String: String] { LeagueMarketModel<LeagueSelectionModel>.apiToLocal }
}

final class HookedLeagueSelectionModel: BoostedModel {
    var selectionId: Int64 = 0
    var name: String = ""
    var price: Double = 0
    var lastPrice: Double?
    var isSuspended: Bool = false
    override class var apiToLocal: [String: String] { LeagueSelectionModel.apiToLocal }
}

enum LeagueFeed {
    /// The feed as a JSON array of 40 competitions × 25 events × 8 markets × 2 or 3 selections (about
    /// 1.8 MB), the same on every run.
    static func generate() -> Data {
        var random = SplitMix(seed: 0x1EA6)
        func price() -> String { Payloads.price(cents: 101 + Int(random.next() % 2_000)) }
        let names = ["Home", "Away", "Draw", "Over", "Under", "Yes", "No", "1X", "X2", "12"]
        var id: Int64 = 4_000_000_000
        var competitions: [String] = []
        for competition in 0..<40 {
            var events: [String] = []
            for _ in 0..<25 {
                var markets: [String] = []
                for market in 0..<8 {
                    var selections: [String] = []
                    for selection in 0..<(market % 3 == 0 ? 3 : 2) {
                        id += 1
                        let lastPrice = random.next() % 3 == 0 ? "" : #","lp":\#(price())"#
                        selections.append(#"{"sid":\#(id),"n":"\#(names[(selection + market) % names.count])","p":\#(price())\#(lastPrice),"sus":\#(random.next() % 7 == 0),"bd":\#(price())}"#)
                    }
                    id += 1
                    let line = market % 2 == 0 ? #","ln":\#(Double(random.next() % 9) + 0.5)"# : ""
                    markets.append(#"{"mid":\#(id),"t":"MK\#(market)"\#(line),"o":[\#(selections.joined(separator: ","))],"bd":\#(price())}"#)
                }
                id += 1
                let startsAt = 1_760_000_000_000 + Int(random.next() % 10_000_000) * 1_000
                events.append(#"{"eid":\#(id),"h":"Team \#(random.next() % 500)","a":"Team \#(random.next() % 500)","st":\#(startsAt),"live":\#(random.next() % 4 == 0),"mk":[\#(markets.joined(separator: ","))],"bd":\#(price())}"#)
            }
            competitions.append(#"{"cid":\#(competition + 1),"cn":"Competition \#(competition)","ev":[\#(events.joined(separator: ","))],"bd":\#(price())}"#)
        }
        return Data("[\(competitions.joined(separator: ","))]".utf8)
    }
}
