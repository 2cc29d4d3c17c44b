import BaseModelKit
import Foundation

// A betting exchange's market cache kept live from its stream of market changes: markets in a
// partial collection by identity, each with its runners in a partial collection of their own. A
// change message lists a few markets and, in each, the runners whose prices moved:
// `{"pt":…,"mc":[{"id":"1.100","tv":…,"rc":[{"id":58805,"ltp":2.5,"tv":120.5}]}]}`. BaseModelKit
// applies it with `update(from:)` to the cache; a hand-written cache finds markets and runners
// through dictionaries it keeps beside its arrays.

// MARK: BaseModelKit

final class MarketCacheModel: BaseModel {
    var publishTime: Int64 = 0
    var markets: [CacheMarketModel] = []
    override class var apiToLocal: [String: String] { ["pt": "publishTime", "mc": "markets"] }
    override class var identities: [String: String] { ["markets": "marketId"] }
    override class var partialCollections: Set<String> { ["markets"] }
}

final class CacheMarketModel: BaseModel {
    var marketId = ""
    var totalMatched = 0.0
    var runners: [CacheRunnerModel] = []
    override class var apiToLocal: [String: String] { ["id": "marketId", "tv": "totalMatched", "rc": "runners"] }
    override class var identities: [String: String] { ["runners": "selectionId"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

final class CacheRunnerModel: BaseModel {
    var selectionId = 0
    var lastTraded = 0.0
    var traded = 0.0
    override class var apiToLocal: [String: String] { ["id": "selectionId", "ltp": "lastTraded", "tv": "traded"] }
}

// MARK: Plain classes

final class MarketCacheRecord {
    @exclusivity(unchecked) var publishTime: Int64 = 0
    @exclusivity(unchecked) var markets: [CacheMarketRecord] = []
    /// The index a hand-written cache keeps to find a market by id.
    @exclusivity(unchecked) var marketsById: [String: CacheMarketRecord] = [:]

    /// The market `id` names, added at the end when it is new.
    @inline(__always)
    func market(_ id: String) -> CacheMarketRecord {
        record(id, in: &marketsById, list: &markets) { CacheMarketRecord(marketId: $0) }
    }
}

final class CacheMarketRecord {
    @exclusivity(unchecked) var marketId = ""
    @exclusivity(unchecked) var totalMatched = 0.0
    @exclusivity(unchecked) var runners: [CacheRunnerRecord] = []
    @exclusivity(unchecked) var runnersById: [Int: CacheRunnerRecord] = [:]

    init(marketId: String = "") {
        self.marketId = marketId
    }

    /// The runner `id` names, added at the end when it is new.
    @inline(__always)
    func runner(_ id: Int) -> CacheRunnerRecord {
        record(id, in: &runnersById, list: &runners) { CacheRunnerRecord(selectionId: $0) }
    }
}

/// The record `id` names in `index`, or a new one made by `make` and added to `list` and `index`.
@inline(__always)
private func record<ID: Hashable, Record>(_ id: ID, in index: inout [ID: Record], list: inout [Record], make: (ID) -> Record) -> Record {
    if let found = index[id] { return found }
    let made = make(id)
    list.append(made)
    index[id] = made
    return made
}

final class CacheRunnerRecord {
    @exclusivity(unchecked) var selectionId = 0
    @exclusivity(unchecked) var lastTraded = 0.0
    @exclusivity(unchecked) var traded = 0.0

    init(selectionId: Int = 0) {
        self.selectionId = selectionId
    }
}

// MARK: Payloads

enum MarketCache {
    /// How many change messages each set holds.
    static let messageCount = 2_000
    static let runnersPerMarket = 10

    static func marketId(_ index: Int) -> String { "1.\(200_000_000 + index)" }
    static func selectionId(market: Int, runner: Int) -> Int { 40_000 + market * 37 + runner }

    /// A cache of `markets` markets × 10 runners, and two sets of change messages that differ in every
    /// price: each lists three distinct markets, with a new matched total and two or three runners' prices.
    static func generate(markets: Int) -> (cache: Data, sets: [[[UInt8]]]) {
        let image = (0..<markets).map { market in
            let runners = (0..<runnersPerMarket).map { runner in
                #"{"id":\#(selectionId(market: market, runner: runner)),"ltp":\#(LiveFeed.price(market * 11 + runner, shift: 0)),"tv":\#(market + runner).5}"#
            }
            return #"{"id":"\#(marketId(market))","tv":\#(market * 3).25,"rc":[\#(runners.joined(separator: ","))]}"#
        }
        var generator = SplitMix(seed: 48)
        // Three distinct markets a message, as a feed lists each changed market once.
        let targets = (0..<messageCount).map { _ in
            let first = Int(generator.next() % UInt64(markets))
            return (0..<3).map { place in
                (market: (first + place * (markets / 3)) % markets, runner: Int(generator.next() % UInt64(runnersPerMarket)), count: 2 + Int(generator.next() % 2))
            }
        }
        let sets = (0..<2).map { shift in
            targets.enumerated().map { index, listed -> [UInt8] in
                let changes = listed.enumerated().map { place, target in
                    let runners = (0..<target.count).map { offset in
                        let runner = (target.runner + offset) % runnersPerMarket
                        return #"{"id":\#(selectionId(market: target.market, runner: runner)),"ltp":\#(LiveFeed.price(index * 7 + place * 3 + offset, shift: shift + 1)),"tv":\#(index % 500 + offset).5}"#
                    }
                    return #"{"id":"\#(marketId(target.market))","tv":\#(index * 3 + shift).25,"rc":[\#(runners.joined(separator: ","))]}"#
                }
                return Array(#"{"pt":\#(1_700_000_000_000 + index * 2 + shift),"mc":[\#(changes.joined(separator: ","))]}"#.utf8)
            }
        }
        return (Data(#"{"pt":1700000000000,"mc":[\#(image.joined(separator: ","))]}"#.utf8), sets)
    }
}

// MARK: Hand-written

/// The practical limit: each message read over `FastScanner` straight into the cache, markets and
/// runners found through the cache's own dictionaries (added when new). It neither compares values
/// nor keeps anything to roll back with.
enum HandWrittenMarketCache {
    static func decode(_ model: MarketCacheModel) -> MarketCacheRecord {
        let record = MarketCacheRecord()
        record.publishTime = model.publishTime
        for market in model.markets {
            let marketRecord = CacheMarketRecord()
            marketRecord.marketId = market.marketId
            marketRecord.totalMatched = market.totalMatched
            for runner in market.runners {
                let runnerRecord = CacheRunnerRecord()
                runnerRecord.selectionId = runner.selectionId
                runnerRecord.lastTraded = runner.lastTraded
                runnerRecord.traded = runner.traded
                marketRecord.runners.append(runnerRecord)
                marketRecord.runnersById[runnerRecord.selectionId] = runnerRecord
            }
            record.markets.append(marketRecord)
            record.marketsById[marketRecord.marketId] = marketRecord
        }
        return record
    }

    static func apply(_ message: [UInt8], to cache: MarketCacheRecord) throws {
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

    private static func market(_ scanner: inout FastScanner, in cache: MarketCacheRecord) throws {
        try scanner.expect(UInt8(ascii: "{"))
        guard try scanner.key() == 0x6964 /* id */ else { throw FastScanner.Malformed() }
        let market = cache.market(try scanner.string())
        while try scanner.next(UInt8(ascii: "}")) {
            switch try scanner.key() {
            case 0x7476 /* tv */: market.totalMatched = try scanner.double()
            case 0x7263 /* rc */:
                try scanner.expect(UInt8(ascii: "["))
                if scanner.consume(UInt8(ascii: "]")) { continue }
                repeat { try runner(&scanner, in: market) } while try scanner.next(UInt8(ascii: "]"))
            default: throw FastScanner.Malformed()
            }
        }
    }

    private static func runner(_ scanner: inout FastScanner, in market: CacheMarketRecord) throws {
        try scanner.expect(UInt8(ascii: "{"))
        guard try scanner.key() == 0x6964 /* id */ else { throw FastScanner.Malformed() }
        let runner = market.runner(try scanner.int())
        while try scanner.next(UInt8(ascii: "}")) {
            switch try scanner.key() {
            case 0x6C7470 /* ltp */: runner.lastTraded = try scanner.double()
            case 0x7476 /* tv */: runner.traded = try scanner.double()
            default: throw FastScanner.Malformed()
            }
        }
    }
}

extension ModelBenchmarks {
    /// Change messages into market caches of 200 and 2 000 markets × 10 runners (partial
    /// collections). A message's cost should follow the markets and runners it lists.
    static func marketCache(settings: Settings) throws -> [ResultRow] {
        try [200, 2_000].map { markets in
            let (cache, sets) = MarketCache.generate(markets: markets)
            return try SmallDeltas.row(payload: "market changes, \(markets) markets", data: cache, sets: sets, as: MarketCacheModel.self,
                                       record: HandWrittenMarketCache.decode, apply: HandWrittenMarketCache.apply, foundation: FoundationDeltas.applyMarketChanges,
                                       same: { model, record in
                                           model.publishTime == record.publishTime && model.markets.count == record.markets.count
                                               && zip(model.markets, record.markets).allSatisfy { market, other in
                                                   market.marketId == other.marketId && market.totalMatched == other.totalMatched
                                                       && market.runners.map(\.selectionId) == other.runners.map(\.selectionId)
                                                       && market.runners.map(\.lastTraded) == other.runners.map(\.lastTraded)
                                                       && market.runners.map(\.traded) == other.runners.map(\.traded)
                                               }
                                       }, settings: settings)
        }
    }
}
