import Foundation

/// A date that its text form cannot hold. For ISO 8601 as the library writes it (RFC 3339's
/// `yyyy-MM-ddTHH:mm:ssZ`): its year is outside 0000…9999, or it is not finite. For a date format:
/// its text would not read back as the date (`FixedDateFormat.string(from:)`). Thrown, as the reason
/// of a `transformFailed` error at the date's path, rather than writing text that reads back as
/// another date, or as none (Foundation's formatter drops the era of years before 1, writes nothing
/// for a date that is not finite, and wrote a year of eight digits as another of seven).
struct UnwritableDate: Error, CustomStringConvertible {
    let date: Date
    /// The date format, or `nil` for ISO 8601.
    var format: String? = nil
    /// Why the format cannot write the date.
    var reason = ""

    var description: String {
        let seconds = "\(date.timeIntervalSince1970) seconds from 1970"
        guard let format else {
            return "ISO 8601 dates are written for the years 0000 to 9999, and this one, \(seconds), is outside them"
        }
        return "the date format \(format) cannot write this date, \(seconds), as text that reads back as it: \(reason)"
    }
}
