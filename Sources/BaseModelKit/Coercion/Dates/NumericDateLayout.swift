import BaseModelKitJSON
import Foundation

/// A date format of fixed-width numbers and literals (`yyyy-MM-dd HH:mm:ss`, `yyyyMMddHHmmss`,
/// `dd.MM.yyyy`, `yyyy-MM-dd'T'HH:mm:ss`), read and written by hand in a fixed offset from UTC.
///
/// Made only for formats the formatter reads and writes the same way: the fields `yyyy`, `MM`, `dd`
/// (all three required), `HH`, `mm`, `ss` (each at most once; missing ones are zero), literal
/// characters that are not letters, and quoted literals; the locale `en_US_POSIX` (ASCII digits, the
/// Gregorian calendar); a time zone that is UTC or a fixed offset (`TimeZone(secondsFromGMT:)`). Any
/// other format is left to the formatter. `FixedDateFormatTests` compares both on random dates.
struct NumericDateLayout: Sendable {
    enum Field: Sendable {
        case year, month, day, hour, minute, second

        var width: Int { self == .year ? 4 : 2 }
    }

    enum Part: Sendable {
        case field(Field)
        case literal(UInt8)
    }

    private let parts: [Part]
    /// The text's length in bytes.
    private let length: Int
    /// The time zone's offset from UTC, in seconds.
    private let offset: Int

    init?(format: String, timeZone: TimeZone, locale: Locale) {
        guard locale.identifier == "en_US_POSIX", let offset = Self.fixedOffset(of: timeZone) else { return nil }
        var parts: [Part] = []
        var seen: Set<UInt8> = []
        let bytes = Array(format.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "'") {
                // A quoted literal, `''` a quote itself.
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "'") {
                    parts.append(.literal(byte))
                    index += 1
                    continue
                }
                while index < bytes.count, bytes[index] != UInt8(ascii: "'") {
                    guard bytes[index] < 0x80 else { return nil }
                    parts.append(.literal(bytes[index]))
                    index += 1
                }
                guard index < bytes.count else { return nil }
                index += 1
                continue
            }
            let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            guard isLetter else {
                guard byte < 0x80 else { return nil }
                parts.append(.literal(byte))
                index += 1
                continue
            }
            var run = 1
            while index + run < bytes.count, bytes[index + run] == byte { run += 1 }
            let field: Field
            switch (byte, run) {
            case (UInt8(ascii: "y"), 4): field = .year
            case (UInt8(ascii: "M"), 2): field = .month
            case (UInt8(ascii: "d"), 2): field = .day
            case (UInt8(ascii: "H"), 2): field = .hour
            case (UInt8(ascii: "m"), 2): field = .minute
            case (UInt8(ascii: "s"), 2): field = .second
            default: return nil
            }
            guard seen.insert(byte).inserted else { return nil }
            parts.append(.field(field))
            index += run
        }
        let length = parts.reduce(0) { total, part in
            if case .field(let field) = part { return total + field.width }
            return total + 1
        }
        // A `DateText` holds 32 bytes.
        guard seen.isSuperset(of: [UInt8(ascii: "y"), UInt8(ascii: "M"), UInt8(ascii: "d")]), length <= 32 else { return nil }
        self.parts = parts
        self.length = length
        self.offset = offset
    }

    /// The offset of UTC, or of a zone made from one offset (`GMT+0130`); `nil` for a zone whose
    /// offset changes (daylight saving time, or history).
    private static func fixedOffset(of timeZone: TimeZone) -> Int? {
        let identifier = timeZone.identifier
        if ["UTC", "GMT", "Etc/UTC", "Etc/GMT"].contains(identifier) { return 0 }
        guard identifier.hasPrefix("GMT+") || identifier.hasPrefix("GMT-") else { return nil }
        return timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0))
    }

    /// The date `bytes` spell, when they have exactly this layout's shape and name a real date of the
    /// years 1583 to 9999; `nil` otherwise (for the formatter to decide). Sound: reads stay below
    /// `length`, checked as `bytes.count` first.
    func date(from bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == length else { return nil }
        var values = (year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0)
        var index = 0
        for part in parts {
            switch part {
            case .literal(let byte):
                guard bytes[index] == byte else { return nil }
                index += 1
            case .field(let field):
                guard let value = CivilTime.digits(in: bytes, at: index, count: field.width) else { return nil }
                switch field {
                case .year: values.year = value
                case .month: values.month = value
                case .day: values.day = value
                case .hour: values.hour = value
                case .minute: values.minute = value
                case .second: values.second = value
                }
                index += field.width
            }
        }
        guard values.year >= 1583, CivilTime.isValid(year: values.year, month: values.month, day: values.day,
                                                      hour: values.hour, minute: values.minute, second: values.second) else { return nil }
        let seconds = CivilTime.days(year: values.year, month: values.month, day: values.day) * 86_400
            + values.hour * 3600 + values.minute * 60 + values.second - offset
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// The text of `date` (its second, as the formatter writes it), when its year in the layout's
    /// zone is 1583 to 9999; `nil` otherwise.
    func text(of date: Date) -> DateText? {
        let interval = date.timeIntervalSince1970.rounded(.down)
        // 1583-01-01 and 10000-01-01, with a day to spare for the offset.
        guard interval.isFinite, interval > -12_212_467_200, interval < 253_402_214_400 else { return nil }
        let fields = CivilTime.fields(ofSeconds: Int(interval) + offset)
        guard fields.year >= 1583, fields.year <= 9999 else { return nil }
        var text = DateText()
        for part in parts {
            switch part {
            case .literal(let byte): text.append(byte)
            case .field(.year): text.append(fields.year, width: 4)
            case .field(.month): text.append(fields.month, width: 2)
            case .field(.day): text.append(fields.day, width: 2)
            case .field(.hour): text.append(fields.hour, width: 2)
            case .field(.minute): text.append(fields.minute, width: 2)
            case .field(.second): text.append(fields.second, width: 2)
            }
        }
        return text
    }
}
