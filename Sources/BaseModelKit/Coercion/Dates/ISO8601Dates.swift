import Foundation

/// ISO 8601 text with and without fractional seconds.
///
/// The common shape — `yyyy-MM-ddTHH:mm:ss`, an optional fraction, then `Z` or `±HH:mm` — is read and
/// written by hand (Foundation's formatters took about 10 µs per date); anything else goes to
/// `ISO8601DateFormatter` (macOS 10.12 / iOS 10, with fractional seconds from 10.13 / 11 — below the
/// package's floor, where `Date.ISO8601FormatStyle` needs macOS 12 / iOS 15), used under a lock.
/// Tests compare both paths on thousands of dates.
enum ISO8601Dates {
    private static let formatters = Lock<(whole: ISO8601DateFormatter, fractional: ISO8601DateFormatter)>.make({
        let whole = ISO8601DateFormatter()
        whole.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return (whole, fractional)
    }())

    static func date(from text: String) -> Date? {
        switch fastDate(from: Array(text.utf8)) {
        case .date(let date): return date
        case .invalid: return nil
        case .otherShape:
            return formatters.withLock { $0.whole.date(from: text) ?? $0.fractional.date(from: text) }
        }
    }

    /// What the hand-written reader made of a text.
    private enum FastResult {
        case date(Date)
        /// The common shape with an impossible value (February 30th, hour 24): refused, not passed on
        /// to the format style, which would roll it over into another date.
        case invalid
        case otherShape
    }

    static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        if let text = fastString(from: seconds) { return text }
        return formatters.withLock { seconds.rounded(.down) == seconds ? $0.whole.string(from: date) : $0.fractional.string(from: date) }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's algorithm).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of days since 1970-01-01 (the inverse of `days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func fastDate(from bytes: [UInt8]) -> FastResult {
        func digits(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for index in start..<(start + count) {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
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
        let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), day >= 1, day <= monthLengths[month - 1], hour < 24, minute < 60, second < 60 else {
            return .invalid
        }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        return .date(Date(timeIntervalSince1970: Double(seconds) + Double(fractionValue) / scale))
    }

    /// `yyyy-MM-ddTHH:mm:ssZ`, with `.SSS` when the date has a fraction of a second (milliseconds, as
    /// the format style writes); `nil` for years outside 0…9999.
    private static func fastString(from interval: Double) -> String? {
        guard interval.isFinite, interval > -62_167_219_200, interval < 253_402_300_800 else { return nil }
        let wholeSeconds = interval.rounded(.down)
        var milliseconds = Int(((interval - wholeSeconds) * 1000).rounded())
        var total = Int(wholeSeconds)
        if milliseconds >= 1000 { milliseconds -= 1000; total += 1 }
        let (dayCount, secondOfDay) = total.quotientAndRemainder(dividingBy: 86_400)
        let days = secondOfDay < 0 ? dayCount - 1 : dayCount
        let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
        let (year, month, day) = civil(fromDays: days)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        var text = "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(second / 3600, 2)):\(pad(second / 60 % 60, 2)):\(pad(second % 60, 2))"
        if wholeSeconds != interval, milliseconds != 0 {
            text += ".\(pad(milliseconds, 3))"
        }
        return text + "Z"
    }
}
