import BaseModelKit
import Foundation

// A crypto exchange's 24-hour ticker stream kept live for a board of symbols: each message carries the
// whole ticker of one symbol, its prices and quantities as decimal strings (read into `Decimal` with
// `decimalString`), its time and trade ids as 64-bit integers, the ids `null` for a symbol that has
// not traded in the window. BaseModelKit merges the board as a `[String: TickerModel]` dictionary of
// models; a hand-written updater keeps plain records.

// MARK: BaseModelKit

final class TickerBoardModel: BaseModel {
    var tickers: [String: TickerModel] = [:]
    override class var apiToLocal: [String: String] { ["t": "tickers"] }
}

final class TickerModel: BaseModel {
    var eventTime: Int64 = 0
    var priceChange: Decimal = 0
    var lastPrice: Decimal = 0
    var lastQuantity: Decimal = 0
    var bestBid: Decimal = 0
    var bestBidQuantity: Decimal = 0
    var bestAsk: Decimal = 0
    var bestAskQuantity: Decimal = 0
    var volume: Decimal = 0
    var firstTradeId: Int64?
    var lastTradeId: Int64?
    var tradeCount = 0
    override class var apiToLocal: [String: String] {
        ["E": "eventTime", "p": "priceChange", "c": "lastPrice", "Q": "lastQuantity", "b": "bestBid", "B": "bestBidQuantity",
         "a": "bestAsk", "A": "bestAskQuantity", "v": "volume", "F": "firstTradeId", "L": "lastTradeId", "n": "tradeCount"]
    }
    override class var transformers: [String: JSONTransformer] {
        ["priceChange": .decimalString, "lastPrice": .decimalString, "lastQuantity": .decimalString, "bestBid": .decimalString,
         "bestBidQuantity": .decimalString, "bestAsk": .decimalString, "bestAskQuantity": .decimalString, "volume": .decimalString]
    }
}

// MARK: Plain classes

final class TickerRecord {
    @exclusivity(unchecked) var eventTime: Int64 = 0
    @exclusivity(unchecked) var priceChange: Decimal = 0
    @exclusivity(unchecked) var lastPrice: Decimal = 0
    @exclusivity(unchecked) var lastQuantity: Decimal = 0
    @exclusivity(unchecked) var bestBid: Decimal = 0
    @exclusivity(unchecked) var bestBidQuantity: Decimal = 0
    @exclusivity(unchecked) var bestAsk: Decimal = 0
    @exclusivity(unchecked) var bestAskQuantity: Decimal = 0
    @exclusivity(unchecked) var volume: Decimal = 0
    @exclusivity(unchecked) var firstTradeId: Int64?
    @exclusivity(unchecked) var lastTradeId: Int64?
    @exclusivity(unchecked) var tradeCount = 0

    /// The fields as text, to check a record against a model.
    var fields: [String] {
        [priceChange, lastPrice, lastQuantity, bestBid, bestBidQuantity, bestAsk, bestAskQuantity, volume].map(\.description)
            + [eventTime, firstTradeId ?? -1, lastTradeId ?? -1, Int64(tradeCount)].map(String.init)
    }
}

final class TickerBoardRecord {
    @exclusivity(unchecked) var tickers: [String: TickerRecord] = [:]
}

// MARK: Payloads

enum TickerBoard {
    /// How many messages each set holds.
    static let messageCount = 1_000

    /// A board of `symbols` tickers, and two sets of messages, each the whole ticker of one symbol
    /// chosen at random: every price and quantity moves, and one ticker in ten has no trades.
    static func generate(symbols: Int) -> (board: Data, sets: [[[UInt8]]]) {
        var generator = SplitMix(seed: 24)
        /// A decimal string with eight places, as the exchange writes it.
        func decimal(_ units: UInt64, negative: Bool = false) -> String {
            let fraction = String(units % 100_000_000)
            return "\(negative ? "-" : "")\(units / 100_000_000).\(String(repeating: "0", count: 8 - fraction.count))\(fraction)"
        }
        var time: Int64 = 1_790_000_000_000
        func ticker() -> String {
            time += 137
            let price = 1_000_000_000 + generator.next() % 4_000_000_000_000
            let ids = generator.next() % 10 == 0 ? (first: "null", last: "null") : {
                let first = 100_000_000 + generator.next() % 100_000_000
                return (String(first), String(first + generator.next() % 50_000))
            }()
            let fields = [
                #""E":\#(time)"#, #""p":"\#(decimal(generator.next() % price / 20, negative: generator.next() % 2 == 0))""#,
                #""c":"\#(decimal(price))""#, #""Q":"\#(decimal(generator.next() % 1_000_000_000))""#,
                #""b":"\#(decimal(price - 1_000_000))""#, #""B":"\#(decimal(generator.next() % 50_000_000_000))""#,
                #""a":"\#(decimal(price + 1_000_000))""#, #""A":"\#(decimal(generator.next() % 50_000_000_000))""#,
                #""v":"\#(decimal(generator.next() % 900_000_000_000_000))""#, #""F":\#(ids.first)"#, #""L":\#(ids.last)"#,
                #""n":\#(generator.next() % 100_000)"#,
            ]
            return "{\(fields.joined(separator: ","))}"
        }
        let board = #"{"t":{\#((0..<symbols).map { #""S\#($0)USDT":\#(ticker())"# }.joined(separator: ","))}}"#
        let sets = (0..<2).map { _ in
            (0..<messageCount).map { _ in Array(#"{"t":{"S\#(generator.next() % UInt64(symbols))USDT":\#(ticker())}}"#.utf8) }
        }
        return (Data(board.utf8), sets)
    }
}

// MARK: Hand-written

/// The practical limit: the message read over `FastScanner` straight into the symbol's record, each
/// decimal string made into a `Decimal` from its digits at once. It neither compares values nor keeps
/// anything to roll back with.
enum HandWrittenTickerBoard {
    static func decode(_ model: TickerBoardModel) -> TickerBoardRecord {
        let board = TickerBoardRecord()
        for (symbol, ticker) in model.tickers {
            let record = TickerRecord()
            (record.eventTime, record.priceChange, record.lastPrice, record.lastQuantity) = (ticker.eventTime, ticker.priceChange, ticker.lastPrice, ticker.lastQuantity)
            (record.bestBid, record.bestBidQuantity, record.bestAsk, record.bestAskQuantity) = (ticker.bestBid, ticker.bestBidQuantity, ticker.bestAsk, ticker.bestAskQuantity)
            (record.volume, record.firstTradeId, record.lastTradeId, record.tradeCount) = (ticker.volume, ticker.firstTradeId, ticker.lastTradeId, ticker.tradeCount)
            board.tickers[symbol] = record
        }
        return board
    }

    /// Whether `record` holds what `model` holds.
    static func same(_ model: TickerBoardModel, _ record: TickerBoardRecord) -> Bool {
        decode(model).tickers.mapValues(\.fields) == record.tickers.mapValues(\.fields)
    }

    static func apply(_ message: [UInt8], to board: TickerBoardRecord) throws {
        // Sound: the scanner reads `buffer` only inside this closure (see `FastScanner`).
        try message.withUnsafeBufferPointer { buffer in
            var scanner = FastScanner(buffer)
            try scanner.expect(UInt8(ascii: "{"))
            guard try scanner.key() == 0x74 /* t */ else { throw FastScanner.Malformed() }
            try scanner.expect(UInt8(ascii: "{"))
            if !scanner.consume(UInt8(ascii: "}")) {
                repeat {
                    let symbol = try scanner.string()
                    try scanner.expect(UInt8(ascii: ":"))
                    try read(&scanner, into: record(symbol, in: board))
                } while try scanner.next(UInt8(ascii: "}"))
            }
            try scanner.expect(UInt8(ascii: "}"))
        }
    }

    /// The record of `symbol`, made and kept when the board has none: one look-up for a symbol it has.
    static func record(_ symbol: String, in board: TickerBoardRecord) -> TickerRecord {
        if let known = board.tickers[symbol] { return known }
        let made = TickerRecord()
        board.tickers[symbol] = made
        return made
    }

    private static func read(_ scanner: inout FastScanner, into ticker: TickerRecord) throws {
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x45 /* E */: ticker.eventTime = Int64(try scanner.int())
            case 0x70 /* p */: ticker.priceChange = try scanner.decimal()
            case 0x63 /* c */: ticker.lastPrice = try scanner.decimal()
            case 0x51 /* Q */: ticker.lastQuantity = try scanner.decimal()
            case 0x62 /* b */: ticker.bestBid = try scanner.decimal()
            case 0x42 /* B */: ticker.bestBidQuantity = try scanner.decimal()
            case 0x61 /* a */: ticker.bestAsk = try scanner.decimal()
            case 0x41 /* A */: ticker.bestAskQuantity = try scanner.decimal()
            case 0x76 /* v */: ticker.volume = try scanner.decimal()
            case 0x46 /* F */: ticker.firstTradeId = scanner.null() ? nil : Int64(try scanner.int())
            case 0x4C /* L */: ticker.lastTradeId = scanner.null() ? nil : Int64(try scanner.int())
            case 0x6E /* n */: ticker.tradeCount = try scanner.int()
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
    }
}

extension ModelBenchmarks {
    /// Whole tickers of one symbol each into a board of 200 symbols: every member of the ticker
    /// changes, most of them decimal strings.
    static func tickerBoard(settings: Settings) throws -> [ResultRow] {
        let (board, sets) = TickerBoard.generate(symbols: 200)
        return [try SmallDeltas.row(payload: "tickers, 200 symbols", data: board, sets: sets, as: TickerBoardModel.self,
                                    record: HandWrittenTickerBoard.decode, apply: HandWrittenTickerBoard.apply, foundation: FoundationDeltas.applyTicker,
                                    same: HandWrittenTickerBoard.same, settings: settings)]
    }
}
