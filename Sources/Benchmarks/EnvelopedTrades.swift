import BaseModelKit
import Foundation

// A crypto exchange's combined stream: every message an envelope of about 200 bytes,
// `{"stream":"btcusdt@trade","data":{"e":"trade","E":…,"s":"BTCUSDT","t":…,"p":"16549.91000000",…}}`,
// its type under `data.e`. BaseModelKit routes each message with a `MessageRouter` to a generic
// envelope `Combined<TradeEventModel>`, as a client of such a stream does; `JSONDecoder` decodes the
// same envelope as `Codable` structs without routing (it is given the type); the hand-written
// decoder reads the envelope in place and dispatches on the type's bytes.

final class TradeEventModel: BaseModel {
    var eventType = ""
    var eventTime: Int64 = 0
    var symbol = ""
    var tradeId: Int64 = 0
    var price = ""
    var quantity = ""
    var tradeTime: Int64 = 0
    var isBuyerMaker = false
    var isBestMatch = false
    override class var apiToLocal: [String: String] {
        ["e": "eventType", "E": "eventTime", "s": "symbol", "t": "tradeId", "p": "price", "q": "quantity", "T": "tradeTime",
         "m": "isBuyerMaker", "M": "isBestMatch"]
    }
}

/// The envelope of every stream's messages, generic over the payload.
final class CombinedModel<Payload: BaseModel>: BaseModel {
    var stream = ""
    var data = Payload()
    override class var apiToLocal: [String: String] { ["stream": "stream", "data": "data"] }
}

struct TradeEventRecord: Codable, Equatable {
    var eventType: String
    var eventTime: Int64
    var symbol: String
    var tradeId: Int64
    var price: String
    var quantity: String
    var tradeTime: Int64
    var isBuyerMaker: Bool
    var isBestMatch: Bool
    enum CodingKeys: String, CodingKey {
        case eventType = "e", eventTime = "E", symbol = "s", tradeId = "t", price = "p", quantity = "q", tradeTime = "T"
        case isBuyerMaker = "m", isBestMatch = "M"
    }
}

struct CombinedRecord: Codable, Equatable {
    var stream: String
    var data: TradeEventRecord
}

enum EnvelopedTrades {
    /// `count` deterministic trade messages of a few symbols, prices and quantities as decimal text.
    static func generate(count: Int) -> [Data] {
        var generator = SplitMix(seed: 48)
        let symbols = ["BTCUSDT", "ETHBTC", "BNBBTC", "SOLUSDT", "XRPUSDT"]
        return (0..<count).map { index in
            let symbol = symbols[Int(generator.next() % UInt64(symbols.count))]
            let cents = 1_000_000 + Int(generator.next() % 900_000)
            let price = "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)000000"
            let quantity = "0.\(String(format: "%08d", Int(generator.next() % 99_999_999) + 1))"
            let time = 1_672_515_782_136 + index * 37
            let text = #"{"stream":"\#(symbol.lowercased())@trade","data":{"e":"trade","E":\#(time),"s":"\#(symbol)","t":\#(3_213_412 + index),"p":"\#(price)","q":"\#(quantity)","T":\#(time - 2),"m":\#(index % 3 == 0),"M":true}}"#
            return Data(text.utf8)
        }
    }

    /// The hand-written contender: the envelope read in place, the payload's type matched on its
    /// bytes before the trade is read.
    static func handDecode(_ data: Data) throws -> CombinedRecord {
        // Sound: the bytes are lent for the closure, and the scanner does not outlive it.
        try data.withUnsafeBytes { raw in try handDecode(raw.bindMemory(to: UInt8.self)) }
    }

    // Sound: the scanner reads `buffer` only within this call (see `FastScanner`), which the caller
    // makes inside the closure that lends it.
    private static func handDecode(_ buffer: UnsafeBufferPointer<UInt8>) throws -> CombinedRecord {
        var scanner = FastScanner(buffer)
        var stream = ""
        var trade: TradeEventRecord?
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            let key = try scanner.rawKey()
            if FastScanner.equal(key, "stream") {
                stream = try scanner.string()
            } else if FastScanner.equal(key, "data") {
                trade = try tradeEvent(&scanner)
            } else {
                throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        guard let trade else { throw FastScanner.Malformed() }
        return CombinedRecord(stream: stream, data: trade)
    }

    private static func tradeEvent(_ scanner: inout FastScanner) throws -> TradeEventRecord {
        var symbol = "", price = "", quantity = "", eventTime: Int64 = 0, tradeId: Int64 = 0, tradeTime: Int64 = 0
        var isBuyerMaker = false, isBestMatch = false
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x65 /* e */:
                guard let type = try scanner.rawString(), FastScanner.equal(type, "trade") else { throw FastScanner.Malformed() }
            case 0x45 /* E */: eventTime = Int64(try scanner.int())
            case 0x73 /* s */: symbol = try scanner.string()
            case 0x74 /* t */: tradeId = Int64(try scanner.int())
            case 0x70 /* p */: price = try scanner.string()
            case 0x71 /* q */: quantity = try scanner.string()
            case 0x54 /* T */: tradeTime = Int64(try scanner.int())
            case 0x6D /* m */: isBuyerMaker = try scanner.bool()
            case 0x4D /* M */: isBestMatch = try scanner.bool()
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return TradeEventRecord(eventType: "trade", eventTime: eventTime, symbol: symbol, tradeId: tradeId, price: price, quantity: quantity,
                                tradeTime: tradeTime, isBuyerMaker: isBuyerMaker, isBestMatch: isBestMatch)
    }

    /// What a model holds, as the record `JSONDecoder` builds.
    static func record(of model: CombinedModel<TradeEventModel>) -> CombinedRecord {
        let trade = model.data
        return CombinedRecord(stream: model.stream, data: TradeEventRecord(
            eventType: trade.eventType, eventTime: trade.eventTime, symbol: trade.symbol, tradeId: trade.tradeId, price: trade.price,
            quantity: trade.quantity, tradeTime: trade.tradeTime, isBuyerMaker: trade.isBuyerMaker, isBestMatch: trade.isBestMatch))
    }
}

/// Where the check's handler leaves what it was handed: the router calls a handler on the thread that
/// routes, this one, before `route` returns, so no two threads touch it.
private final class RoutedRecord: @unchecked Sendable {
    var last: CombinedRecord?
}

extension ModelBenchmarks {
    /// 20 000 enveloped trades, each routed by its type and decoded on its own.
    static func envelopedTrades(settings: Settings, count: Int = 20_000) throws -> [ResultRow] {
        let messages = EnvelopedTrades.generate(count: count)
        let total = messages.reduce(0) { $0 + $1.count }
        let decoder = JSONDecoder()
        let router = MessageRouter(typeKey: "data.e")
        router.register(CombinedModel<TradeEventModel>.self, type: "trade") { consume($0) }
        // Every contender must build what JSONDecoder builds.
        let checked = MessageRouter(typeKey: "data.e")
        let routed = RoutedRecord()
        checked.register(CombinedModel<TradeEventModel>.self, type: "trade") { model in routed.last = EnvelopedTrades.record(of: model) }
        for message in messages.prefix(1000) {
            let expected = try decoder.decode(CombinedRecord.self, from: message)
            try checked.route(message)
            guard try EnvelopedTrades.handDecode(message) == expected, routed.last == expected,
                  try EnvelopedTrades.record(of: CombinedModel<TradeEventModel>.decode(from: message)) == expected else {
                throw ContenderMismatch(payload: "enveloped trades", contender: "BaseModelKit or hand-written")
            }
        }
        let decode = try measureInterleaved([
            ("BaseModelKit, routed by data.e", total, count, { for message in messages { try router.route(message) } }),
            ("BaseModelKit, decode", total, count, { for message in messages { consume(try CombinedModel<TradeEventModel>.decode(from: message)) } }),
            ("JSONDecoder (Codable), not routed", total, count, { for message in messages { consume(try decoder.decode(CombinedRecord.self, from: message)) } }),
            ("hand-written", total, count, { for message in messages { consume(try EnvelopedTrades.handDecode(message)) } }),
        ], minimumRuns: max(3, settings.runs / 3), minimumSeconds: settings.seconds)
        return [ResultRow(task: "decode", payload: "\(count / 1000)k enveloped trades", contenders: decode)]
    }
}
