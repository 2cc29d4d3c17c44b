import BaseModelKitJSON
import Foundation

/// ISO 8601 text with and without fractional seconds.
///
/// The common shape — `yyyy-MM-ddTHH:mm:ss`, an optional fraction, then `Z` or `±HH:mm` — is read and
/// written by hand (Foundation's formatters cost many times more a date), and is the only shape
/// written (years 0000…9999, RFC 3339's); any other shape read goes to
/// `ISO8601DateFormatter` (macOS 10.12 / iOS 10, with fractional seconds from 10.13 / 11 — below the
/// package's floor, where `Date.ISO8601FormatStyle` needs macOS 12 / iOS 15), used under a lock.
/// `ISO8601DateTests` compares the hand-written reader and writer with Foundation's formatter on a
/// million random dates, bit for bit.
enum ISO8601Dates {
    private static let formatters = Lock<(whole: ISO8601DateFormatter, fractional: ISO8601DateFormatter)>.make({
        let whole = ISO8601DateFormatter()
        whole.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return (whole, fractional)
    }())

    /// The instants of the years 0000 to 9999 in UTC, seconds from 1970: the dates read and written
    /// (RFC 3339's years). A date read outside them (a year of more digits through the formatter, or
    /// an offset across either end) is refused, so that every date read can be written again.
    static let instants = -62_167_219_200.0 ..< 253_402_300_800.0

    /// The date `text` spells, or `nil`.
    static func date(from text: String) -> Date? {
        var text = text
        switch text.withUTF8({ fastDate(from: $0) }) {
        case .date(let date): return within(date)
        case .invalid: return nil
        case .otherShape: return within(formatted(text))
        }
    }

    /// The date the UTF-8 `bytes` spell (the contents of a JSON string read in place), or `nil`.
    /// Sound: the bytes are lent for the call and read within their count.
    static func date(fromBytes bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        switch fastDate(from: bytes) {
        case .date(let date): return within(date)
        case .invalid: return nil
        case .otherShape: return within(formatted(String(decoding: bytes, as: UTF8.self)))
        }
    }

    /// `date` when it is among the `instants`.
    @inline(__always)
    private static func within(_ date: Date?) -> Date? {
        date.flatMap { instants.contains($0.timeIntervalSince1970) ? $0 : nil }
    }

    /// Another shape (a basic form, a week date, …), through Foundation's formatter, when the formatter
    /// can safely see the text (`FormatterInput`).
    @inline(never)
    private static func formatted(_ text: String) -> Date? {
        guard FormatterInput.isSafe(text) else { return nil }
        return formatters.withLock { $0.whole.date(from: text) ?? $0.fractional.date(from: text) }
    }

    /// What the hand-written reader made of a text.
    private enum FastResult {
        case date(Date)
        /// The common shape with an impossible value (February 30th, hour 24): refused, not passed on
        /// to the format style, which would roll it over into another date.
        case invalid
        case otherShape
    }

    /// `text(of:)` as a string; a date outside its years is an error (`UnwritableDate`).
    static func string(from date: Date) throws -> String {
        guard let text = text(of: date) else { throw UnwritableDate(date: date) }
        return text.string
    }

    // Sound: every read is `byte(_:)` or `digits`, both checked against `bytes.count`, or below it.
    private static func fastDate(from bytes: UnsafeBufferPointer<UInt8>) -> FastResult {
        func digits(_ start: Int, _ count: Int) -> Int? { CivilTime.digits(in: bytes, at: start, count: count) }
        func byte(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }
        guard bytes.count >= 20, byte(4) == UInt8(ascii: "-"), byte(7) == UInt8(ascii: "-"), byte(10) == UInt8(ascii: "T"),
              byte(13) == UInt8(ascii: ":"), byte(16) == UInt8(ascii: ":"),
              let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
              let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2) else { return .otherShape }
        var index = 19
        var fractionDigits = 0
        var fractionValue = 0
        if byte(index) == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
                if fractionDigits < 9 {
                    fractionValue = fractionValue * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                    fractionDigits += 1
                }
                index += 1
            }
            guard fractionDigits > 0 else { return .otherShape }
        }
        var offset = 0
        if byte(index) == UInt8(ascii: "Z") {
            index += 1
        } else if byte(index) == UInt8(ascii: "+") || byte(index) == UInt8(ascii: "-") {
            guard byte(index + 3) == UInt8(ascii: ":"), let hours = digits(index + 1, 2), let minutes = digits(index + 4, 2) else {
                return .otherShape
            }
            guard hours < 24, minutes < 60 else { return .invalid }
            offset = (hours * 3600 + minutes * 60) * (byte(index) == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        } else {
            return .otherShape
        }
        guard index == bytes.count else { return .otherShape }
        guard CivilTime.isValid(year: year, month: month, day: day, hour: hour, minute: minute, second: second) else { return .invalid }
        let seconds = CivilTime.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        guard fractionDigits > 0 else { return .date(Date(timeIntervalSince1970: Double(seconds))) }
        return .date(Date(timeIntervalSince1970: Double(seconds) + Double(fractionValue) / PowersOfTen.exact(fractionDigits)))
    }

    /// `yyyy-MM-ddTHH:mm:ssZ`, with `.SSS` when the date has a fraction of a second (milliseconds, as
    /// the format style writes); `nil` outside the `instants`.
    static func text(of date: Date) -> DateText? {
        let interval = date.timeIntervalSince1970
        guard instants.contains(interval) else { return nil }
        let wholeSeconds = interval.rounded(.down)
        var milliseconds = Int(((interval - wholeSeconds) * 1000).rounded())
        var total = Int(wholeSeconds)
        if milliseconds >= 1000 {
            milliseconds -= 1000
            total += 1
            // The last half-millisecond of 9999 is written as its last millisecond: rounded up, it
            // would be the year 10000, which is not written.
            if Double(total) == instants.upperBound { (total, milliseconds) = (total - 1, 999) }
        }
        let fields = CivilTime.fields(ofSeconds: total)
        var text = DateText()
        text.append(fields.year, width: 4)
        text.append(UInt8(ascii: "-"))
        text.append(fields.month, width: 2)
        text.append(UInt8(ascii: "-"))
        text.append(fields.day, width: 2)
        text.append(UInt8(ascii: "T"))
        text.append(fields.hour, width: 2)
        text.append(UInt8(ascii: ":"))
        text.append(fields.minute, width: 2)
        text.append(UInt8(ascii: ":"))
        text.append(fields.second, width: 2)
        if wholeSeconds != interval, milliseconds != 0 {
            text.append(UInt8(ascii: "."))
            text.append(milliseconds, width: 3)
        }
        text.append(UInt8(ascii: "Z"))
        return text
    }
}
