import BaseModelKitJSON
import Foundation

/// Dates as text in one fixed format (`JSONTransformer.dateFormat` and `.formatter`): a
/// `DateFormatter`, made once per transformer and used under a lock (formatters are not safe to share
/// between threads on every platform).
///
/// A format made only of fixed-width numbers (`yyyy`, `MM`, `dd`, `HH`, `mm`, `ss`) and literals, in
/// `en_US_POSIX` and a time zone with one fixed offset, is also read and written by hand
/// (`NumericDateLayout`), since the formatter is slow, on Linux most of all. Only text of exactly the
/// layout's shape, naming a real date from 1583 (the first whole Gregorian year) to 9999, is read by
/// hand: anything else still goes to the formatter, so the results are the formatter's.
struct FixedDateFormat: Sendable {
    /// The format, as named in messages (`yyyyMMddHHmmss`, or `a custom DateFormatter`).
    let name: String
    private let formatter: Lock<DateFormatter>
    /// The format's fields, when it is read and written by hand.
    let layout: NumericDateLayout?
    /// Whether the format writes a year without its era in a calendar whose era changes at the year 1
    /// (Gregorian or ISO 8601): a date before the year 1 would be written as one after it (the year
    /// -1 as `0002`) and read back as that other date, so it is refused instead.
    private let dropsEra: Bool

    init(format: String, timeZone: TimeZone, locale: Locale) {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        self.name = format
        self.formatter = Lock.make(formatter)
        layout = NumericDateLayout(format: format, timeZone: timeZone, locale: locale)
        dropsEra = Self.dropsEra(format, in: formatter.calendar)
    }

    /// A caller's formatter, which nobody else holds any more. (Its settings are many and not all
    /// readable: it is always used itself.)
    init(formatter: DateFormatter) {
        self.name = formatter.dateFormat.map { "\($0), a custom DateFormatter" } ?? "a custom DateFormatter"
        dropsEra = Self.dropsEra(formatter.dateFormat ?? "", in: formatter.calendar)
        self.formatter = Lock.make(formatter)
        layout = nil
    }

    /// Whether `format` has a year field (`y`, `Y`) and no era (`G`) outside its quoted literals, and
    /// `calendar`'s era is the one that changes at the year 1. (`u`, the extended year, writes a sign
    /// and loses nothing.)
    private static func dropsEra(_ format: String, in calendar: Calendar) -> Bool {
        guard calendar.identifier == .gregorian || calendar.identifier == .iso8601 else { return false }
        var isQuoted = false, hasYear = false
        for character in format {
            switch character {
            case "'": isQuoted.toggle()
            case "G" where !isQuoted: return false
            case "y", "Y": hasYear = hasYear || !isQuoted
            default: break
            }
        }
        return hasYear
    }

    /// The date the UTF-8 `bytes` spell (the contents of a JSON string read in place), or `nil`.
    /// Sound: the bytes are lent for the call and read within their count.
    func date(fromBytes bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let layout, let date = layout.date(from: bytes) { return date }
        return formatted(String(decoding: bytes, as: UTF8.self))
    }

    /// The date `text` spells, or `nil`. Text the formatter cannot safely see (`FormatterInput`) is
    /// simply not a date, nor is empty text (which Foundation's formatter reads in `yyyyMMddHHmmss` as
    /// 2000-01-01).
    func date(from text: String) -> Date? {
        if let layout {
            var text = text
            if let date = text.withUTF8({ layout.date(from: $0) }) { return date }
        }
        return formatted(text)
    }

    @inline(never)
    private func formatted(_ text: String) -> Date? {
        formatter.withLock { Self.date(from: text, by: $0) }
    }

    /// The date `formatter` reads in `text`, held under its lock; `nil` for text that is no date
    /// (see `date(from:)`).
    private static func date(from text: String, by formatter: DateFormatter) -> Date? {
        guard !text.isEmpty, FormatterInput.isSafe(text) else { return nil }
        return formatter.date(from: text)
    }

    /// The text of `date`, or an `UnwritableDate` when the text would not read back as the date:
    /// before the year 1 in a format that drops the era, and, checked by reading the text back,
    /// outside the years 1 to 9999 (Foundation's formatter writes nothing at all for a date that is
    /// not finite or past about the year 9 500 000, and in `yyyyMMdd` the year 10000 as digits it
    /// cannot read).
    func string(from date: Date) throws -> String {
        if let text = layout?.text(of: date) { return text.string }
        return try formatter.withLock { formatter in
            let seconds = date.timeIntervalSince1970
            // A date within the years 1 to 9999 in every time zone (from the year 1's second day to
            // the year 9999's last) is written unchecked. (In the formatter's calendar the year 1
            // begins two days before the proleptic Gregorian one: its years before 1583 are Julian.)
            if seconds >= Self.secondDayOfTheYear1, seconds < Self.lastDayOfTheYear9999 {
                return formatter.string(from: date)
            }
            // The era in the formatter's zone, which its calendar need not have.
            if dropsEra, seconds < Self.secondDayOfTheYear1, formatter.calendar.dateComponents(in: formatter.timeZone, from: date).era == 0 {
                throw UnwritableDate(date: date, format: name, reason: "it writes no era, and the date is before the year 1")
            }
            let text = formatter.string(from: date)
            guard let back = Self.date(from: text, by: formatter), formatter.string(from: back) == text else {
                throw UnwritableDate(date: date, format: name, reason: text.isEmpty ? "the formatter wrote nothing" : "it wrote \(text), which reads back as no date or another")
            }
            return text
        }
    }

    /// 0001-01-02T00:00:00Z in the proleptic Gregorian calendar, in seconds since 1970.
    private static let secondDayOfTheYear1: TimeInterval = -62_135_510_400
    /// 9999-12-31T00:00:00Z, in seconds since 1970.
    private static let lastDayOfTheYear9999: TimeInterval = 253_402_214_400
}
