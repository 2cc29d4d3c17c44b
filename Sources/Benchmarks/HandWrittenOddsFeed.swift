import Foundation

/// The practical limit: the odds feed decoded and encoded by code written for exactly this payload,
/// into and from the same classes JSONDecoder fills.
enum HandWrittenOddsFeed {
    static func decode(_ bytes: [UInt8]) throws -> FeedRecord {
        var scanner = ByteScanner(bytes)
        let feed = FeedRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case "v": feed.version = try scanner.int()
            case "ts": feed.timestamp = Date(timeIntervalSince1970: Double(try scanner.int()))
            case "e": feed.events = try array(&scanner) { try event(&$0) }
            default: throw ByteScanner.Malformed()
            }
        }
        return feed
    }

    private static func event(_ scanner: inout ByteScanner) throws -> EventRecord {
        let event = EventRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case "i": event.eventId = try scanner.int()
            case "n": event.name = try scanner.string()
            case "sp": guard let sport = Sport(rawValue: try scanner.string()) else { throw ByteScanner.Malformed() }
                event.sport = sport
            case "st": event.startsAt = Date(timeIntervalSince1970: Double(try scanner.int()))
            case "l": event.isLive = try scanner.bool()
            case "c": event.competition = scanner.null() ? nil : try scanner.string()
            case "m": event.markets = try array(&scanner) { try market(&$0) }
            default: throw ByteScanner.Malformed()
            }
        }
        return event
    }

    private static func market(_ scanner: inout ByteScanner) throws -> MarketRecord {
        let market = MarketRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case "i": market.marketId = try scanner.string()
            case "n": market.name = try scanner.string()
            case "s": market.status = try status(&scanner)
            case "h": market.handicap = scanner.null() ? nil : try scanner.double()
            case "o": market.outcomes = try array(&scanner) { try outcome(&$0) }
            default: throw ByteScanner.Malformed()
            }
        }
        return market
    }

    private static func outcome(_ scanner: inout ByteScanner) throws -> OutcomeRecord {
        let outcome = OutcomeRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case "i": outcome.outcomeId = try scanner.int()
            case "n": outcome.name = try scanner.string()
            case "p": outcome.price = try scanner.double()
            case "s": outcome.status = try status(&scanner)
            case "l": outcome.limit = scanner.null() ? nil : try scanner.int()
            default: throw ByteScanner.Malformed()
            }
        }
        return outcome
    }

    private static func status(_ scanner: inout ByteScanner) throws -> MarketStatus {
        guard let status = MarketStatus(rawValue: try scanner.string()) else { throw ByteScanner.Malformed() }
        return status
    }

    /// Reads an object, handing each key (as a small string: the keys are short) to `member`.
    private static func object(_ scanner: inout ByteScanner, _ member: (String, inout ByteScanner) throws -> Void) throws {
        try scanner.expect(UInt8(ascii: "{"))
        if scanner.peek() == UInt8(ascii: "}") { scanner.position += 1; return }
        repeat {
            let key = String(decoding: try scanner.key(), as: UTF8.self)
            try member(key, &scanner)
        } while try scanner.next(UInt8(ascii: "}"))
    }

    private static func array<Element>(_ scanner: inout ByteScanner, _ element: (inout ByteScanner) throws -> Element) throws -> [Element] {
        try scanner.expect(UInt8(ascii: "["))
        var result: [Element] = []
        if scanner.peek() == UInt8(ascii: "]") { scanner.position += 1; return result }
        repeat {
            result.append(try element(&scanner))
        } while try scanner.next(UInt8(ascii: "]"))
        return result
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
