import BaseModelKit
import Foundation

// A live odds feed kept in memory and updated in place by small socket messages: events and markets
// keyed by id (merged by key), outcomes in arrays merged by identity. The same feed as BaseModelKit
// models and as plain final classes that a hand-written updater changes.

// MARK: BaseModelKit

final class LiveFeedModel: BaseModel {
    var events: [String: LiveEventModel] = [:]
    override class var apiToLocal: [String: String] { ["e": "events"] }
}

final class LiveEventModel: BaseModel {
    var eventId = 0
    var name = ""
    var isLive = false
    var markets: [String: LiveMarketModel] = [:]
    override class var apiToLocal: [String: String] { ["i": "eventId", "n": "name", "l": "isLive", "m": "markets"] }
}

final class LiveMarketModel: BaseModel {
    var marketId = ""
    var name = ""
    var status: MarketStatus = .open
    var outcomes: [LiveOutcomeModel] = []
    override class var apiToLocal: [String: String] { ["i": "marketId", "n": "name", "s": "status", "o": "outcomes"] }
    override class var identities: [String: String] { ["outcomes": "outcomeId"] }
}

final class LiveOutcomeModel: BaseModel {
    var outcomeId = 0
    var name = ""
    var price = 0.0
    var status: MarketStatus = .open
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "n": "name", "p": "price", "s": "status"] }
}

// MARK: Plain classes

// The hand-written updaters change these objects' properties in place: each property is declared
// without Swift's dynamic exclusivity check, as the engine writes models' fields (with the check,
// every assignment called into the runtime, about 500 instructions a message of the live feed:
// callgrind). The updaters never overlap two accesses to one property.

final class LiveFeedRecord {
    @exclusivity(unchecked) var events: [String: LiveEventRecord] = [:]
}

final class LiveEventRecord {
    @exclusivity(unchecked) var eventId = 0
    @exclusivity(unchecked) var name = ""
    @exclusivity(unchecked) var isLive = false
    @exclusivity(unchecked) var markets: [String: LiveMarketRecord] = [:]
}

final class LiveMarketRecord {
    @exclusivity(unchecked) var marketId = ""
    @exclusivity(unchecked) var name = ""
    @exclusivity(unchecked) var status: MarketStatus = .open
    @exclusivity(unchecked) var outcomes: [LiveOutcomeRecord] = []
}

final class LiveOutcomeRecord {
    @exclusivity(unchecked) var outcomeId = 0
    @exclusivity(unchecked) var name = ""
    @exclusivity(unchecked) var price = 0.0
    @exclusivity(unchecked) var status: MarketStatus = .open
}

// MARK: Payloads

enum LiveFeed {
    /// The feed (`eventCount` events × 8 markets × 3 outcomes, short names as real feeds have), and
    /// two sets of `count` update messages that differ in every price, so that applying the sets in
    /// turn changes what each message names every time.
    static func generate(events eventCount: Int = 500, messages count: Int = 10_000) -> (feed: Data, messages: [[Data]]) {
        let marketNames = ["1X2", "O/U 2.5", "BTTS", "DC", "AH -1", "HT 1X2", "Corners", "Cards"]
        let outcomeNames = ["Home", "Draw", "Away"]
        var events: [String] = []
        for event in 0..<eventCount {
            var markets: [String] = []
            for market in 0..<8 {
                let outcomes = (0..<3).map { outcome in
                    #"{"i":\#(outcome + 1),"n":"\#(outcomeNames[outcome])","p":\#(price(event * 31 + market * 7 + outcome, shift: 0)),"s":"open"}"#
                }
                markets.append(#""\#(event)-\#(market)":{"i":"\#(event)-\#(market)","n":"\#(marketNames[market])","s":"open","o":[\#(outcomes.joined(separator: ","))]}"#)
            }
            events.append(#""\#(event)":{"i":\#(event),"n":"Team \#(event) v Team \#(event + 1)","l":false,"m":{\#(markets.joined(separator: ","))}}"#)
        }
        let feed = Data(#"{"e":{\#(events.joined(separator: ","))}}"#.utf8)
        var generator = SplitMix(seed: 7)
        let targets = (0..<count).map { _ in (event: Int(generator.next() % UInt64(eventCount)), market: Int(generator.next() % 8), kind: Int(generator.next() % 20)) }
        let sets = (0..<2).map { shift in
            targets.enumerated().map { index, target -> Data in
                let market = "\(target.event)-\(target.market)"
                let body: String
                switch target.kind {
                case 0:
                    body = #"{"s":"\#(shift == 0 ? "suspended" : "open")"}"#
                case 1:
                    // The live flag, on the event.
                    return Data(#"{"e":{"\#(target.event)":{"l":\#(shift == 0)}}}"#.utf8)
                default:
                    let outcomes = (0..<3).map { #"{"i":\#($0 + 1),"p":\#(price(index * 3 + $0, shift: shift + 1))}"# }
                    body = #"{"o":[\#(outcomes.joined(separator: ","))]}"#
                }
                return Data(#"{"e":{"\#(target.event)":{"m":{"\#(market)":\#(body)}}}}"#.utf8)
            }
        }
        return (feed, sets)
    }

    /// A price with two decimals between 1.01 and 21.
    static func price(_ seed: Int, shift: Int) -> String {
        let cents = 101 + (seed * 7919 + shift * 13) % 2000
        return "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
    }
}

// MARK: Hand-written

/// The practical limit of an in-place update: code written for exactly these messages, which reads
/// each one straight into the objects it names (over `FastScanner`, keys dispatched on their bytes). It neither compares values nor keeps anything to
/// roll back with (a bad message leaves what it applied so far).
enum HandWrittenLiveFeed {
    static func decode(_ data: Data) throws -> LiveFeedRecord {
        let feed = LiveFeedRecord()
        try apply(data, to: feed)
        return feed
    }

    /// Applies one message, read from the same `Data` that `update(from:)` reads.
    static func apply(_ data: Data, to feed: LiveFeedRecord) throws {
        // Sound: the scanner reads the bytes only inside the closure that lends them (see `FastScanner`).
        try data.withUnsafeBytes { raw in
            var scanner = FastScanner(raw.bindMemory(to: UInt8.self))
            try scanner.expect(UInt8(ascii: "{"))
            repeat {
                guard try scanner.key() == 0x65 /* e */ else { throw FastScanner.Malformed() }
                try scanner.expect(UInt8(ascii: "{"))
                if scanner.consume(UInt8(ascii: "}")) { continue }
                repeat {
                    let id = try scanner.rawKey()
                    let key = String(decoding: id, as: UTF8.self)
                    if let event = feed.events[key] {
                        try self.event(&scanner, into: event)
                    } else {
                        let event = LiveEventRecord()
                        try self.event(&scanner, into: event)
                        feed.events[key] = event
                    }
                } while try scanner.next(UInt8(ascii: "}"))
            } while try scanner.next(UInt8(ascii: "}"))
        }
    }

    private static func event(_ scanner: inout FastScanner, into event: LiveEventRecord) throws {
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x69 /* i */: event.eventId = try scanner.int()
            case 0x6E /* n */: event.name = try scanner.string()
            case 0x6C /* l */: event.isLive = try scanner.bool()
            case 0x6D /* m */:
                try scanner.expect(UInt8(ascii: "{"))
                if scanner.consume(UInt8(ascii: "}")) { continue }
                repeat {
                    let key = String(decoding: try scanner.rawKey(), as: UTF8.self)
                    if let market = event.markets[key] {
                        try self.market(&scanner, into: market)
                    } else {
                        let market = LiveMarketRecord()
                        try self.market(&scanner, into: market)
                        event.markets[key] = market
                    }
                } while try scanner.next(UInt8(ascii: "}"))
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
    }

    private static func market(_ scanner: inout FastScanner, into market: LiveMarketRecord) throws {
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x69 /* i */: market.marketId = try scanner.string()
            case 0x6E /* n */: market.name = try scanner.string()
            case 0x73 /* s */: market.status = try HandWrittenOddsFeed.status(&scanner)
            case 0x6F /* o */:
                // Merged by identity: the listed outcomes in their order, existing ones updated in
                // place. The identity comes first in these messages. While the list names the
                // market's outcomes in their order, no new array is made.
                let existing = market.outcomes
                var outcomes: [LiveOutcomeRecord]?
                var count = 0
                try scanner.expect(UInt8(ascii: "["))
                if !scanner.consume(UInt8(ascii: "]")) {
                    repeat {
                        try scanner.expect(UInt8(ascii: "{"))
                        guard try scanner.key() == 0x69 /* i */ else { throw FastScanner.Malformed() }
                        let id = try scanner.int()
                        let outcome: LiveOutcomeRecord
                        if outcomes == nil, count < existing.count, existing[count].outcomeId == id {
                            outcome = existing[count]
                        } else {
                            if outcomes == nil {
                                outcomes = Array(existing[..<count])
                            }
                            outcome = existing.first { $0.outcomeId == id } ?? LiveOutcomeRecord()
                            outcome.outcomeId = id
                            outcomes?.append(outcome)
                        }
                        count += 1
                        while try scanner.next(UInt8(ascii: "}")) {
                            switch try scanner.key() {
                            case 0x6E /* n */: outcome.name = try scanner.string()
                            case 0x70 /* p */: outcome.price = try scanner.double()
                            case 0x73 /* s */: outcome.status = try HandWrittenOddsFeed.status(&scanner)
                            default: throw FastScanner.Malformed()
                            }
                        }
                    } while try scanner.next(UInt8(ascii: "]"))
                }
                if let outcomes {
                    market.outcomes = outcomes
                } else if count < existing.count {
                    market.outcomes.removeLast(existing.count - count)
                }
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
    }
}

extension ModelBenchmarks {
    /// 10 000 update messages applied in place to live feeds of 500 and of 5 000 events: BaseModelKit
    /// with its change sets, without them (`recordsChanges = false`), and the hand-written updater.
    static func liveUpdates(settings: Settings) throws -> [ResultRow] {
        var rows: [ResultRow] = []
        for events in [500, 5000] {
            let (feedData, sets) = LiveFeed.generate(events: events)
            let total = sets[0].reduce(0) { $0 + $1.count }
            let count = sets[0].count
            var quiet = DecodingOptions()
            quiet.recordsChanges = false

            // Each contender has its own feed and applies the two sets in turn.
            let tracked = try LiveFeedModel.decode(from: feedData)
            let untracked = try LiveFeedModel.decode(from: feedData)
            let record = try HandWrittenLiveFeed.decode(feedData)
            try checkSameResult(feedData: feedData, sets: sets)

            let update = try measureAlternatingSets([
                ("BaseModelKit, change sets", { set in for message in sets[set] { consume(try tracked.update(from: message)) } }),
                ("BaseModelKit, recordsChanges = false", { set in for message in sets[set] { consume(try untracked.update(from: message, options: quiet)) } }),
                ("hand-written", { set in for message in sets[set] { try HandWrittenLiveFeed.apply(message, to: record) } }),
            ], bytes: total, objects: count, settings: settings)
            rows.append(ResultRow(task: "update", payload: "\(count / 1000)k live messages, \(events) ev", contenders: update))
        }
        return rows
    }

    /// Measures `contenders` run by run, each applying one of two sets of messages in turn (`apply`
    /// is handed 0 or 1), so that every run changes what it names.
    static func measureAlternatingSets(_ contenders: [(name: String, apply: (Int) throws -> Void)], bytes: Int, objects: Int,
                                       settings: Settings) throws -> [(name: String, measurement: Measurement)] {
        var turns = [Int](repeating: 0, count: contenders.count)
        return try measureInterleaved(contenders.enumerated().map { index, contender in
            (contender.name, bytes, objects, {
                turns[index] += 1
                try contender.apply(turns[index] % 2)
            })
        }, minimumRuns: max(3, settings.runs / 3), minimumSeconds: settings.seconds)
    }

    /// The hand-written updater must leave the feed as BaseModelKit does, or its figures mean nothing.
    private static func checkSameResult(feedData: Data, sets: [[Data]]) throws {
        let model = try LiveFeedModel.decode(from: feedData)
        let record = try HandWrittenLiveFeed.decode(feedData)
        for message in sets[0] {
            try model.update(from: message)
            try HandWrittenLiveFeed.apply(message, to: record)
        }
        for (key, event) in model.events {
            guard let other = record.events[key], other.isLive == event.isLive else { throw ContenderMismatch(payload: "live messages", contender: "hand-written") }
            for (key, market) in event.markets {
                guard let otherMarket = other.markets[key], otherMarket.status == market.status,
                      otherMarket.outcomes.map(\.price) == market.outcomes.map(\.price) else {
                    throw ContenderMismatch(payload: "live messages", contender: "hand-written")
                }
            }
        }
    }
}
