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

    init(format: String, timeZone: TimeZone, locale: Locale) {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        self.name = format
        self.formatter = Lock.make(formatter)
        layout = NumericDateLayout(format: format, timeZone: timeZone, locale: locale)
    }

    /// A caller's formatter, which nobody else holds any more. (Its settings are many and not all
    /// readable: it is always used itself.)
    init(formatter: DateFormatter) {
        self.name = formatter.dateFormat.map { "\($0), a custom DateFormatter" } ?? "a custom DateFormatter"
        self.formatter = Lock.make(formatter)
        layout = nil
    }

    /// The date the UTF-8 `bytes` spell (the contents of a JSON string read in place), or `nil`.
    /// Sound: the bytes are lent for the call and read within their count.
    func date(fromBytes bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        if let layout, let date = layout.date(from: bytes) { return date }
        return formatted(String(decoding: bytes, as: UTF8.self))
    }

    /// The date `text` spells, or `nil`. Text the formatter cannot safely see (`FormatterInput`) is
    /// simply not a date.
    func date(from text: String) -> Date? {
        if let layout {
            var text = text
            if let date = text.withUTF8({ layout.date(from: $0) }) { return date }
        }
        return formatted(text)
    }

    @inline(never)
    private func formatted(_ text: String) -> Date? {
        guard FormatterInput.isSafe(text) else { return nil }
        return formatter.withLock { $0.date(from: text) }
    }

    func string(from date: Date) -> String {
        if let text = layout?.text(of: date) { return text.string }
        return formatter.withLock { $0.string(from: date) }
    }
}
