import Foundation

/// The practical limit for citm_catalog.json: a decoder written for exactly this payload, over the
/// same byte scanner as the odds feed's, into the classes JSONDecoder fills. Keys are compared as
/// bytes; a key the payload does not have is an error.
enum HandWrittenCatalog {
    static func decode(_ bytes: [UInt8]) throws -> CatalogRecord {
        var scanner = ByteScanner(bytes)
        let catalog = CatalogRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case "areaNames": catalog.areaNames = try names(&scanner)
            case "audienceSubCategoryNames": catalog.audienceSubCategoryNames = try names(&scanner)
            case "blockNames": catalog.blockNames = try names(&scanner)
            case "events": catalog.events = try dictionary(&scanner) { try event(&$0) }
            case "performances": catalog.performances = try scanner.array { try performance(&$0) }
            case "seatCategoryNames": catalog.seatCategoryNames = try names(&scanner)
            case "subTopicNames": catalog.subTopicNames = try names(&scanner)
            case "subjectNames": catalog.subjectNames = try names(&scanner)
            case "topicNames": catalog.topicNames = try names(&scanner)
            case "topicSubTopics": catalog.topicSubTopics = try dictionary(&scanner) { try ints(&$0) }
            case "venueNames": catalog.venueNames = try names(&scanner)
            default: throw ByteScanner.Malformed()
            }
        }
        return catalog
    }

    private static func event(_ scanner: inout ByteScanner) throws -> CatalogEventRecord {
        let event = CatalogEventRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case "description": event.eventDescription = try optionalString(&scanner)
            case "id": event.eventId = try scanner.int()
            case "logo": event.logo = try optionalString(&scanner)
            case "name": event.name = try scanner.string()
            case "subTopicIds": event.subTopicIds = try ints(&scanner)
            case "subjectCode": event.subjectCode = try optionalString(&scanner)
            case "subtitle": event.subtitle = try optionalString(&scanner)
            case "topicIds": event.topicIds = try ints(&scanner)
            default: throw ByteScanner.Malformed()
            }
        }
        return event
    }

    private static func performance(_ scanner: inout ByteScanner) throws -> PerformanceRecord {
        let performance = PerformanceRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case "eventId": performance.eventId = try scanner.int()
            case "id": performance.performanceId = try scanner.int()
            case "logo": performance.logo = try optionalString(&scanner)
            case "name": performance.name = try optionalString(&scanner)
            case "prices": performance.prices = try scanner.array { try price(&$0) }
            case "seatCategories": performance.seatCategories = try scanner.array { try seatCategory(&$0) }
            case "seatMapImage": performance.seatMapImage = try optionalString(&scanner)
            case "start": performance.start = try scanner.int()
            case "venueCode": performance.venueCode = try scanner.string()
            default: throw ByteScanner.Malformed()
            }
        }
        return performance
    }

    private static func price(_ scanner: inout ByteScanner) throws -> PriceRecord {
        let price = PriceRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case "amount": price.amount = try scanner.int()
            case "audienceSubCategoryId": price.audienceSubCategoryId = try scanner.int()
            case "seatCategoryId": price.seatCategoryId = try scanner.int()
            default: throw ByteScanner.Malformed()
            }
        }
        return price
    }

    private static func seatCategory(_ scanner: inout ByteScanner) throws -> SeatCategoryRecord {
        let category = SeatCategoryRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case "areas": category.areas = try scanner.array { try area(&$0) }
            case "seatCategoryId": category.seatCategoryId = try scanner.int()
            default: throw ByteScanner.Malformed()
            }
        }
        return category
    }

    private static func area(_ scanner: inout ByteScanner) throws -> AreaRecord {
        let area = AreaRecord()
        try object(&scanner) { key, scanner in
            switch key {
            case "areaId": area.areaId = try scanner.int()
            case "blockIds": area.blockIds = try ints(&scanner)
            default: throw ByteScanner.Malformed()
            }
        }
        return area
    }

    // MARK: Building blocks

    private static func optionalString(_ scanner: inout ByteScanner) throws -> String? {
        scanner.null() ? nil : try scanner.string()
    }

    private static func ints(_ scanner: inout ByteScanner) throws -> [Int] {
        try scanner.array { try $0.int() }
    }

    private static func names(_ scanner: inout ByteScanner) throws -> [String: String] {
        try dictionary(&scanner) { try $0.string() }
    }

    /// Walks an object, handing each member's key (as a `Key`, compared by its bytes) to `member`.
    private static func object(_ scanner: inout ByteScanner, _ member: (Key, inout ByteScanner) throws -> Void) throws {
        try scanner.object { key, scanner in try member(Key(bytes: key), &scanner) }
    }

    private static func dictionary<Value>(_ scanner: inout ByteScanner, _ value: (inout ByteScanner) throws -> Value) throws -> [String: Value] {
        var result: [String: Value] = [:]
        try scanner.object { key, scanner in
            result[String(decoding: key, as: UTF8.self)] = try value(&scanner)
        }
        return result
    }

    /// A key's bytes, matched in `switch` against string literals without making a `String`.
    struct Key {
        let bytes: ArraySlice<UInt8>

        static func ~= (pattern: StaticString, key: Key) -> Bool {
            pattern.withUTF8Buffer { $0.elementsEqual(key.bytes) }
        }
    }
}
