import BaseModelKit
import Foundation

// The type zoo: a feed whose items hold every field type the schema admits — each integer width,
// `Float`, `Double`, `Decimal`, `Bool`, `String`, `Character`, dates through every date transformer,
// `URL`, `UUID`, `Data`, `String`- and `Int`-backed enums, raw `JSON`, optionals of them, an optional
// model sent as `null` or an object, arrays, sets and dictionaries of scalars and of models, nested
// arrays. Its numbers are not the benchmark's odds feed's: `Int64` ids past 2^53, negative integers,
// optional doubles, ISO 8601 text. Once per contender: BaseModelKit subclasses, and Codable final
// classes that JSONDecoder/JSONEncoder and the hand-written coder both fill.

enum ZooColor: String, Codable, CaseIterable {
    case red, green, blue, ultraviolet = "ultra_violet"
}

enum ZooRank: Int, Codable, CaseIterable {
    case low = 1, middle = 2, high = 3
}

// MARK: BaseModelKit

final class ZooFeedModel: BaseModel {
    var version: Int = 0
    var items: [ZooItemModel] = []
    override class var apiToLocal: [String: String] { ["v": "version", "it": "items"] }
}

final class ZooItemModel: BaseModel {
    var id: Int64 = 0
    var tiny: Int8 = 0
    var small: Int16 = 0
    var medium: Int32 = 0
    var byte: UInt8 = 0
    var word: UInt16 = 0
    var count: UInt32 = 0
    var big: UInt64 = 0
    var size: UInt = 0
    var ratio: Float = 0
    var price: Double = 0
    var amount: Decimal = 0
    var active = false
    var name = ""
    var grade: Character = "a"
    var created = Date(timeIntervalSince1970: 0)
    var updated = Date(timeIntervalSince1970: 0)
    var starts = Date(timeIntervalSince1970: 0)
    var stamped = Date(timeIntervalSince1970: 0)
    var day = Date(timeIntervalSince1970: 0)
    var link = URL(string: "https://example.com")!
    var token = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var blob = Data()
    var color: ZooColor = .red
    var rank: ZooRank = .low
    var extra: JSON = .null
    var maybeId: Int64?
    var maybePrice: Double?
    var maybeName: String?
    var maybeDate: Date?
    var maybeColor: ZooColor?
    var maybeLink: URL?
    var maybeSmall: Int16?
    var maybeRatio: Float?
    var maybeActive: Bool?
    var maybeToken: UUID?
    var detail: ZooPartModel?
    var parts: [ZooPartModel] = []
    var partsByKey: [String: ZooPartModel] = [:]
    var scores: [Int32] = []
    var tags: Set<String> = []
    var weights: [String: Double] = [:]
    var grid: [[Int8]] = []
    var stamps: [Date] = []
    var flags: [Bool]?
    var tokens: [UUID] = []
    var counts: [String: Int]?

    override class var apiToLocal: [String: String] {
        [
            "id": "id", "i8": "tiny", "i16": "small", "i32": "medium", "u8": "byte", "u16": "word", "u32": "count",
            "u64": "big", "u": "size", "f": "ratio", "d": "price", "dec": "amount", "ok": "active", "n": "name",
            "g": "grade", "cs": "created", "cm": "updated", "ci": "starts", "cf": "stamped", "cd": "day", "url": "link",
            "uid": "token", "bin": "blob", "col": "color", "rk": "rank", "x": "extra", "oi": "maybeId", "od": "maybePrice",
            "on": "maybeName", "ot": "maybeDate", "oc": "maybeColor", "ou": "maybeLink", "os": "maybeSmall",
            "of": "maybeRatio", "ob": "maybeActive", "ouid": "maybeToken", "p": "detail", "ps": "parts",
            "pk": "partsByKey", "sc": "scores", "tg": "tags", "w": "weights", "gr": "grid", "tm": "stamps",
            "fl": "flags", "ids": "tokens", "cn": "counts",
        ]
    }
    override class var transformers: [String: JSONTransformer] {
        ["updated": .millisecondsSince1970, "starts": .iso8601, "stamped": .iso8601, "day": .dateFormat(ZooDates.dayFormat)]
    }
}

final class ZooPartModel: BaseModel {
    var id: Int64 = 0
    var label = ""
    var value: Double?
    var count: UInt16 = 0
    var rank: ZooRank?
    var at: Date?
    override class var apiToLocal: [String: String] { ["i": "id", "l": "label", "v": "value", "c": "count", "r": "rank", "t": "at"] }
}

// MARK: Codable

/// The Codable contender's dates other than seconds (its decoder's strategy): property wrappers that
/// read and write them with the hand-written contender's own code, so that the comparison measures the
/// coders and not the date formatting.
@propertyWrapper
struct EpochMilliseconds: Codable {
    var wrappedValue: Date
    init(wrappedValue: Date) { self.wrappedValue = wrappedValue }
    init(from decoder: any Decoder) throws {
        wrappedValue = ZooDates.date(milliseconds: try decoder.singleValueContainer().decode(Int64.self))
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(ZooDates.milliseconds(wrappedValue))
    }
}

/// An ISO 8601 date (with milliseconds when it has a fraction), for the Codable contender.
@propertyWrapper
struct ISO8601Text: Codable {
    var wrappedValue: Date
    init(wrappedValue: Date) { self.wrappedValue = wrappedValue }
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = ZooDates.iso8601(Array(text.utf8)[...]) else { throw FastScanner.Malformed() }
        wrappedValue = date
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: ZooDates.iso8601(wrappedValue), as: UTF8.self))
    }
}

/// A date as `yyyy-MM-dd HH:mm:ss` in UTC, for the Codable contender.
@propertyWrapper
struct DayText: Codable {
    var wrappedValue: Date
    init(wrappedValue: Date) { self.wrappedValue = wrappedValue }
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = ZooDates.day(Array(text.utf8)[...]) else { throw FastScanner.Malformed() }
        wrappedValue = date
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: ZooDates.day(wrappedValue), as: UTF8.self))
    }
}

/// A `Character` (not `Codable` itself) as a one-character string.
@propertyWrapper
struct CharacterText: Codable {
    var wrappedValue: Character
    init(wrappedValue: Character) { self.wrappedValue = wrappedValue }
    init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard text.count == 1, let character = text.first else { throw FastScanner.Malformed() }
        wrappedValue = character
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(wrappedValue))
    }
}

final class ZooFeedRecord: Codable {
    var version: Int = 0
    var items: [ZooItemRecord] = []
    enum CodingKeys: String, CodingKey { case version = "v", items = "it" }
    init() {}
}

final class ZooItemRecord: Codable {
    var id: Int64 = 0
    var tiny: Int8 = 0
    var small: Int16 = 0
    var medium: Int32 = 0
    var byte: UInt8 = 0
    var word: UInt16 = 0
    var count: UInt32 = 0
    var big: UInt64 = 0
    var size: UInt = 0
    var ratio: Float = 0
    var price: Double = 0
    var amount: Decimal = 0
    var active = false
    var name = ""
    @CharacterText var grade: Character = "a"
    var created = Date(timeIntervalSince1970: 0)
    @EpochMilliseconds var updated = Date(timeIntervalSince1970: 0)
    @ISO8601Text var starts = Date(timeIntervalSince1970: 0)
    @ISO8601Text var stamped = Date(timeIntervalSince1970: 0)
    @DayText var day = Date(timeIntervalSince1970: 0)
    var link = URL(string: "https://example.com")!
    var token = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var blob = Data()
    var color: ZooColor = .red
    var rank: ZooRank = .low
    var extra: JSON = .null
    var maybeId: Int64?
    var maybePrice: Double?
    var maybeName: String?
    var maybeDate: Date?
    var maybeColor: ZooColor?
    var maybeLink: URL?
    var maybeSmall: Int16?
    var maybeRatio: Float?
    var maybeActive: Bool?
    var maybeToken: UUID?
    var detail: ZooPartRecord?
    var parts: [ZooPartRecord] = []
    var partsByKey: [String: ZooPartRecord] = [:]
    var scores: [Int32] = []
    var tags: Set<String> = []
    var weights: [String: Double] = [:]
    var grid: [[Int8]] = []
    var stamps: [Date] = []
    var flags: [Bool]?
    var tokens: [UUID] = []
    var counts: [String: Int]?

    enum CodingKeys: String, CodingKey {
        case id, tiny = "i8", small = "i16", medium = "i32", byte = "u8", word = "u16", count = "u32", big = "u64", size = "u"
        case ratio = "f", price = "d", amount = "dec", active = "ok", name = "n", grade = "g", created = "cs", updated = "cm"
        case starts = "ci", stamped = "cf", day = "cd", link = "url", token = "uid", blob = "bin", color = "col", rank = "rk"
        case extra = "x", maybeId = "oi", maybePrice = "od", maybeName = "on", maybeDate = "ot", maybeColor = "oc"
        case maybeLink = "ou", maybeSmall = "os", maybeRatio = "of", maybeActive = "ob", maybeToken = "ouid", detail = "p"
        case parts = "ps", partsByKey = "pk", scores = "sc", tags = "tg", weights = "w", grid = "gr", stamps = "tm"
        case flags = "fl", tokens = "ids", counts = "cn"
    }
    init() {}
}

final class ZooPartRecord: Codable {
    var id: Int64 = 0
    var label = ""
    var value: Double?
    var count: UInt16 = 0
    var rank: ZooRank?
    var at: Date?
    enum CodingKeys: String, CodingKey { case id = "i", label = "l", value = "v", count = "c", rank = "r", at = "t" }
    init() {}
}

// MARK: The payload

extension Payloads {
    /// The zoo feed: `items` items of about a kilobyte each, from a fixed seed, as the hand-written
    /// encoder writes them (minified; the optional model as `null` when absent, other `nil`s left out).
    static func zooFeed(items: Int = 3000) -> Payload {
        Payload(name: "type zoo", data: Data(HandWrittenZoo.encode(zooRecord(items: items))))
    }

    static func zooRecord(items count: Int) -> ZooFeedRecord {
        var random = SplitMix(seed: 0x200_2027)
        func pick(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
        func chance(_ percent: Int) -> Bool { pick(0...99) < percent }
        func word() -> String {
            let words = ["Arsenal", "Chelsea", "Ümit", "Zürich \"North\"", "Tokyo", "São Paulo", "O'Neil", "tab\there", "line"]
            return words[pick(0...words.count - 1)]
        }
        func uuid() -> UUID {
            let high = random.next()
            let low = random.next()
            // Sound: two `UInt64`s are 16 bytes, the size of `uuid_t`, loaded within the call.
            return withUnsafeBytes(of: (high, low)) { UUID(uuid: $0.load(as: uuid_t.self)) }
        }
        func seconds() -> Date { Date(timeIntervalSince1970: Double(pick(946_684_800...4_102_444_800))) }
        func milliseconds() -> Date { ZooDates.date(milliseconds: Int64(pick(946_684_800_000...4_102_444_800_000))) }
        func part(_ index: Int) -> ZooPartRecord {
            let part = ZooPartRecord()
            part.id = Int64(index) * 1_000_003 + 9_007_199_254_740_993
            part.label = word()
            part.value = chance(70) ? Double(pick(-100_000...100_000)) / 100 : nil
            part.count = UInt16(pick(0...65535))
            part.rank = chance(60) ? ZooRank.allCases[pick(0...2)] : nil
            part.at = chance(50) ? seconds() : nil
            return part
        }
        let feed = ZooFeedRecord()
        feed.version = 3
        for index in 0..<count {
            let item = ZooItemRecord()
            item.id = 9_007_199_254_740_993 + Int64(index) * 7919
            item.tiny = Int8(pick(-128...127))
            item.small = Int16(pick(-32768...32767))
            item.medium = Int32(pick(-2_000_000_000...2_000_000_000))
            item.byte = UInt8(pick(0...255))
            item.word = UInt16(pick(0...65535))
            item.count = UInt32(pick(0...4_000_000_000))
            item.big = random.next()
            item.size = UInt(pick(0...1 << 40))
            item.ratio = Float(pick(-4000...4000)) / 4
            item.price = Double(pick(-1_000_000...1_000_000)) / 100
            item.amount = Decimal(sign: chance(30) ? .minus : .plus, exponent: -pick(0...4), significand: Decimal(pick(0...99_999_999)))
            item.active = chance(50)
            item.name = word() + " " + word()
            item.grade = ["a", "B", "é", "7"][pick(0...3)]
            item.created = chance(80) ? seconds() : Date(timeIntervalSince1970: Double(pick(946_684_800...4_102_444_800)) + 0.5)
            item.updated = milliseconds()
            item.starts = seconds()
            item.stamped = milliseconds()
            item.day = seconds()
            item.link = URL(string: "https://example.com/events/\(index)?lang=en&ref=\(pick(0...999))")!
            item.token = uuid()
            item.blob = Data((0..<pick(0...24)).map { _ in UInt8(pick(0...255)) })
            item.color = ZooColor.allCases[pick(0...3)]
            item.rank = ZooRank.allCases[pick(0...2)]
            item.extra = chance(50) ? .object(["k": .array([.number(JSONNumber(pick(0...9))), .string(word()), .null])]) : .bool(true)
            item.maybeId = chance(50) ? -Int64(pick(1...1 << 60)) : nil
            item.maybePrice = chance(60) ? Double(pick(-10_000...10_000)) / 100 : nil
            item.maybeName = chance(50) ? word() : nil
            item.maybeDate = chance(50) ? seconds() : nil
            item.maybeColor = chance(50) ? ZooColor.allCases[pick(0...3)] : nil
            item.maybeLink = chance(30) ? URL(string: "https://cdn.example.com/\(index).png")! : nil
            item.maybeSmall = chance(50) ? Int16(pick(-300...300)) : nil
            item.maybeRatio = chance(50) ? Float(pick(-400...400)) / 8 : nil
            item.maybeActive = chance(50) ? chance(50) : nil
            item.maybeToken = chance(40) ? uuid() : nil
            item.detail = chance(50) ? part(index) : nil
            item.parts = (0..<pick(0...4)).map { part(index * 10 + $0) }
            item.partsByKey = Dictionary(uniqueKeysWithValues: (0..<pick(0...2)).map { ("k\($0)", part(index * 100 + $0)) })
            item.scores = (0..<pick(0...6)).map { _ in Int32(pick(-100_000...100_000)) }
            item.tags = Set((0..<pick(0...3)).map { _ in word() })
            item.weights = Dictionary(uniqueKeysWithValues: (0..<pick(0...3)).map { ("w\($0)", Double(pick(0...1000)) / 8) })
            item.grid = (0..<pick(0...3)).map { _ in (0..<pick(0...3)).map { _ in Int8(pick(-128...127)) } }
            item.stamps = (0..<pick(0...3)).map { _ in seconds() }
            item.flags = chance(50) ? (0..<pick(0...3)).map { _ in chance(50) } : nil
            item.tokens = (0..<pick(0...2)).map { _ in uuid() }
            item.counts = chance(50) ? ["a": pick(-9...9), "b": pick(0...1_000_000)] : nil
            feed.items.append(item)
        }
        return feed
    }
}
