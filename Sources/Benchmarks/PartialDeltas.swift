import BaseModelKit
import Foundation

// A live board of events in arrays merged by identity, updated by deltas addressed by identity —
// `{"o":[{"i":2,"p":2.2}]}` for market "17-3" of event 17 — that list only the outcomes whose prices
// moved. BaseModelKit applies them with `update(from:at:)` to the market an `IdentityPath` names; a
// hand-written updater finds the market through dictionaries it keeps beside the arrays.

// MARK: BaseModelKit

final class DeltaBoardModel: BaseModel {
    var events: [DeltaEventModel] = []
    override class var apiToLocal: [String: String] { ["ev": "events"] }
    override class var identities: [String: String] { ["events": "eventId"] }
}

final class DeltaEventModel: BaseModel {
    var eventId = 0
    var name = ""
    var markets: [DeltaMarketModel] = []
    override class var apiToLocal: [String: String] { ["i": "eventId", "n": "name", "m": "markets"] }
    override class var identities: [String: String] { ["markets": "marketId"] }
}

final class DeltaMarketModel: BaseModel {
    var marketId = ""
    var status: MarketStatus = .open
    var outcomes: [LiveOutcomeModel] = []
    override class var apiToLocal: [String: String] { ["i": "marketId", "s": "status", "o": "outcomes"] }
    override class var identities: [String: String] { ["outcomes": "outcomeId"] }
    override class var partialCollections: Set<String> { ["outcomes"] }
}

// MARK: Plain classes

// Without the dynamic exclusivity check, as the live feed's records (see there).

final class DeltaBoardRecord {
    @exclusivity(unchecked) var events: [DeltaEventRecord] = []
    /// The index a hand-written client keeps to find an event by id.
    @exclusivity(unchecked) var eventsById: [Int: DeltaEventRecord] = [:]
}

final class DeltaEventRecord {
    @exclusivity(unchecked) var eventId = 0
    @exclusivity(unchecked) var name = ""
    @exclusivity(unchecked) var markets: [DeltaMarketRecord] = []
    @exclusivity(unchecked) var marketsById: [String: DeltaMarketRecord] = [:]
}

final class DeltaMarketRecord {
    @exclusivity(unchecked) var marketId = ""
    @exclusivity(unchecked) var status: MarketStatus = .open
    @exclusivity(unchecked) var outcomes: [LiveOutcomeRecord] = []
}

// MARK: Payloads

enum PartialDeltas {
    /// One delta: its target's identities, the path to it, and its body.
    struct Delta {
        let eventId: Int
        let marketId: String
        let path: IdentityPath
        let body: [UInt8]
    }

    /// A board of `events` events × 8 markets × 3 outcomes, and two sets of `count` deltas that differ
    /// in every price: most move one outcome's price, some two, one in twenty suspends or reopens
    /// the market.
    static func generate(events: Int, messages count: Int = 10_000) -> (board: Data, sets: [[Delta]]) {
        let outcomeNames = ["Home", "Draw", "Away"]
        let board = (0..<events).map { event in
            let markets = (0..<8).map { market in
                let outcomes = (0..<3).map { #"{"i":\#($0 + 1),"n":"\#(outcomeNames[$0])","p":\#(LiveFeed.price(event * 31 + market * 7 + $0, shift: 0)),"s":"open"}"# }
                return #"{"i":"\#(event)-\#(market)","s":"open","o":[\#(outcomes.joined(separator: ","))]}"#
            }
            return #"{"i":\#(event),"n":"Team \#(event) v Team \#(event + 1)","m":[\#(markets.joined(separator: ","))]}"#
        }
        var generator = SplitMix(seed: 11)
        let targets = (0..<count).map { _ in
            (event: Int(generator.next() % UInt64(events)), market: Int(generator.next() % 8), outcome: Int(generator.next() % 3), kind: Int(generator.next() % 20))
        }
        let sets = (0..<2).map { shift in
            targets.enumerated().map { index, target -> Delta in
                let marketId = "\(target.event)-\(target.market)"
                let body: String
                switch target.kind {
                case 0:
                    body = #"{"s":"\#(shift == 0 ? "suspended" : "open")"}"#
                case 1, 2, 3:
                    let outcomes = [target.outcome, (target.outcome + 1) % 3].map { #"{"i":\#($0 + 1),"p":\#(LiveFeed.price(index * 3 + $0, shift: shift + 1))}"# }
                    body = #"{"o":[\#(outcomes.joined(separator: ","))]}"#
                default:
                    body = #"{"o":[{"i":\#(target.outcome + 1),"p":\#(LiveFeed.price(index * 3 + target.outcome, shift: shift + 1))}]}"#
                }
                return Delta(eventId: target.event, marketId: marketId,
                             path: IdentityPath("ev", .number(JSONNumber(target.event))).then("m", .string(marketId)), body: Array(body.utf8))
            }
        }
        return (Data(#"{"ev":[\#(board.joined(separator: ","))]}"#.utf8), sets)
    }

    /// The board as plain classes, with their indexes (setup, not measured).
    static func records(of board: DeltaBoardModel) -> DeltaBoardRecord {
        let record = DeltaBoardRecord()
        for event in board.events {
            let eventRecord = DeltaEventRecord()
            eventRecord.eventId = event.eventId
            eventRecord.name = event.name
            for market in event.markets {
                let marketRecord = DeltaMarketRecord()
                marketRecord.marketId = market.marketId
                marketRecord.status = market.status
                marketRecord.outcomes = market.outcomes.map { outcome in
                    let outcomeRecord = LiveOutcomeRecord()
                    outcomeRecord.outcomeId = outcome.outcomeId
                    outcomeRecord.name = outcome.name
                    outcomeRecord.price = outcome.price
                    outcomeRecord.status = outcome.status
                    return outcomeRecord
                }
                eventRecord.markets.append(marketRecord)
                eventRecord.marketsById[marketRecord.marketId] = marketRecord
            }
            record.events.append(eventRecord)
            record.eventsById[eventRecord.eventId] = eventRecord
        }
        return record
    }
}

// MARK: Hand-written

/// The practical limit: the target found through the client's own dictionaries, the body read
/// straight into the market (over `FastScanner`), listed outcomes found by id among the market's
/// few, unlisted ones left alone. It neither compares values nor keeps anything to roll back with.
enum HandWrittenDeltas {
    static func apply(_ delta: PartialDeltas.Delta, to board: DeltaBoardRecord) throws {
        guard let market = board.eventsById[delta.eventId]?.marketsById[delta.marketId] else { throw FastScanner.Malformed() }
        // Sound: the scanner reads `buffer` only inside this closure (see `FastScanner`).
        try delta.body.withUnsafeBufferPointer { buffer in
            var scanner = FastScanner(buffer)
            try scanner.expect(UInt8(ascii: "{"))
            repeat {
                switch try scanner.key() {
                case 0x73 /* s */: market.status = try HandWrittenOddsFeed.status(&scanner)
                case 0x6F /* o */:
                    try scanner.expect(UInt8(ascii: "["))
                    if scanner.consume(UInt8(ascii: "]")) { continue }
                    repeat {
                        try scanner.expect(UInt8(ascii: "{"))
                        guard try scanner.key() == 0x69 /* i */ else { throw FastScanner.Malformed() }
                        let id = try scanner.int()
                        let outcome: LiveOutcomeRecord
                        if let found = market.outcomes.first(where: { $0.outcomeId == id }) {
                            outcome = found
                        } else {
                            outcome = LiveOutcomeRecord()
                            outcome.outcomeId = id
                            market.outcomes.append(outcome)
                        }
                        while try scanner.next(UInt8(ascii: "}")) {
                            switch try scanner.key() {
                            case 0x6E /* n */: outcome.name = try scanner.string()
                            case 0x70 /* p */: outcome.price = try scanner.double()
                            case 0x73 /* s */: outcome.status = try HandWrittenOddsFeed.status(&scanner)
                            default: throw FastScanner.Malformed()
                            }
                        }
                    } while try scanner.next(UInt8(ascii: "]"))
                default: throw FastScanner.Malformed()
                }
            } while try scanner.next(UInt8(ascii: "}"))
        }
    }
}

extension ModelBenchmarks {
    /// 10 000 partial deltas addressed by identity, on boards of 500 and of 5 000 events: BaseModelKit
    /// with change sets, without (`recordsChanges = false`), and the hand-written updater.
    static func partialDeltas(settings: Settings) throws -> [ResultRow] {
        var rows: [ResultRow] = []
        for events in [500, 5000] {
            let (boardData, sets) = PartialDeltas.generate(events: events)
            let total = sets[0].reduce(0) { $0 + $1.body.count }
            let count = sets[0].count
            var quiet = DecodingOptions()
            quiet.recordsChanges = false
            let tracked = try DeltaBoardModel.decode(from: boardData)
            let untracked = try DeltaBoardModel.decode(from: boardData)
            let record = PartialDeltas.records(of: try DeltaBoardModel.decode(from: boardData))
            try checkSameResult(boardData: boardData, deltas: sets[0])
            let update = try measureAlternatingSets([
                ("BaseModelKit, change sets", { set in for delta in sets[set] { consume(try tracked.update(from: delta.body, at: delta.path)) } }),
                ("BaseModelKit, recordsChanges = false", { set in
                    for delta in sets[set] { consume(try untracked.update(from: delta.body, at: delta.path, options: quiet)) }
                }),
                ("hand-written", { set in for delta in sets[set] { try HandWrittenDeltas.apply(delta, to: record) } }),
            ], bytes: total, objects: count, settings: settings)
            rows.append(ResultRow(task: "update", payload: "\(count / 1000)k id deltas, \(events) ev", contenders: update))
        }
        return rows
    }

    /// The hand-written updater must leave the board as BaseModelKit does, or its figures mean nothing.
    private static func checkSameResult(boardData: Data, deltas: [PartialDeltas.Delta]) throws {
        let model = try DeltaBoardModel.decode(from: boardData)
        let record = PartialDeltas.records(of: try DeltaBoardModel.decode(from: boardData))
        for delta in deltas {
            try model.update(from: delta.body, at: delta.path)
            try HandWrittenDeltas.apply(delta, to: record)
        }
        for (event, other) in zip(model.events, record.events) {
            for (market, otherMarket) in zip(event.markets, other.markets) {
                guard market.status == otherMarket.status, market.outcomes.map(\.price) == otherMarket.outcomes.map(\.price) else {
                    throw ContenderMismatch(payload: "deltas by id", contender: "hand-written")
                }
            }
        }
    }
}
