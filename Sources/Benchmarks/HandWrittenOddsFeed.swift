import Foundation

/// The practical limit: the odds feed decoded and encoded by code written for exactly this payload,
/// into and from the same classes JSONDecoder fills — a loop per object, keys dispatched on their
/// bytes, enum cases matched on their bytes, prices read exactly by the fast path, strings made once,
/// output appended into one buffer reserved up front.
enum HandWrittenOddsFeed {
    static func decode(_ bytes: [UInt8]) throws -> FeedRecord {
        // Sound: the scanner reads `buffer` only inside this closure (see `FastScanner`).
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = FastScanner(buffer)
            return try feed(&scanner)
        }
    }

    private static func feed(_ scanner: inout FastScanner) throws -> FeedRecord {
        let feed = FeedRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x76 /* v */: feed.version = try scanner.int()
            case 0x7473 /* ts */: feed.timestamp = scanner.null() ? nil : date(try scanner.int())
            case 0x65 /* e */:
                try scanner.expect(UInt8(ascii: "["))
                var events: [EventRecord] = []
                if !scanner.consume(UInt8(ascii: "]")) {
                    repeat { events.append(try event(&scanner)) } while try scanner.next(UInt8(ascii: "]"))
                }
                feed.events = events
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return feed
    }

    private static func event(_ scanner: inout FastScanner) throws -> EventRecord {
        let event = EventRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x69 /* i */: event.eventId = try scanner.int()
            case 0x6E /* n */: event.name = try scanner.string()
            case 0x7370 /* sp */: event.sport = try sport(&scanner)
            case 0x7374 /* st */: event.startsAt = date(try scanner.int())
            case 0x6C /* l */: event.isLive = try scanner.bool()
            case 0x63 /* c */: event.competition = scanner.null() ? nil : try scanner.string()
            case 0x6D /* m */:
                try scanner.expect(UInt8(ascii: "["))
                var markets: [MarketRecord] = []
                markets.reserveCapacity(8)
                if !scanner.consume(UInt8(ascii: "]")) {
                    repeat { markets.append(try market(&scanner)) } while try scanner.next(UInt8(ascii: "]"))
                }
                event.markets = markets
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return event
    }

    private static func market(_ scanner: inout FastScanner) throws -> MarketRecord {
        let market = MarketRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x69 /* i */: market.marketId = try scanner.string()
            case 0x6E /* n */: market.name = try scanner.string()
            case 0x73 /* s */: market.status = try status(&scanner)
            case 0x68 /* h */: market.handicap = scanner.null() ? nil : try scanner.double()
            case 0x6F /* o */:
                try scanner.expect(UInt8(ascii: "["))
                var outcomes: [OutcomeRecord] = []
                outcomes.reserveCapacity(4)
                if !scanner.consume(UInt8(ascii: "]")) {
                    repeat { outcomes.append(try outcome(&scanner)) } while try scanner.next(UInt8(ascii: "]"))
                }
                market.outcomes = outcomes
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return market
    }

    private static func outcome(_ scanner: inout FastScanner) throws -> OutcomeRecord {
        let outcome = OutcomeRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x69 /* i */: outcome.outcomeId = try scanner.int()
            case 0x6E /* n */: outcome.name = try scanner.string()
            case 0x70 /* p */: outcome.price = try scanner.double()
            case 0x73 /* s */: outcome.status = try status(&scanner)
            case 0x6C /* l */: outcome.limit = scanner.null() ? nil : try scanner.int()
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return outcome
    }

    /// A date from epoch milliseconds, as `JSONDecoder`'s `.millisecondsSince1970` makes it.
    @inline(__always)
    private static func date(_ milliseconds: Int) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// The status, told by its first byte and length (also for the messages and the live feed).
    @inline(__always)
    static func status(_ scanner: inout FastScanner) throws -> MarketStatus {
        guard let raw = try scanner.rawString() else { throw FastScanner.Malformed() }
        switch (raw.count, raw.first) {
        case (4, UInt8(ascii: "o")) where FastScanner.equal(raw, "open"): return .open
        case (9, UInt8(ascii: "s")) where FastScanner.equal(raw, "suspended"): return .suspended
        case (6, UInt8(ascii: "c")) where FastScanner.equal(raw, "closed"): return .closed
        default: throw FastScanner.Malformed()
        }
    }

    @inline(__always)
    private static func sport(_ scanner: inout FastScanner) throws -> Sport {
        guard let raw = try scanner.rawString() else { throw FastScanner.Malformed() }
        switch (raw.count, raw.first) {
        case (8, UInt8(ascii: "f")) where FastScanner.equal(raw, "football"): return .football
        case (6, UInt8(ascii: "t")) where FastScanner.equal(raw, "tennis"): return .tennis
        case (10, UInt8(ascii: "b")) where FastScanner.equal(raw, "basketball"): return .basketball
        case (10, UInt8(ascii: "i")) where FastScanner.equal(raw, "ice_hockey"): return .iceHockey
        default: throw FastScanner.Malformed()
        }
    }

    static func encode(_ feed: FeedRecord) -> [UInt8] {
        var writer = FastWriter(capacity: 1 << 23)
        writer.raw("{\"v\":")
        writer.int(feed.version)
        if let timestamp = feed.timestamp {
            writer.raw(",\"ts\":")
            writer.int(milliseconds(timestamp))
        }
        writer.raw(",\"e\":[")
        for (index, event) in feed.events.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.raw("{\"i\":")
            writer.int(event.eventId)
            writer.raw(",\"n\":")
            writer.string(event.name)
            writer.raw(",\"sp\":")
            writer.string(event.sport.rawValue)
            writer.raw(",\"st\":")
            writer.int(milliseconds(event.startsAt))
            if event.isLive { writer.raw(",\"l\":true") } else { writer.raw(",\"l\":false") }
            if let competition = event.competition {
                writer.raw(",\"c\":")
                writer.string(competition)
            }
            writer.raw(",\"m\":[")
            for (index, market) in event.markets.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.raw("{\"i\":")
                writer.string(market.marketId)
                writer.raw(",\"n\":")
                writer.string(market.name)
                writer.raw(",\"s\":")
                status(market.status, to: &writer)
                if let handicap = market.handicap {
                    writer.raw(",\"h\":")
                    writer.double(handicap)
                }
                writer.raw(",\"o\":[")
                for (index, outcome) in market.outcomes.enumerated() {
                    if index > 0 { writer.byte(UInt8(ascii: ",")) }
                    writer.raw("{\"i\":")
                    writer.int(outcome.outcomeId)
                    writer.raw(",\"n\":")
                    writer.string(outcome.name)
                    writer.raw(",\"p\":")
                    writer.double(outcome.price)
                    writer.raw(",\"s\":")
                    status(outcome.status, to: &writer)
                    if let limit = outcome.limit {
                        writer.raw(",\"l\":")
                        writer.int(limit)
                    }
                    writer.byte(UInt8(ascii: "}"))
                }
                writer.raw("]}")
            }
            writer.raw("]}")
        }
        writer.raw("]}")
        return writer.finish()
    }

    @inline(__always)
    private static func milliseconds(_ date: Date) -> Int {
        Int((date.timeIntervalSince1970 * 1000).rounded())
    }

    @inline(__always)
    private static func status(_ status: MarketStatus, to writer: inout FastWriter) {
        switch status {
        case .open: writer.raw("\"open\"")
        case .suspended: writer.raw("\"suspended\"")
        case .closed: writer.raw("\"closed\"")
        }
    }
}
