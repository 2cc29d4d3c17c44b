import Foundation

/// A date that its text form cannot hold. For ISO 8601 as the library writes it (RFC 3339's
/// `yyyy-MM-ddTHH:mm:ssZ`): its year is outside 0000…9999, or it is not finite. For a date format that
/// writes a year without its era: the date is before the year 1. Thrown, as the reason of a
/// `transformFailed` error at the date's path, rather than writing text that reads back as another
/// date (Foundation's formatter drops the era of years before 1, and wrote a year of eight digits as
/// another of seven).
struct UnwritableDate: Error, CustomStringConvertible {
    let date: Date
    /// The date format that has no era, or `nil` for ISO 8601.
    var format: String? = nil

    var description: String {
        let seconds = "\(date.timeIntervalSince1970) seconds from 1970"
        guard let format else {
            return "ISO 8601 dates are written for the years 0000 to 9999, and this one, \(seconds), is outside them"
        }
        return "the date format \(format) writes no era, and this date, \(seconds), is before the year 1: its text would read back as a date after it"
    }
}
