import BaseModelKit
import Foundation

// A betting exchange's market cache with its runners' price ladders, kept live from its stream of
// market changes (Betfair's `mcm` messages): markets in a partial collection by identity, runners in
// one per market, and each runner's prices available to back and to lay (`atb`, `atl`) as partial
// collections of positional `[price, size]` levels merged by price, a size of 0 removing one:
// `{"pt":…,"mc":[{"id":"1.100","rc":[{"id":58805,"ltp":2.5,"atb":[[2.48,120.5],[2.46,0]],"atl":[[2.52,40]]}]}]}`.

// MARK: BaseModelKit

final class ExchangeCacheModel: BaseModel {
    var publishTime: Int64 = 0
    var markets: [ExchangeMarketModel] = []
    override class var apiToLocal: [String: String] { ["pt": "publishTime", "mc": "markets"] }
    override class var identities: [String: String] { ["markets": "marketId"] }
    override class var partialCollections: Set<String> { ["markets"] }
}

final class ExchangeMarketModel: BaseModel {
    var marketId = ""
    var runners: [ExchangeRunnerModel] = []
    override class var apiToLocal: [String: String] { ["id": "marketId", "rc": "runners"] }
    override class var identities: [String: String] { ["runners": "selectionId"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

final class ExchangeRunnerModel: BaseModel {
    var selectionId = 0
    var lastTraded = 0.0
    var back: [ExchangeLevelModel] = []
    var lay: [ExchangeLevelModel] = []
    override class var apiToLocal: [String: String] { ["id": "selectionId", "ltp": "lastTraded", "atb": "back", "atl": "lay"] }
    override class var identities: [String: String] { ["back": "price", "lay": "price"] }
    override class var partialCollections: Set<String> { ["back", "lay"] }
}

final class ExchangeLevelModel: BaseModel {
    var price = 0.0
    var size = 0.0
    override class var apiToLocal: [String: String] { ["0": "price", "1": "size"] }
    override class var isPositional: Bool { true }
    override class var removalMarkers: [String: JSON] { ["1": 0] }
}

// MARK: Plain classes

final class ExchangeCacheRecord {
    @exclusivity(unchecked) var publishTime: Int64 = 0
    @exclusivity(unchecked) var markets: [String: ExchangeMarketRecord] = [:]

    /// The market `id` names, added when it is new.
    @inline(__always)
    func market(_ id: String) -> ExchangeMarketRecord {
        entry(id, in: &markets, make: ExchangeMarketRecord.init)
    }
}

final class ExchangeMarketRecord {
    @exclusivity(unchecked) var runners: [Int: ExchangeRunnerRecord] = [:]

    /// The runner `id` names, added when it is new.
    @inline(__always)
    func runner(_ id: Int) -> ExchangeRunnerRecord {
        entry(id, in: &runners, make: ExchangeRunnerRecord.init)
    }
}

/// The record `id` names in `records`, or a new one made by `make` and added: one look-up when it
/// is there.
@inline(__always)
private func entry<ID: Hashable, Record>(_ id: ID, in records: inout [ID: Record], make: () -> Record) -> Record {
    if let found = records[id] { return found }
    let made = make()
    records[id] = made
    return made
}

/// A runner as a hand-written cache keeps it: each ladder a dictionary from price to size.
final class ExchangeRunnerRecord {
    @exclusivity(unchecked) var lastTraded = 0.0
    @exclusivity(unchecked) var back: [Double: Double] = [:]
    @exclusivity(unchecked) var lay: [Double: Double] = [:]
}

// MARK: Payloads

enum ExchangeLadders {
    static let markets = 200
    static let runnersPerMarket = 10
    /// How many change messages each set holds.
    static let messageCount = 2_000
    /// The ticks a ladder's prices come from: a ladder holds at most this many levels.
    static let ticks = 12

    static func marketId(_ index: Int) -> String { "1.\(200_000_000 + index)" }
    static func selectionId(market: Int, runner: Int) -> Int { 40_000 + market * 37 + runner }
    /// The price of tick `tick` of a ladder: the back ladder's below 2, the lay ladder's from 2 up.
    static func price(_ tick: Int, lay: Bool) -> String { lay ? "2.\(10 + tick * 2)" : "1.\(70 + tick * 2)" }

    /// A cache of 200 markets × 10 runners with ladders of ten levels a side, and two sets of change
    /// messages: each lists three markets, two or three runners in each, with a traded price and two
    /// levels a side, one level in four removed (a size of 0) and the rest new sizes of levels held or
    /// not.
    static func generate() -> (cache: Data, sets: [[[UInt8]]]) {
        func ladder(_ lay: Bool) -> String {
            (0..<10).map { "[\(price($0, lay: lay)),\($0 + 1).5]" }.joined(separator: ",")
        }
        let image = (0..<markets).map { market in
            let runners = (0..<runnersPerMarket).map { runner in
                #"{"id":\#(selectionId(market: market, runner: runner)),"ltp":1.9,"atb":[\#(ladder(false))],"atl":[\#(ladder(true))]}"#
            }
            return #"{"id":"\#(marketId(market))","rc":[\#(runners.joined(separator: ","))]}"#
        }
        var generator = SplitMix(seed: 46)
        func next(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }
        let sets = (0..<2).map { set in
            (0..<messageCount).map { index -> [UInt8] in
                let first = next(markets)
                let changes = (0..<3).map { place -> String in
                    let market = (first + place * (markets / 3)) % markets
                    let start = next(runnersPerMarket)
                    let runners = (0..<2 + next(2)).map { offset -> String in
                        func levels(_ lay: Bool) -> String {
                            let one = next(ticks)
                            let other = (one + 1 + next(ticks - 1)) % ticks
                            return [one, other].map { tick in
                                "[\(price(tick, lay: lay)),\(next(4) == 0 ? "0" : "\(next(500) + 1).\(next(100))")]"
                            }.joined(separator: ",")
                        }
                        let runner = (start + offset) % runnersPerMarket
                        return #"{"id":\#(selectionId(market: market, runner: runner)),"ltp":\#(price(next(ticks), lay: set == 1)),"atb":[\#(levels(false))],"atl":[\#(levels(true))]}"#
                    }
                    return #"{"id":"\#(marketId(market))","rc":[\#(runners.joined(separator: ","))]}"#
                }
                return Array(#"{"pt":\#(1_700_000_000_000 + index * 2 + set),"mc":[\#(changes.joined(separator: ","))]}"#.utf8)
            }
        }
        return (Data(#"{"pt":1700000000000,"mc":[\#(image.joined(separator: ","))]}"#.utf8), sets)
    }

    /// The cache as a hand-written cache keeps it.
    static func record(of model: ExchangeCacheModel) -> ExchangeCacheRecord {
        let record = ExchangeCacheRecord()
        record.publishTime = model.publishTime
        for market in model.markets {
            let marketRecord = ExchangeMarketRecord()
            for runner in market.runners {
                let runnerRecord = ExchangeRunnerRecord()
                runnerRecord.lastTraded = runner.lastTraded
                runnerRecord.back = ladder(runner.back)
                runnerRecord.lay = ladder(runner.lay)
                marketRecord.runners[runner.selectionId] = runnerRecord
            }
            record.markets[market.marketId] = marketRecord
        }
        return record
    }

    private static func ladder(_ levels: [ExchangeLevelModel]) -> [Double: Double] {
        Dictionary(levels.map { ($0.price, $0.size) }) { _, last in last }
    }

    /// Whether `record` holds what `model` holds.
    static func same(_ model: ExchangeCacheModel, _ record: ExchangeCacheRecord) -> Bool {
        model.publishTime == record.publishTime && model.markets.count == record.markets.count && model.markets.allSatisfy { market in
            guard let marketRecord = record.markets[market.marketId], marketRecord.runners.count == market.runners.count else { return false }
            return market.runners.allSatisfy { runner in
                guard let runnerRecord = marketRecord.runners[runner.selectionId] else { return false }
                return runner.lastTraded == runnerRecord.lastTraded && ladder(runner.back) == runnerRecord.back && ladder(runner.lay) == runnerRecord.lay
                    && runner.back.allSatisfy { $0.size != 0 } && runner.lay.allSatisfy { $0.size != 0 }
            }
        }
    }
}

// MARK: Hand-written

/// The practical limit: each message read over `FastScanner` straight into the cache, markets and
/// runners found through its dictionaries and each ladder a dictionary from price to size (a size of
/// 0 removes the price). It neither compares values nor keeps anything to roll back with.
enum HandWrittenExchangeLadders {
    static func apply(_ message: [UInt8], to cache: ExchangeCacheRecord) throws {
        // Sound: the scanner reads `buffer` only inside this closure (see `FastScanner`).
        try message.withUnsafeBufferPointer { buffer in
            var scanner = FastScanner(buffer)
            try scanner.expect(UInt8(ascii: "{"))
            repeat {
                switch try scanner.key() {
                case 0x7074 /* pt */: cache.publishTime = Int64(try scanner.int())
                case 0x6D63 /* mc */:
                    try scanner.expect(UInt8(ascii: "["))
                    if scanner.consume(UInt8(ascii: "]")) { continue }
                    repeat { try market(&scanner, in: cache) } while try scanner.next(UInt8(ascii: "]"))
                default: throw FastScanner.Malformed()
                }
            } while try scanner.next(UInt8(ascii: "}"))
        }
    }

    private static func market(_ scanner: inout FastScanner, in cache: ExchangeCacheRecord) throws {
        try scanner.expect(UInt8(ascii: "{"))
        guard try scanner.key() == 0x6964 /* id */ else { throw FastScanner.Malformed() }
        let market = cache.market(try scanner.string())
        while try scanner.next(UInt8(ascii: "}")) {
            guard try scanner.key() == 0x7263 /* rc */ else { throw FastScanner.Malformed() }
            try scanner.expect(UInt8(ascii: "["))
            if scanner.consume(UInt8(ascii: "]")) { continue }
            repeat { try runner(&scanner, in: market) } while try scanner.next(UInt8(ascii: "]"))
        }
    }

    private static func runner(_ scanner: inout FastScanner, in market: ExchangeMarketRecord) throws {
        try scanner.expect(UInt8(ascii: "{"))
        guard try scanner.key() == 0x6964 /* id */ else { throw FastScanner.Malformed() }
        let runner = market.runner(try scanner.int())
        while try scanner.next(UInt8(ascii: "}")) {
            switch try scanner.key() {
            case 0x6C7470 /* ltp */: runner.lastTraded = try scanner.double()
            case 0x617462 /* atb */: try ladder(&scanner, into: &runner.back)
            case 0x61746C /* atl */: try ladder(&scanner, into: &runner.lay)
            default: throw FastScanner.Malformed()
            }
        }
    }

    private static func ladder(_ scanner: inout FastScanner, into levels: inout [Double: Double]) throws {
        try scanner.expect(UInt8(ascii: "["))
        if scanner.consume(UInt8(ascii: "]")) { return }
        repeat {
            try scanner.expect(UInt8(ascii: "["))
            let price = try scanner.double()
            try scanner.expect(UInt8(ascii: ","))
            let size = try scanner.double()
            try scanner.expect(UInt8(ascii: "]"))
            levels[price] = size == 0 ? nil : size
        } while try scanner.next(UInt8(ascii: "]"))
    }
}

extension FoundationDeltas {
    /// The exchange ladders' change message, applied as `HandWrittenExchangeLadders.apply` applies it.
    static func applyExchangeChanges(_ message: [UInt8], to cache: ExchangeCacheRecord) throws {
        guard let root = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] else { throw Malformed() }
        if let publishTime = root["pt"] as? NSNumber { cache.publishTime = publishTime.int64Value }
        for case let change as [String: Any] in root["mc"] as? [Any] ?? [] {
            guard let id = change["id"] as? String else { throw Malformed() }
            let market = cache.market(id)
            for case let listed as [String: Any] in change["rc"] as? [Any] ?? [] {
                guard let selection = listed["id"] as? NSNumber else { throw Malformed() }
                let runner = market.runner(selection.intValue)
                if let traded = listed["ltp"] as? NSNumber { runner.lastTraded = traded.doubleValue }
                func apply(_ levels: Any?, to ladder: inout [Double: Double]) throws {
                    for case let level as [NSNumber] in levels as? [Any] ?? [] {
                        guard level.count == 2 else { throw Malformed() }
                        ladder[level[0].doubleValue] = level[1].doubleValue == 0 ? nil : level[1].doubleValue
                    }
                }
                try apply(listed["atb"], to: &runner.back)
                try apply(listed["atl"], to: &runner.lay)
            }
        }
    }
}

extension ModelBenchmarks {
    /// Change messages with price ladders into a market cache of 200 markets × 10 runners.
    static func exchangeLadders(settings: Settings) throws -> [ResultRow] {
        let (cache, sets) = ExchangeLadders.generate()
        return [try SmallDeltas.row(payload: "market changes with ladders, 200 markets", data: cache, sets: sets, as: ExchangeCacheModel.self,
                                    record: ExchangeLadders.record, apply: HandWrittenExchangeLadders.apply, foundation: FoundationDeltas.applyExchangeChanges,
                                    same: ExchangeLadders.same, settings: settings)]
    }
}
