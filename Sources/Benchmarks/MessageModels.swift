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

    /// The hand-written contender for one message: keys dispatched on their bytes, the status on its
    /// bytes, the price by the exact fast path, strings made once.
    static func handDecode(_ bytes: [UInt8]) throws -> PriceUpdateRecord {
        // Sound: the scanner reads `buffer` only inside this closure (see `FastScanner`).
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = FastScanner(buffer)
            let record = PriceUpdateRecord()
            try scanner.expect(UInt8(ascii: "{"))
            repeat {
                switch try scanner.key() {
                case 0x74 /* t */: record.type = try scanner.string()
                case 0x65 /* e */: record.eventId = try scanner.int()
                case 0x6D /* m */: record.marketId = try scanner.string()
                case 0x6F /* o */: record.outcomeId = try scanner.int()
                case 0x70 /* p */: record.price = try scanner.double()
                case 0x73 /* s */: record.status = try HandWrittenOddsFeed.status(&scanner)
                case 0x7473 /* ts */: record.sentAt = Date(timeIntervalSince1970: Double(try scanner.int()) / 1000)
                case 0x7371 /* sq */: record.sequence = try scanner.int()
                default: throw FastScanner.Malformed()
                }
            } while try scanner.next(UInt8(ascii: "}"))
            return record
        }
    }
}
