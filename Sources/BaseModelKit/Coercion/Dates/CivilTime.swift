import BaseModelKitJSON
/// Calendar arithmetic for the dates read and written by hand (ISO 8601, fixed numeric formats):
/// proleptic Gregorian dates as days since 1970-01-01, both ways, and the fixed-width digits they are
/// spelled with. Every function is plain integer arithmetic: no `Calendar`, no formatter, no string.
enum CivilTime {
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

    /// Whether the fields name a real instant of a day: a day the month has (February 29th only in
    /// leap years), an hour below 24, a minute and a second below 60.
    static func isValid(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Bool {
        guard (1...12).contains(month), day >= 1, hour < 24, minute < 60, second < 60 else { return false }
        let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let length = month == 2 ? (isLeapYear ? 29 : 28) : (month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31)
        return day <= length
    }

    /// Whole seconds since 1970 split into the fields of their UTC day.
    static func fields(ofSeconds seconds: Int) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let days = remainder < 0 ? quotient - 1 : quotient
        let secondOfDay = remainder < 0 ? remainder + 86_400 : remainder
        let (year, month, day) = civil(fromDays: days)
        return (year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    /// The number spelled by `count` ASCII digits of `bytes` from `start`; `nil` if one is not a digit
    /// or the bytes end first. Sound: reads only `start..<start + count`, checked against `bytes.count`.
    @inline(__always)
    static func digits(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, count: Int) -> Int? {
        guard start >= 0, start + count <= bytes.count else { return nil }
        var value = 0
        var index = start
        while index < start + count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return value
    }
}
