import Foundation

/// Date formatters for fixed formats, one per format, made once and used under a lock.
final class FixedFormatDates: Sendable {
    static let shared = FixedFormatDates()

    private let formatters = Lock<[String: DateFormatter]>.make([:])

    /// The date `text` spells in `format`, or `nil`.
    ///
    /// Text in which a character is made of several Unicode scalars (a letter with a combining mark)
    /// is refused before it reaches `DateFormatter`: Foundation on Linux traps on such text when a
    /// date is parsed up to the middle of a character ("Incorrect range CFRange", found by the
    /// roundtrip fuzz target with `"20261122194500\u{345}"`). No date format spells such characters,
    /// and neither are texts longer than 256 bytes dates: both are simply not dates.
    func date(from text: String, format: String) -> Date? {
        guard text.utf8.count <= 256, text.count == text.unicodeScalars.count else { return nil }
        return formatters.withLock { formatters in
            Self.formatter(for: format, in: &formatters).date(from: text)
        }
    }

    func string(from date: Date, format: String) -> String {
        formatters.withLock { formatters in
            Self.formatter(for: format, in: &formatters).string(from: date)
        }
    }

    private static func formatter(for format: String, in formatters: inout [String: DateFormatter]) -> DateFormatter {
        if let formatter = formatters[format] {
            return formatter
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        formatters[format] = formatter
        return formatter
    }
}
