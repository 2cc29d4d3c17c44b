import Foundation

// The small deltas applied as an app team often writes it by hand without a model layer: the message
// parsed by `JSONSerialization` into Foundation's tree, and the tree walked into the same plain
// records the hand-written updaters keep. Not the practical limit (the updaters over `FastScanner`
// are): the other yardstick a team weighs the library against, the code it would write itself.

enum FoundationDeltas {
    struct Malformed: Error {}

    /// The message's top-level object, as `JSONSerialization` reads it.
    private static func object(_ message: [UInt8]) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(message)) as? [String: Any] else { throw Malformed() }
        return object
    }

    /// A number of the tree: `JSONSerialization` hands numbers out as `NSNumber`s, or as Swift's own
    /// `Int` and `Double` where Foundation bridges them.
    private static func number(_ value: Any?) throws -> NSNumber {
        switch value {
        case let number as NSNumber: number
        case let integer as Int: NSNumber(value: integer)
        case let double as Double: NSNumber(value: double)
        default: throw Malformed()
        }
    }

    /// The market cache's change message, applied as `HandWrittenMarketCache.apply` applies it.
    static func applyMarketChanges(_ message: [UInt8], to cache: MarketCacheRecord) throws {
        let root = try object(message)
        if let publishTime = root["pt"] { cache.publishTime = try number(publishTime).int64Value }
        guard let changes = root["mc"] as? [Any] else { return }
        for case let change as [String: Any] in changes {
            guard let id = change["id"] as? String else { throw Malformed() }
            let market = cache.market(id)
            if let total = change["tv"] { market.totalMatched = try number(total).doubleValue }
            for case let listed as [String: Any] in change["rc"] as? [Any] ?? [] {
                let runner = market.runner(try number(listed["id"]).intValue)
                if let price = listed["ltp"] { runner.lastTraded = try number(price).doubleValue }
                if let traded = listed["tv"] { runner.traded = try number(traded).doubleValue }
            }
        }
    }

    /// The order book's depth delta, applied as `HandWrittenOrderBook.apply` applies it.
    static func applyDepth(_ delta: [UInt8], to book: OrderBookRecord) throws {
        let root = try object(delta)
        if let id = root["u"] { book.lastUpdateId = try number(id).intValue }
        func apply(_ side: Any?, to levels: inout [String: Double]) throws {
            guard let side = side as? [String: Any] else { return }
            for (price, level) in side {
                if level is NSNull {
                    levels[price] = nil
                } else if let level = level as? [String: Any] {
                    levels[price] = try number(level["q"]).doubleValue
                } else {
                    throw Malformed()
                }
            }
        }
        try apply(root["b"], to: &book.bids)
        try apply(root["a"], to: &book.asks)
    }

    /// The locale decimal strings are read in, made once.
    static let posix = Locale(identifier: "en_US_POSIX")

    /// The ticker board's message, applied as `HandWrittenTickerBoard.apply` applies it.
    static func applyTicker(_ message: [UInt8], to board: TickerBoardRecord) throws {
        guard let tickers = try object(message)["t"] as? [String: Any] else { throw Malformed() }
        for case let (symbol, fields as [String: Any]) in tickers {
            let ticker = HandWrittenTickerBoard.record(symbol, in: board)
            func decimal(_ key: String) throws -> Decimal {
                guard let text = fields[key] as? String, let value = Decimal(string: text, locale: posix) else { throw Malformed() }
                return value
            }
            func id(_ key: String) throws -> Int64? { fields[key] is NSNull ? nil : try number(fields[key]).int64Value }
            ticker.eventTime = try number(fields["E"]).int64Value
            (ticker.priceChange, ticker.lastPrice, ticker.lastQuantity) = (try decimal("p"), try decimal("c"), try decimal("Q"))
            (ticker.bestBid, ticker.bestBidQuantity, ticker.bestAsk, ticker.bestAskQuantity) = (try decimal("b"), try decimal("B"), try decimal("a"), try decimal("A"))
            (ticker.volume, ticker.firstTradeId, ticker.lastTradeId) = (try decimal("v"), try id("F"), try id("L"))
            ticker.tradeCount = try number(fields["n"]).intValue
        }
    }

    /// The price ladder's update, applied as `HandWrittenPriceLadder.apply` applies it.
    static func applyLadder(_ update: [UInt8], to book: PriceLadderRecord) throws {
        let root = try object(update)
        func apply(_ side: Any?, to levels: inout [String: LadderLevelRecord]) throws {
            guard let side = side as? [Any] else { return }
            for case let level as [Any] in side {
                guard level.count == 3, let price = level[0] as? String,
                      let volume = (level[1] as? String).flatMap({ Decimal(string: $0, locale: posix) }),
                      let time = (level[2] as? String).flatMap({ Decimal(string: $0, locale: posix) }) else { throw Malformed() }
                levels[price] = volume.isZero ? nil : LadderLevelRecord(volume: volume, time: time)
            }
        }
        try apply(root["a"], to: &book.asks)
        try apply(root["b"], to: &book.bids)
    }
}
