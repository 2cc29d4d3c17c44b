import Foundation

/// The practical limit: the odds feed decoded and encoded by code written for exactly this payload,
/// into and from the same classes JSONDecoder fills.
enum HandWrittenOddsFeed {
    static func decode(_ bytes: [UInt8]) throws -> FeedRecord {
        var scanner = ByteScanner(bytes)
        let feed = FeedRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case 0x76 /* "v" */: feed.version = try scanner.int()
            case 0x7473 /* "ts" */: feed.timestamp = Date(timeIntervalSince1970: Double(try scanner.int()))
            case 0x65 /* "e" */: feed.events = try scanner.array { try event(&$0) }
            default: throw ByteScanner.Malformed()
            }
        }
        return feed
    }

    private static func event(_ scanner: inout ByteScanner) throws -> EventRecord {
        let event = EventRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case 0x69 /* "i" */: event.eventId = try scanner.int()
            case 0x6E /* "n" */: event.name = try scanner.string()
            case 0x7370 /* "sp" */: guard let sport = Sport(rawValue: try scanner.string()) else { throw ByteScanner.Malformed() }
                event.sport = sport
            case 0x7374 /* "st" */: event.startsAt = Date(timeIntervalSince1970: Double(try scanner.int()))
            case 0x6C /* "l" */: event.isLive = try scanner.bool()
            case 0x63 /* "c" */: event.competition = scanner.null() ? nil : try scanner.string()
            case 0x6D /* "m" */: event.markets = try scanner.array { try market(&$0) }
            default: throw ByteScanner.Malformed()
            }
        }
        return event
    }

    private static func market(_ scanner: inout ByteScanner) throws -> MarketRecord {
        let market = MarketRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case 0x69 /* "i" */: market.marketId = try scanner.string()
            case 0x6E /* "n" */: market.name = try scanner.string()
            case 0x73 /* "s" */: market.status = try status(&scanner)
            case 0x68 /* "h" */: market.handicap = scanner.null() ? nil : try scanner.double()
            case 0x6F /* "o" */: market.outcomes = try scanner.array { try outcome(&$0) }
            default: throw ByteScanner.Malformed()
            }
        }
        return market
    }

    private static func outcome(_ scanner: inout ByteScanner) throws -> OutcomeRecord {
        let outcome = OutcomeRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case 0x69 /* "i" */: outcome.outcomeId = try scanner.int()
            case 0x6E /* "n" */: outcome.name = try scanner.string()
            case 0x70 /* "p" */: outcome.price = try scanner.double()
            case 0x73 /* "s" */: outcome.status = try status(&scanner)
            case 0x6C /* "l" */: outcome.limit = scanner.null() ? nil : try scanner.int()
            default: throw ByteScanner.Malformed()
            }
        }
        return outcome
    }

    private static func status(_ scanner: inout ByteScanner) throws -> MarketStatus {
        guard let status = MarketStatus(rawValue: try scanner.string()) else { throw ByteScanner.Malformed() }
        return status
    }

    /// Reads an object, handing each key to `member` as a number made of its bytes (the keys of this
    /// payload are one or two ASCII letters), which a switch matches without string comparisons.
    private static func object(_ scanner: inout ByteScanner, _ member: (UInt16, inout ByteScanner) throws -> Void) throws {
        try scanner.object { key, scanner in
            var code: UInt16 = 0
            for byte in key { code = code << 8 | UInt16(byte) }
            try member(code, &scanner)
        }
    }

    static func encode(_ feed: FeedRecord) -> [UInt8] {
        var writer = ByteWriter(capacity: 1 << 20)
        writer.raw("{\"v\":")
        writer.int(feed.version)
        if let timestamp = feed.timestamp {
            writer.raw(",\"ts\":")
            writer.double(timestamp.timeIntervalSince1970)
        }
        writer.raw(",\"e\":[")
        for (index, event) in feed.events.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{\"i\":")
            writer.int(event.eventId)
            writer.raw(",\"n\":")
            writer.string(event.name)
            writer.raw(",\"sp\":")
            writer.string(event.sport.rawValue)
            writer.raw(",\"st\":")
            writer.double(event.startsAt.timeIntervalSince1970)
            writer.raw(event.isLive ? ",\"l\":true" : ",\"l\":false")
            if let competition = event.competition {
                writer.raw(",\"c\":")
                writer.string(competition)
            }
            writer.raw(",\"m\":[")
            for (index, market) in event.markets.enumerated() {
                if index > 0 { writer.raw(",") }
                writer.raw("{\"i\":")
                writer.string(market.marketId)
                writer.raw(",\"n\":")
                writer.string(market.name)
                writer.raw(",\"s\":")
                writer.string(market.status.rawValue)
                if let handicap = market.handicap {
                    writer.raw(",\"h\":")
                    writer.double(handicap)
                }
                writer.raw(",\"o\":[")
                for (index, outcome) in market.outcomes.enumerated() {
                    if index > 0 { writer.raw(",") }
                    writer.raw("{\"i\":")
                    writer.int(outcome.outcomeId)
                    writer.raw(",\"n\":")
                    writer.string(outcome.name)
                    writer.raw(",\"p\":")
                    writer.double(outcome.price)
                    writer.raw(",\"s\":")
                    writer.string(outcome.status.rawValue)
                    if let limit = outcome.limit {
                        writer.raw(",\"l\":")
                        writer.int(limit)
                    }
                    writer.raw("}")
                }
                writer.raw("]}")
            }
            writer.raw("]}")
        }
        writer.raw("]}")
        return writer.bytes
    }
}
