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
    /// `count` deterministic price-update messages.
    static func generate(count: Int) -> [Data] {
        var generator = SplitMix(seed: 99)
        let statuses = ["open", "suspended", "closed"]
        return (0..<count).map { index in
            let event = Int(generator.next() % 90_000) + 10_000
            let price = 1.01 + Double(generator.next() % 2000) / 100
            let text = #"{"t":"ou","e":\#(event),"m":"m-\#(event)-\#(generator.next() % 9)","o":\#(event * 100 + Int(generator.next() % 30)),"p":\#(price),"s":"\#(statuses[Int(generator.next() % 3)])","ts":\#(1_790_000_000 + index),"sq":\#(index)}"#
            return Data(text.utf8)
        }
    }

    /// The hand-written contender for one message.
    static func handDecode(_ bytes: [UInt8]) throws -> PriceUpdateRecord {
        var scanner = ByteScanner(bytes)
        let record = PriceUpdateRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            let key = try scanner.key()
            switch (key.count, key.first) {
            case (1, UInt8(ascii: "t")): record.type = try scanner.string()
            case (1, UInt8(ascii: "e")): record.eventId = try scanner.int()
            case (1, UInt8(ascii: "m")): record.marketId = try scanner.string()
            case (1, UInt8(ascii: "o")): record.outcomeId = try scanner.int()
            case (1, UInt8(ascii: "p")): record.price = try scanner.double()
            case (1, UInt8(ascii: "s")):
                guard let status = MarketStatus(rawValue: try scanner.string()) else { throw ByteScanner.Malformed() }
                record.status = status
            case (2, UInt8(ascii: "t")): record.sentAt = Date(timeIntervalSince1970: Double(try scanner.int()))
            case (2, UInt8(ascii: "s")): record.sequence = try scanner.int()
            default: throw ByteScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return record
    }
}
