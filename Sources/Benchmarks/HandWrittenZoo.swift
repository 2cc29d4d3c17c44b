import BaseModelKit
import Foundation

/// The practical limit for the type zoo: code written for exactly its payload, into and from the
/// classes JSONDecoder fills. Keys are switched on their bytes, every number is read and written
/// digit by digit, dates and UUIDs are read and written by hand, strings are made once.
enum HandWrittenZoo {
    static func decode(_ bytes: [UInt8]) throws -> ZooFeedRecord {
        // Sound: the scanner reads `buffer` only inside this closure (see `FastScanner`).
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = FastScanner(buffer)
            let feed = ZooFeedRecord()
            try scanner.expect(UInt8(ascii: "{"))
            repeat {
                switch try scanner.key() {
                case 0x76 /* v */: feed.version = try scanner.int()
                case 0x6974 /* it */: feed.items = try array(&scanner, item)
                default: throw FastScanner.Malformed()
                }
            } while try scanner.next(UInt8(ascii: "}"))
            return feed
        }
    }

    @inline(__always)
    private static func array<Element>(_ scanner: inout FastScanner, _ element: (inout FastScanner) throws -> Element) throws -> [Element] {
        try scanner.expect(UInt8(ascii: "["))
        var elements: [Element] = []
        if scanner.consume(UInt8(ascii: "]")) { return elements }
        elements.reserveCapacity(4)
        repeat { elements.append(try element(&scanner)) } while try scanner.next(UInt8(ascii: "]"))
        return elements
    }

    @inline(__always)
    private static func dictionary<Value>(_ scanner: inout FastScanner, _ value: (inout FastScanner) throws -> Value) throws -> [String: Value] {
        try scanner.expect(UInt8(ascii: "{"))
        var entries: [String: Value] = [:]
        if scanner.consume(UInt8(ascii: "}")) { return entries }
        repeat {
            let key = String(decoding: try scanner.rawKey(), as: UTF8.self)
            entries[key] = try value(&scanner)
        } while try scanner.next(UInt8(ascii: "}"))
        return entries
    }

    @inline(__always)
    private static func integer<Integer: FixedWidthInteger>(_ scanner: inout FastScanner, as type: Integer.Type) throws -> Integer {
        guard let value = Integer(exactly: try scanner.int()) else { throw FastScanner.Malformed() }
        return value
    }

    @inline(__always)
    private static func text(_ scanner: inout FastScanner) throws -> ArraySlice<UInt8> {
        guard let raw = try scanner.rawString() else { throw FastScanner.Malformed() }
        return ArraySlice(raw)
    }

    private static func item(_ scanner: inout FastScanner) throws -> ZooItemRecord {
        let item = ZooItemRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x6964 /* id */: item.id = Int64(try scanner.int())
            case 0x6938 /* i8 */: item.tiny = try integer(&scanner, as: Int8.self)
            case 0x693136 /* i16 */: item.small = try integer(&scanner, as: Int16.self)
            case 0x693332 /* i32 */: item.medium = try integer(&scanner, as: Int32.self)
            case 0x7538 /* u8 */: item.byte = try integer(&scanner, as: UInt8.self)
            case 0x753136 /* u16 */: item.word = try integer(&scanner, as: UInt16.self)
            case 0x753332 /* u32 */: item.count = try integer(&scanner, as: UInt32.self)
            case 0x753634 /* u64 */: item.big = try scanner.uint64()
            case 0x75 /* u */: item.size = UInt(try scanner.uint64())
            case 0x66 /* f */: item.ratio = Float(try scanner.double())
            case 0x64 /* d */: item.price = try scanner.double()
            case 0x646563 /* dec */: item.amount = try decimal(&scanner)
            case 0x6F6B /* ok */: item.active = try scanner.bool()
            case 0x6E /* n */: item.name = try scanner.string()
            case 0x67 /* g */:
                let text = try scanner.string()
                guard text.count == 1, let character = text.first else { throw FastScanner.Malformed() }
                item.grade = character
            case 0x6373 /* cs */: item.created = Date(timeIntervalSince1970: try scanner.double())
            case 0x636D /* cm */: item.updated = ZooDates.date(milliseconds: Int64(try scanner.int()))
            case 0x6369 /* ci */: item.starts = try iso8601(&scanner)
            case 0x6366 /* cf */: item.stamped = try iso8601(&scanner)
            case 0x6364 /* cd */:
                guard let date = ZooDates.day(try text(&scanner)) else { throw FastScanner.Malformed() }
                item.day = date
            case 0x75726C /* url */: item.link = try url(&scanner)
            case 0x756964 /* uid */: item.token = try uuid(&scanner)
            case 0x62696E /* bin */:
                guard let raw = try scanner.rawString(), let data = Data(base64Encoded: Data(raw)) else { throw FastScanner.Malformed() }
                item.blob = data
            case 0x636F6C /* col */: item.color = try color(&scanner)
            case 0x726B /* rk */: item.rank = try rank(&scanner)
            case 0x78 /* x */: item.extra = try JSON(parsing: try scanner.rawValue())
            case 0x6F69 /* oi */: item.maybeId = scanner.null() ? nil : Int64(try scanner.int())
            case 0x6F64 /* od */: item.maybePrice = scanner.null() ? nil : try scanner.double()
            case 0x6F6E /* on */: item.maybeName = scanner.null() ? nil : try scanner.string()
            case 0x6F74 /* ot */: item.maybeDate = scanner.null() ? nil : Date(timeIntervalSince1970: try scanner.double())
            case 0x6F63 /* oc */: item.maybeColor = scanner.null() ? nil : try color(&scanner)
            case 0x6F75 /* ou */: item.maybeLink = scanner.null() ? nil : try url(&scanner)
            case 0x6F73 /* os */: item.maybeSmall = scanner.null() ? nil : try integer(&scanner, as: Int16.self)
            case 0x6F66 /* of */: item.maybeRatio = scanner.null() ? nil : Float(try scanner.double())
            case 0x6F62 /* ob */: item.maybeActive = scanner.null() ? nil : try scanner.bool()
            case 0x6F756964 /* ouid */: item.maybeToken = scanner.null() ? nil : try uuid(&scanner)
            case 0x70 /* p */: item.detail = scanner.null() ? nil : try part(&scanner)
            case 0x7073 /* ps */: item.parts = try array(&scanner, part)
            case 0x706B /* pk */: item.partsByKey = try dictionary(&scanner, part)
            case 0x7363 /* sc */: item.scores = try array(&scanner) { try integer(&$0, as: Int32.self) }
            case 0x7467 /* tg */: item.tags = Set(try array(&scanner) { try $0.string() })
            case 0x77 /* w */: item.weights = try dictionary(&scanner) { try $0.double() }
            case 0x6772 /* gr */: item.grid = try array(&scanner) { try array(&$0) { try integer(&$0, as: Int8.self) } }
            case 0x746D /* tm */: item.stamps = try array(&scanner) { Date(timeIntervalSince1970: try $0.double()) }
            case 0x666C /* fl */: item.flags = scanner.null() ? nil : try array(&scanner) { try $0.bool() }
            case 0x696473 /* ids */: item.tokens = try array(&scanner, uuid)
            case 0x636E /* cn */: item.counts = scanner.null() ? nil : try dictionary(&scanner) { try $0.int() }
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return item
    }

    static func part(_ scanner: inout FastScanner) throws -> ZooPartRecord {
        let part = ZooPartRecord()
        try scanner.expect(UInt8(ascii: "{"))
        repeat {
            switch try scanner.key() {
            case 0x69 /* i */: part.id = Int64(try scanner.int())
            case 0x6C /* l */: part.label = try scanner.string()
            case 0x76 /* v */: part.value = scanner.null() ? nil : try scanner.double()
            case 0x63 /* c */: part.count = try integer(&scanner, as: UInt16.self)
            case 0x72 /* r */: part.rank = scanner.null() ? nil : try rank(&scanner)
            case 0x74 /* t */: part.at = scanner.null() ? nil : Date(timeIntervalSince1970: try scanner.double())
            default: throw FastScanner.Malformed()
            }
        } while try scanner.next(UInt8(ascii: "}"))
        return part
    }

    @inline(__always)
    private static func iso8601(_ scanner: inout FastScanner) throws -> Date {
        guard let date = ZooDates.iso8601(try text(&scanner)) else { throw FastScanner.Malformed() }
        return date
    }

    @inline(__always)
    private static func url(_ scanner: inout FastScanner) throws -> URL {
        guard let url = URL(string: try scanner.string()) else { throw FastScanner.Malformed() }
        return url
    }

    @inline(__always)
    private static func color(_ scanner: inout FastScanner) throws -> ZooColor {
        guard let raw = try scanner.rawString() else { throw FastScanner.Malformed() }
        switch (raw.count, raw.first) {
        case (3, UInt8(ascii: "r")) where FastScanner.equal(raw, "red"): return .red
        case (5, UInt8(ascii: "g")) where FastScanner.equal(raw, "green"): return .green
        case (4, UInt8(ascii: "b")) where FastScanner.equal(raw, "blue"): return .blue
        case (12, UInt8(ascii: "u")) where FastScanner.equal(raw, "ultra_violet"): return .ultraviolet
        default: throw FastScanner.Malformed()
        }
    }

    @inline(__always)
    private static func rank(_ scanner: inout FastScanner) throws -> ZooRank {
        guard let rank = ZooRank(rawValue: try scanner.int()) else { throw FastScanner.Malformed() }
        return rank
    }

    /// A UUID from its 36 characters, hex digit by hex digit.
    private static func uuid(_ scanner: inout FastScanner) throws -> UUID {
        guard let raw = try scanner.rawString(), raw.count == 36 else { throw FastScanner.Malformed() }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Sound: the 16 bytes of `uuid_t` lent for the call; `slot` stays below 16.
        try withUnsafeMutableBytes(of: &bytes) { out in
            var index = 0
            for slot in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard raw[index] == UInt8(ascii: "-") else { throw FastScanner.Malformed() }
                    index += 1
                }
                guard let high = hexValue(raw[index]), let low = hexValue(raw[index + 1]) else { throw FastScanner.Malformed() }
                out[slot] = high << 4 | low
                index += 2
            }
        }
        return UUID(uuid: bytes)
    }

    @inline(__always)
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// A decimal from its digits: up to 19 significant digits and an optional fraction, no exponent.
    private static func decimal(_ scanner: inout FastScanner) throws -> Decimal {
        let raw = try scanner.rawValue()
        var significand: UInt64 = 0
        var scale = 0
        var seenPoint = false
        var negative = false
        for byte in raw {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
                if seenPoint { scale += 1 }
            default: throw FastScanner.Malformed()
            }
        }
        return Decimal(sign: negative ? .minus : .plus, exponent: -scale, significand: Decimal(significand))
    }
}

extension HandWrittenZoo {
    static func encode(_ feed: ZooFeedRecord) -> [UInt8] {
        var writer = FastWriter(capacity: 1 << 22)
        writer.raw("{\"v\":")
        writer.int(feed.version)
        writer.raw(",\"it\":[")
        for (index, item) in feed.items.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            write(item, to: &writer)
        }
        writer.raw("]}")
        return writer.finish()
    }

    private static func write(_ item: ZooItemRecord, to writer: inout FastWriter) {
        writer.raw("{\"id\":")
        writer.int(Int(item.id))
        writer.raw(",\"i8\":")
        writer.int(Int(item.tiny))
        writer.raw(",\"i16\":")
        writer.int(Int(item.small))
        writer.raw(",\"i32\":")
        writer.int(Int(item.medium))
        writer.raw(",\"u8\":")
        writer.int(Int(item.byte))
        writer.raw(",\"u16\":")
        writer.int(Int(item.word))
        writer.raw(",\"u32\":")
        writer.int(Int(item.count))
        writer.raw(",\"u64\":")
        writer.unsigned(item.big)
        writer.raw(",\"u\":")
        writer.unsigned(UInt64(item.size))
        writer.raw(",\"f\":")
        writer.ascii(item.ratio.description)
        writer.raw(",\"d\":")
        writer.double(item.price)
        writer.raw(",\"dec\":")
        decimal(item.amount, to: &writer)
        writer.raw(item.active ? ",\"ok\":true" : ",\"ok\":false")
        writer.raw(",\"n\":")
        writer.string(item.name)
        writer.raw(",\"g\":")
        writer.string(String(item.grade))
        writer.raw(",\"cs\":")
        seconds(item.created, to: &writer)
        writer.raw(",\"cm\":")
        writer.int(Int(ZooDates.milliseconds(item.updated)))
        writer.raw(",\"ci\":")
        quoted(ZooDates.iso8601(item.starts), to: &writer)
        writer.raw(",\"cf\":")
        quoted(ZooDates.iso8601(item.stamped), to: &writer)
        writer.raw(",\"cd\":")
        quoted(ZooDates.day(item.day), to: &writer)
        writer.raw(",\"url\":")
        writer.string(item.link.absoluteString)
        writer.raw(",\"uid\":")
        uuid(item.token, to: &writer)
        writer.raw(",\"bin\":")
        quoted(Array(item.blob.base64EncodedData()), to: &writer)
        writer.raw(",\"col\":")
        color(item.color, to: &writer)
        writer.raw(",\"rk\":")
        writer.int(item.rank.rawValue)
        writer.raw(",\"x\":")
        // Sound to force: a `JSON` value holds no number that cannot be written.
        writer.ascii(try! item.extra.serializedString())
        if let value = item.maybeId {
            writer.raw(",\"oi\":")
            writer.int(Int(value))
        }
        if let value = item.maybePrice {
            writer.raw(",\"od\":")
            writer.double(value)
        }
        if let value = item.maybeName {
            writer.raw(",\"on\":")
            writer.string(value)
        }
        if let value = item.maybeDate {
            writer.raw(",\"ot\":")
            seconds(value, to: &writer)
        }
        if let value = item.maybeColor {
            writer.raw(",\"oc\":")
            color(value, to: &writer)
        }
        if let value = item.maybeLink {
            writer.raw(",\"ou\":")
            writer.string(value.absoluteString)
        }
        if let value = item.maybeSmall {
            writer.raw(",\"os\":")
            writer.int(Int(value))
        }
        if let value = item.maybeRatio {
            writer.raw(",\"of\":")
            writer.ascii(value.description)
        }
        if let value = item.maybeActive {
            writer.raw(value ? ",\"ob\":true" : ",\"ob\":false")
        }
        if let value = item.maybeToken {
            writer.raw(",\"ouid\":")
            uuid(value, to: &writer)
        }
        writer.raw(",\"p\":")
        if let detail = item.detail { write(detail, to: &writer) } else { writer.raw("null") }
        writer.raw(",\"ps\":[")
        for (index, part) in item.parts.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            write(part, to: &writer)
        }
        writer.raw("],\"pk\":{")
        for (index, entry) in item.partsByKey.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.string(entry.key)
            writer.byte(UInt8(ascii: ":"))
            write(entry.value, to: &writer)
        }
        writer.raw("},\"sc\":[")
        for (index, score) in item.scores.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.int(Int(score))
        }
        writer.raw("],\"tg\":[")
        for (index, tag) in item.tags.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.string(tag)
        }
        writer.raw("],\"w\":{")
        for (index, entry) in item.weights.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.string(entry.key)
            writer.byte(UInt8(ascii: ":"))
            writer.double(entry.value)
        }
        writer.raw("},\"gr\":[")
        for (index, row) in item.grid.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.byte(UInt8(ascii: "["))
            for (index, cell) in row.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.int(Int(cell))
            }
            writer.byte(UInt8(ascii: "]"))
        }
        writer.raw("],\"tm\":[")
        for (index, stamp) in item.stamps.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            seconds(stamp, to: &writer)
        }
        writer.byte(UInt8(ascii: "]"))
        if let flags = item.flags {
            writer.raw(",\"fl\":[")
            for (index, flag) in flags.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.raw(flag ? "true" : "false")
            }
            writer.byte(UInt8(ascii: "]"))
        }
        writer.raw(",\"ids\":[")
        for (index, token) in item.tokens.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            uuid(token, to: &writer)
        }
        writer.byte(UInt8(ascii: "]"))
        if let counts = item.counts {
            writer.raw(",\"cn\":{")
            for (index, entry) in counts.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.string(entry.key)
                writer.byte(UInt8(ascii: ":"))
                writer.int(entry.value)
            }
            writer.byte(UInt8(ascii: "}"))
        }
        writer.byte(UInt8(ascii: "}"))
    }

    private static func write(_ part: ZooPartRecord, to writer: inout FastWriter) {
        writer.raw("{\"i\":")
        writer.int(Int(part.id))
        writer.raw(",\"l\":")
        writer.string(part.label)
        if let value = part.value {
            writer.raw(",\"v\":")
            writer.double(value)
        }
        writer.raw(",\"c\":")
        writer.int(Int(part.count))
        if let rank = part.rank {
            writer.raw(",\"r\":")
            writer.int(rank.rawValue)
        }
        if let at = part.at {
            writer.raw(",\"t\":")
            seconds(at, to: &writer)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// Seconds since 1970 as JSON writes the double: whole seconds as an integer.
    @inline(__always)
    private static func seconds(_ date: Date, to writer: inout FastWriter) {
        let seconds = date.timeIntervalSince1970
        if seconds.rounded() == seconds, seconds.magnitude < 1e15 {
            writer.int(Int(seconds))
        } else {
            writer.double(seconds)
        }
    }

    /// A decimal as `description` writes it, from its significand and exponent (`description` itself
    /// takes about 8 000 instructions a value).
    private static func decimal(_ value: Decimal, to writer: inout FastWriter) {
        let significand = value.significand
        guard value.isFinite, significand < Decimal(UInt64.max) else { return writer.ascii(value.description) }
        var mantissa = NSDecimalNumber(decimal: significand).uint64Value
        var exponent = value.exponent
        guard mantissa != 0 else { return writer.byte(UInt8(ascii: "0")) }
        while exponent < 0, mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        if value.sign == .minus { writer.byte(UInt8(ascii: "-")) }
        if exponent >= 0 {
            writer.unsigned(mantissa)
            for _ in 0..<exponent { writer.byte(UInt8(ascii: "0")) }
            return
        }
        var digits = Array(String(mantissa).utf8)
        if digits.count > -exponent {
            digits.insert(UInt8(ascii: "."), at: digits.count + exponent)
            writer.append(digits)
        } else {
            writer.raw("0.")
            for _ in 0..<(-exponent - digits.count) { writer.byte(UInt8(ascii: "0")) }
            writer.append(digits)
        }
    }

    @inline(__always)
    private static func quoted(_ text: [UInt8], to writer: inout FastWriter) {
        writer.byte(UInt8(ascii: "\""))
        writer.append(text)
        writer.byte(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// A UUID as its uppercase 36 characters, as `uuidString` writes it, in quotes.
    private static func uuid(_ uuid: UUID, to writer: inout FastWriter) {
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        // Sound: the 16 bytes of `uuid_t` and the 40 of `text` lent for the call; `index` stays
        // below 38 and `slot` below 16.
        withUnsafeMutableBytes(of: &text) { out in
            withUnsafeBytes(of: uuid.uuid) { bytes in
                hexDigits.withUnsafeBufferPointer { hex in
                    out[0] = UInt8(ascii: "\"")
                    var index = 1
                    for slot in 0..<16 {
                        if slot == 4 || slot == 6 || slot == 8 || slot == 10 {
                            out[index] = UInt8(ascii: "-")
                            index += 1
                        }
                        out[index] = hex[Int(bytes[slot] >> 4)]
                        out[index + 1] = hex[Int(bytes[slot] & 15)]
                        index += 2
                    }
                    out[37] = UInt8(ascii: "\"")
                }
            }
            writer.append(UnsafeBufferPointer(rebasing: out.bindMemory(to: UInt8.self)[0..<38]))
        }
    }

    @inline(__always)
    private static func color(_ color: ZooColor, to writer: inout FastWriter) {
        switch color {
        case .red: writer.raw("\"red\"")
        case .green: writer.raw("\"green\"")
        case .blue: writer.raw("\"blue\"")
        case .ultraviolet: writer.raw("\"ultra_violet\"")
        }
    }
}

/// The zoo's dates, read and written by hand: epoch milliseconds, ISO 8601 in UTC (with milliseconds
/// when the date has a fraction) and `yyyy-MM-dd HH:mm:ss` in UTC.
enum ZooDates {
    static let dayFormat = "yyyy-MM-dd HH:mm:ss"

    @inline(__always)
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    @inline(__always)
    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// `yyyy-MM-ddTHH:mm:ss[.SSS]Z`.
    static func iso8601(_ text: ArraySlice<UInt8>) -> Date? {
        guard text.count == 20 || text.count == 24, text.last == UInt8(ascii: "Z"), text[text.startIndex + 10] == UInt8(ascii: "T"),
              let seconds = civilSeconds(text, dateSeparator: UInt8(ascii: "-")) else { return nil }
        guard text.count == 24 else { return Date(timeIntervalSince1970: Double(seconds)) }
        guard text[text.startIndex + 19] == UInt8(ascii: "."), let fraction = digits(text, 20, 3) else { return nil }
        return Date(timeIntervalSince1970: Double(seconds) + Double(fraction) / 1000)
    }

    static func iso8601(_ date: Date) -> [UInt8] {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        var milliseconds = Int(((interval - whole) * 1000).rounded())
        var total = Int(whole)
        if milliseconds >= 1000 {
            milliseconds -= 1000
            total += 1
        }
        var text = civilText(total, separator: UInt8(ascii: "T"))
        if whole != interval, milliseconds != 0 {
            text.append(UInt8(ascii: "."))
            appendDigits(milliseconds, 3, to: &text)
        }
        text.append(UInt8(ascii: "Z"))
        return text
    }

    /// `yyyy-MM-dd HH:mm:ss`.
    static func day(_ text: ArraySlice<UInt8>) -> Date? {
        guard text.count == 19, text[text.startIndex + 10] == UInt8(ascii: " "), let seconds = civilSeconds(text, dateSeparator: UInt8(ascii: "-")) else {
            return nil
        }
        return Date(timeIntervalSince1970: Double(seconds))
    }

    static func day(_ date: Date) -> [UInt8] {
        civilText(Int(date.timeIntervalSince1970.rounded(.down)), separator: UInt8(ascii: " "))
    }

    @inline(__always)
    private static func digits(_ text: ArraySlice<UInt8>, _ offset: Int, _ count: Int) -> Int? {
        var value = 0
        for index in (text.startIndex + offset)..<(text.startIndex + offset + count) {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// Seconds since 1970 of the `yyyy-MM-dd?HH:mm:ss` at the start of `text`.
    private static func civilSeconds(_ text: ArraySlice<UInt8>, dateSeparator: UInt8) -> Int? {
        let start = text.startIndex
        guard text[start + 4] == dateSeparator, text[start + 7] == dateSeparator, text[start + 13] == UInt8(ascii: ":"),
              text[start + 16] == UInt8(ascii: ":"), let year = digits(text, 0, 4), let month = digits(text, 5, 2),
              let day = digits(text, 8, 2), let hour = digits(text, 11, 2), let minute = digits(text, 14, 2),
              let second = digits(text, 17, 2), (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else {
            return nil
        }
        // Days since 1970-01-01 (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let days = era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
        return days * 86_400 + hour * 3600 + minute * 60 + second
    }

    /// `yyyy-MM-dd?HH:mm:ss` of `seconds` since 1970, `separator` between the date and the time.
    private static func civilText(_ seconds: Int, separator: UInt8) -> [UInt8] {
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let days = remainder < 0 ? quotient - 1 : quotient
        let secondOfDay = remainder < 0 ? remainder + 86_400 : remainder
        // Howard Hinnant's civil_from_days.
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        var text: [UInt8] = []
        text.reserveCapacity(24)
        appendDigits(year, 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(month, 2, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(day, 2, to: &text)
        text.append(separator)
        appendDigits(secondOfDay / 3600, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, 2, to: &text)
        return text
    }

    @inline(__always)
    private static func appendDigits(_ value: Int, _ width: Int, to text: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
            divisor /= 10
        }
    }
}
