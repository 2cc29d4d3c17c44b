import Foundation

/// A date that ISO 8601 as the library writes it (RFC 3339's `yyyy-MM-ddTHH:mm:ssZ`) cannot hold: its
/// year is outside 0000…9999, or it is not finite. Thrown, as the reason of a `transformFailed`
/// error at the date's path, rather than writing text that reads back as another date (Foundation's
/// formatter drops the era of years before 1, and wrote a year of eight digits as another of seven).
struct UnwritableDate: Error, CustomStringConvertible {
    let date: Date

    var description: String {
        "ISO 8601 dates are written for the years 0000 to 9999, and this one, \(date.timeIntervalSince1970) seconds from 1970, is outside them"
    }
}
