import Foundation

/// The practical limit for citm_catalog.json: a decoder written for exactly this payload, into the
/// classes JSONDecoder fills — a loop per object, keys dispatched on their length and bytes, integers
/// read digit by digit, strings made once. The payload is indented, so the scanner skips whitespace
/// between tokens. A key the payload does not have is an error.
enum HandWrittenCatalog {
    static func decode(_ bytes: [UInt8]) throws -> CatalogRecord {
        // Sound: the scanner reads `buffer` only inside this closure (see `FastScanner`).
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = FastScanner(buffer, spaced: true)
            return try catalog(&scanner)
        }
    }

    private static func catalog(_ scanner: inout FastScanner) throws -> CatalogRecord {
        let catalog = CatalogRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            let key = try scanner.rawKey()
            switch key.count {
            case 6 where FastScanner.equal(key, "events"): catalog.events = try dictionary(&scanner, event)
            case 9 where FastScanner.equal(key, "areaNames"): catalog.areaNames = try dictionary(&scanner, string)
            case 10 where FastScanner.equal(key, "blockNames"): catalog.blockNames = try dictionary(&scanner, string)
            case 10 where FastScanner.equal(key, "topicNames"): catalog.topicNames = try dictionary(&scanner, string)
            case 10 where FastScanner.equal(key, "venueNames"): catalog.venueNames = try dictionary(&scanner, string)
            case 12 where FastScanner.equal(key, "performances"): catalog.performances = try array(&scanner, performance)
            case 12 where FastScanner.equal(key, "subjectNames"): catalog.subjectNames = try dictionary(&scanner, string)
            case 13 where FastScanner.equal(key, "subTopicNames"): catalog.subTopicNames = try dictionary(&scanner, string)
            case 14 where FastScanner.equal(key, "topicSubTopics"): catalog.topicSubTopics = try dictionary(&scanner, ints)
            case 17 where FastScanner.equal(key, "seatCategoryNames"): catalog.seatCategoryNames = try dictionary(&scanner, string)
            case 24 where FastScanner.equal(key, "audienceSubCategoryNames"): catalog.audienceSubCategoryNames = try dictionary(&scanner, string)
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return catalog
    }

    private static func event(_ scanner: inout FastScanner) throws -> CatalogEventRecord {
        let event = CatalogEventRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            let key = try scanner.rawKey()
            switch (key.count, key[0]) {
            case (2, UInt8(ascii: "i")) where FastScanner.equal(key, "id"): event.eventId = try scanner.int()
            case (4, UInt8(ascii: "l")) where FastScanner.equal(key, "logo"): event.logo = try optionalString(&scanner)
            case (4, UInt8(ascii: "n")) where FastScanner.equal(key, "name"): event.name = try scanner.string()
            case (8, UInt8(ascii: "s")) where FastScanner.equal(key, "subtitle"): event.subtitle = try optionalString(&scanner)
            case (8, UInt8(ascii: "t")) where FastScanner.equal(key, "topicIds"): event.topicIds = try ints(&scanner)
            case (11, UInt8(ascii: "d")) where FastScanner.equal(key, "description"): event.eventDescription = try optionalString(&scanner)
            case (11, UInt8(ascii: "s")) where FastScanner.equal(key, "subTopicIds"): event.subTopicIds = try ints(&scanner)
            case (11, UInt8(ascii: "s")) where FastScanner.equal(key, "subjectCode"): event.subjectCode = try optionalString(&scanner)
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return event
    }

    private static func performance(_ scanner: inout FastScanner) throws -> PerformanceRecord {
        let performance = PerformanceRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            let key = try scanner.rawKey()
            switch (key.count, key[0]) {
            case (2, UInt8(ascii: "i")) where FastScanner.equal(key, "id"): performance.performanceId = try scanner.int()
            case (4, UInt8(ascii: "l")) where FastScanner.equal(key, "logo"): performance.logo = try optionalString(&scanner)
            case (4, UInt8(ascii: "n")) where FastScanner.equal(key, "name"): performance.name = try optionalString(&scanner)
            case (5, UInt8(ascii: "s")) where FastScanner.equal(key, "start"): performance.start = try scanner.int()
            case (6, UInt8(ascii: "p")) where FastScanner.equal(key, "prices"): performance.prices = try array(&scanner, price)
            case (7, UInt8(ascii: "e")) where FastScanner.equal(key, "eventId"): performance.eventId = try scanner.int()
            case (9, UInt8(ascii: "v")) where FastScanner.equal(key, "venueCode"): performance.venueCode = try scanner.string()
            case (12, UInt8(ascii: "s")) where FastScanner.equal(key, "seatMapImage"): performance.seatMapImage = try optionalString(&scanner)
            case (14, UInt8(ascii: "s")) where FastScanner.equal(key, "seatCategories"): performance.seatCategories = try array(&scanner, seatCategory)
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return performance
    }

    private static func price(_ scanner: inout FastScanner) throws -> PriceRecord {
        let price = PriceRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            let key = try scanner.rawKey()
            switch key.count {
            case 6 where FastScanner.equal(key, "amount"): price.amount = try scanner.int()
            case 14 where FastScanner.equal(key, "seatCategoryId"): price.seatCategoryId = try scanner.int()
            case 21 where FastScanner.equal(key, "audienceSubCategoryId"): price.audienceSubCategoryId = try scanner.int()
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return price
    }

    private static func seatCategory(_ scanner: inout FastScanner) throws -> SeatCategoryRecord {
        let category = SeatCategoryRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            let key = try scanner.rawKey()
            switch key.count {
            case 5 where FastScanner.equal(key, "areas"): category.areas = try array(&scanner, area)
            case 14 where FastScanner.equal(key, "seatCategoryId"): category.seatCategoryId = try scanner.int()
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return category
    }

    private static func area(_ scanner: inout FastScanner) throws -> AreaRecord {
        let area = AreaRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            let key = try scanner.rawKey()
            switch key.count {
            case 6 where FastScanner.equal(key, "areaId"): area.areaId = try scanner.int()
            case 8 where FastScanner.equal(key, "blockIds"): area.blockIds = try ints(&scanner)
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return area
    }

    // MARK: Building blocks

    private static func string(_ scanner: inout FastScanner) throws -> String {
        try scanner.string()
    }

    private static func optionalString(_ scanner: inout FastScanner) throws -> String? {
        scanner.null() ? nil : try scanner.string()
    }

    private static func ints(_ scanner: inout FastScanner) throws -> [Int] {
        try scanner.expect(UInt8(ascii: "["))
        var result: [Int] = []
        if scanner.consume(UInt8(ascii: "]")) { return result }
        repeat { result.append(try scanner.int()) } while try scanner.next(UInt8(ascii: "]"))
        return result
    }

    @inline(__always)
    private static func array<Element>(_ scanner: inout FastScanner, _ element: (inout FastScanner) throws -> Element) throws -> [Element] {
        try scanner.expect(UInt8(ascii: "["))
        var result: [Element] = []
        if scanner.consume(UInt8(ascii: "]")) { return result }
        repeat { result.append(try element(&scanner)) } while try scanner.next(UInt8(ascii: "]"))
        return result
    }

    @inline(__always)
    private static func dictionary<Value>(_ scanner: inout FastScanner, _ value: (inout FastScanner) throws -> Value) throws -> [String: Value] {
        try scanner.expect(UInt8(ascii: "{"))
        var result: [String: Value] = [:]
        if scanner.consume(UInt8(ascii: "}")) { return result }
        repeat {
            let key = try scanner.rawKey()
            result[String(decoding: key, as: UTF8.self)] = try value(&scanner)
        } while try scanner.next(UInt8(ascii: "}"))
        return result
    }
}

extension HandWrittenCatalog {
    /// citm_catalog.json written back, minified, into one buffer reserved up front: keys as
    /// literals, integers digit by digit, dictionaries in their own order.
    static func encode(_ catalog: CatalogRecord) -> [UInt8] {
        var writer = FastWriter(capacity: 1 << 21)
        writer.raw("{\"areaNames\":")
        names(catalog.areaNames, to: &writer)
        writer.raw(",\"audienceSubCategoryNames\":")
        names(catalog.audienceSubCategoryNames, to: &writer)
        writer.raw(",\"blockNames\":")
        names(catalog.blockNames, to: &writer)
        writer.raw(",\"events\":{")
        var first = true
        for (key, event) in catalog.events {
            if !first { writer.byte(UInt8(ascii: ",")) }
            first = false
            writer.string(key)
            writer.raw(":{\"description\":")
            optional(event.eventDescription, to: &writer)
            writer.raw(",\"id\":")
            writer.int(event.eventId)
            writer.raw(",\"logo\":")
            optional(event.logo, to: &writer)
            writer.raw(",\"name\":")
            writer.string(event.name)
            writer.raw(",\"subTopicIds\":")
            ints(event.subTopicIds, to: &writer)
            writer.raw(",\"subjectCode\":")
            optional(event.subjectCode, to: &writer)
            writer.raw(",\"subtitle\":")
            optional(event.subtitle, to: &writer)
            writer.raw(",\"topicIds\":")
            ints(event.topicIds, to: &writer)
            writer.byte(UInt8(ascii: "}"))
        }
        writer.raw("},\"performances\":[")
        for (index, performance) in catalog.performances.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.raw("{\"eventId\":")
            writer.int(performance.eventId)
            writer.raw(",\"id\":")
            writer.int(performance.performanceId)
            writer.raw(",\"logo\":")
            optional(performance.logo, to: &writer)
            writer.raw(",\"name\":")
            optional(performance.name, to: &writer)
            writer.raw(",\"prices\":[")
            for (index, price) in performance.prices.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.raw("{\"amount\":")
                writer.int(price.amount)
                writer.raw(",\"audienceSubCategoryId\":")
                writer.int(price.audienceSubCategoryId)
                writer.raw(",\"seatCategoryId\":")
                writer.int(price.seatCategoryId)
                writer.byte(UInt8(ascii: "}"))
            }
            writer.raw("],\"seatCategories\":[")
            for (index, category) in performance.seatCategories.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.raw("{\"areas\":[")
                for (index, area) in category.areas.enumerated() {
                    if index > 0 { writer.byte(UInt8(ascii: ",")) }
                    writer.raw("{\"areaId\":")
                    writer.int(area.areaId)
                    writer.raw(",\"blockIds\":")
                    ints(area.blockIds, to: &writer)
                    writer.byte(UInt8(ascii: "}"))
                }
                writer.raw("],\"seatCategoryId\":")
                writer.int(category.seatCategoryId)
                writer.byte(UInt8(ascii: "}"))
            }
            writer.raw("],\"seatMapImage\":")
            optional(performance.seatMapImage, to: &writer)
            writer.raw(",\"start\":")
            writer.int(performance.start)
            writer.raw(",\"venueCode\":")
            writer.string(performance.venueCode)
            writer.byte(UInt8(ascii: "}"))
        }
        writer.raw("],\"seatCategoryNames\":")
        names(catalog.seatCategoryNames, to: &writer)
        writer.raw(",\"subTopicNames\":")
        names(catalog.subTopicNames, to: &writer)
        writer.raw(",\"subjectNames\":")
        names(catalog.subjectNames, to: &writer)
        writer.raw(",\"topicNames\":")
        names(catalog.topicNames, to: &writer)
        writer.raw(",\"topicSubTopics\":{")
        first = true
        for (key, ids) in catalog.topicSubTopics {
            if !first { writer.byte(UInt8(ascii: ",")) }
            first = false
            writer.string(key)
            writer.byte(UInt8(ascii: ":"))
            ints(ids, to: &writer)
        }
        writer.raw("},\"venueNames\":")
        names(catalog.venueNames, to: &writer)
        writer.byte(UInt8(ascii: "}"))
        return writer.finish()
    }

    private static func names(_ names: [String: String], to writer: inout FastWriter) {
        writer.byte(UInt8(ascii: "{"))
        var first = true
        for (key, name) in names {
            if !first { writer.byte(UInt8(ascii: ",")) }
            first = false
            writer.string(key)
            writer.byte(UInt8(ascii: ":"))
            writer.string(name)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    private static func ints(_ values: [Int], to writer: inout FastWriter) {
        writer.byte(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.int(value)
        }
        writer.byte(UInt8(ascii: "]"))
    }

    private static func optional(_ value: String?, to writer: inout FastWriter) {
        if let value { writer.string(value) } else { writer.raw("null") }
    }
}
