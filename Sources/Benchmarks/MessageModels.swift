import BaseModelKit
import Foundation

// Small socket-style messages of about 100 bytes, one model each.

final class PriceUpdateModel: BaseModel {
    var type: String = ""
    var eventId: Int = 0
    var marketId: String = ""
    var outcomeId: Int = 0
    var price: Double = 0
    var status: MarketStatus = .open
    var sentAt: Date = Date(timeIntervalSince1970: 0)
    var sequence: Int = 0
    override class var apiToLocal: [String: String] {
        ["t": "type", "e": "eventId", "m": "marketId", "o": "outcomeId", "p": "price", "s": "status", "ts": "sentAt", "sq": "sequence"]
    }
    override class var transformers: [String: JSONTransformer] { ["sentAt": .millisecondsSince1970] }
}

final class PriceUpdateRecord: Codable {
    var type: String = ""
    var eventId: Int = 0
    var marketId: String = ""
    var outcomeId: Int = 0
    var price: Double = 0
    var status: MarketStatus = .open
    var sentAt: Date = Date(timeIntervalSince1970: 0)
    var sequence: Int = 0
    enum CodingKeys: String, CodingKey {
        case type = "t", eventId = "e", marketId = "m", outcomeId = "o", price = "p", status = "s", sentAt = "ts", sequence = "sq"
    }
    init() {}

    /// Every property at once, for the hand-written decoder: stores in an initializer take no dynamic
    /// exclusivity check, where assignments to a class's properties after it did (callgrind).
    init(type: String, eventId: Int, marketId: String, outcomeId: Int, price: Double, status: MarketStatus, sentAt: Date, sequence: Int) {
        self.type = type
        self.eventId = eventId
        self.marketId = marketId
        self.outcomeId = outcomeId
        self.price = price
        self.status = status
        self.sentAt = sentAt
        self.sequence = sequence
    }
}

enum Messages {
    /// `count` deterministic price-update messages: 64-bit ids, a price with two decimals, a time
    /// in epoch milliseconds.
    static func generate(count: Int) -> [Data] {
        var generator = SplitMix(seed: 99)
        let statuses = ["open", "suspended", "closed"]
        return (0..<count).map { index in
            let event = 4_200_000_000 + Int(generator.next() % 90_000) * 7
            let price = Payloads.price(cents: 101 + Int(generator.next() % 2000))
            let text = #"{"t":"ou","e":\#(event),"m":"\#(event)-\#(generator.next() % 9)","o":\#(event * 100 + Int(generator.next() % 30)),"p":\#(price),"s":"\#(statuses[Int(generator.next() % 3)])","ts":\#(1_790_000_000_000 + index * 250),"sq":\#(index)}"#
            return Data(text.utf8)
        }
    }

    /// The hand-written contender for one message, read in place from the `Data` the other
    /// contenders read too (so the limit pays for reaching `Data`'s bytes as they do).
    static func handDecode(_ data: Data) throws -> PriceUpdateRecord {
        // Sound: the bytes are lent for the closure, and the scanner does not outlive it.
        try data.withUnsafeBytes { raw in try handDecode(raw.bindMemory(to: UInt8.self)) }
    }

    /// The same, from an array's bytes (the `-bytes` profile tasks).
    static func handDecode(_ bytes: [UInt8]) throws -> PriceUpdateRecord {
        // Sound: the bytes are lent for the closure, and the scanner does not outlive it.
        try bytes.withUnsafeBufferPointer { try handDecode($0) }
    }

    /// The hand-written decoder itself: keys dispatched on their bytes, the status on its bytes, the
    /// price by the exact fast path, strings made once.
    // Sound: the scanner reads `buffer` only within this call (see `FastScanner`), which the callers
    // make inside the closures that lend it.
    private static func handDecode(_ buffer: UnsafeBufferPointer<UInt8>) throws -> PriceUpdateRecord {
        var scanner = FastScanner(buffer)
        // Read into locals and stored by one initializer (see `PriceUpdateRecord.init(type:…)`).
        var type = "", marketId = "", eventId = 0, outcomeId = 0, sequence = 0, price = 0.0
        var status = MarketStatus.open, sentAt = Date(timeIntervalSince1970: 0)
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x74 /* t */: type = try scanner.string()
            case 0x65 /* e */: eventId = try scanner.int()
            case 0x6D /* m */: marketId = try scanner.string()
            case 0x6F /* o */: outcomeId = try scanner.int()
            case 0x70 /* p */: price = try scanner.double()
            case 0x73 /* s */: status = try HandWrittenOddsFeed.status(&scanner)
            case 0x7473 /* ts */: sentAt = Date(timeIntervalSince1970: Double(try scanner.int()) / 1000)
            case 0x7371 /* sq */: sequence = try scanner.int()
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return PriceUpdateRecord(type: type, eventId: eventId, marketId: marketId, outcomeId: outcomeId, price: price, status: status, sentAt: sentAt, sequence: sequence)
    }
}
