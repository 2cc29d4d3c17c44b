import Foundation

/// Dates as text in one fixed format (`JSONTransformer.dateFormat` and `.formatter`): a
/// `DateFormatter`, made once per transformer and used under a lock (formatters are not safe to share
/// between threads on every platform).
struct FixedDateFormat: Sendable {
    /// The format, as named in messages (`yyyyMMddHHmmss`, or `a custom DateFormatter`).
    let name: String
    private let formatter: Lock<DateFormatter>

    init(format: String, timeZone: TimeZone, locale: Locale) {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        self.name = format
        self.formatter = Lock.make(formatter)
    }

    /// A caller's formatter, which nobody else holds any more.
    init(formatter: DateFormatter) {
        self.name = formatter.dateFormat.map { "\($0), a custom DateFormatter" } ?? "a custom DateFormatter"
        self.formatter = Lock.make(formatter)
    }

    /// The date `text` spells, or `nil`.
    ///
    /// Text in which a character is made of several Unicode scalars (a letter with a combining mark)
    /// is refused before it reaches `DateFormatter`: Foundation on Linux traps on such text when a
    /// date is parsed up to the middle of a character ("Incorrect range CFRange", found by the
    /// roundtrip fuzz target with `"20261122194500\u{345}"`). No date format spells such characters,
    /// and neither are texts longer than 256 bytes dates: both are simply not dates.
    func date(from text: String) -> Date? {
        guard text.utf8.count <= 256, text.count == text.unicodeScalars.count else { return nil }
        return formatter.withLock { $0.date(from: text) }
    }

    func string(from date: Date) -> String {
        formatter.withLock { $0.string(from: date) }
    }
}
