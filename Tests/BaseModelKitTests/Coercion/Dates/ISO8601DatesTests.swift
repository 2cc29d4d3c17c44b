// @testable: the date readers and writers are compared with Foundation directly, a million times.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("ISO 8601 dates")
struct ISO8601DateTests {
    /// A million random dates, in eight parts run side by side: written, each must be Foundation's
    /// text exactly; read (from Foundation's text, and from text with a random offset and one to three
    /// digits of fraction), each must be Foundation's date bit for bit.
    @Test("a million random dates read and write exactly as Foundation's ISO 8601 formatter does", arguments: 0..<8)
    func agreesWithFoundation(part: Int) throws {
        let whole = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SeededGenerator(seed: 8601 + UInt64(part))
        var compared = 0
        for index in 0..<125_000 {
            // From 1900 to 2200, every second of it possible; a third with milliseconds.
            let seconds = Double(Int64.random(in: -2_208_988_800...7_258_118_400, using: &generator))
            let milliseconds = Int.random(in: 1...999, using: &generator)
            let date = Date(timeIntervalSince1970: index % 3 == 0 ? seconds + Double(milliseconds) / 1000 : seconds)
            let formatter = index % 3 == 0 ? fractional : whole
            let text = formatter.string(from: date)
            #expect(try ISO8601Dates.string(from: date) == text)
            let read = try #require(ISO8601Dates.date(from: text), "\(text)")
            #expect(read.timeIntervalSinceReferenceDate.bitPattern == date.timeIntervalSinceReferenceDate.bitPattern, "\(text)")
            if index % 3 == 1 {
                // Another spelling of an instant: an offset, and a fraction of one to three digits.
                let offset = Int.random(in: -14 * 60...14 * 60, using: &generator)
                let digits = Int.random(in: 1...3, using: &generator)
                let spelled = Self.text(seconds: Int(seconds), fraction: milliseconds, digits: digits, offsetMinutes: offset)
                let expected = try #require(fractional.date(from: spelled), "\(spelled)")
                let ours = try #require(ISO8601Dates.date(from: spelled), "\(spelled)")
                #expect(ours.timeIntervalSinceReferenceDate.bitPattern == expected.timeIntervalSinceReferenceDate.bitPattern, "\(spelled)")
            }
            compared += 1
        }
        #expect(compared == 125_000)
        print("ISO 8601, part \(part): \(compared) dates written and read, \(compared / 3) more spellings read, against Foundation")
    }

    /// `seconds` since 1970 as ISO 8601 in the zone `offsetMinutes` east of UTC, with the first
    /// `digits` digits of the three-digit `fraction`.
    private static func text(seconds: Int, fraction: Int, digits: Int, offsetMinutes: Int) -> String {
        let local = seconds + offsetMinutes * 60
        let days = Int((Double(local) / 86_400).rounded(.down))
        let secondOfDay = local - days * 86_400
        let (year, month, day) = ISO8601DateTests.civil(days)
        func pad(_ value: Int, _ width: Int) -> String {
            String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
        }
        let fractionText = String(pad(fraction, 3).prefix(digits))
        let sign = offsetMinutes < 0 ? "-" : "+"
        let zone = "\(sign)\(pad(abs(offsetMinutes) / 60, 2)):\(pad(abs(offsetMinutes) % 60, 2))"
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(fractionText)\(zone)"
    }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The Gregorian date `days` after 1970-01-01, by Foundation's calendar (independent of the
    /// library's arithmetic).
    private static func civil(_ days: Int) -> (Int, Int, Int) {
        let components = utc.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
        return (components.year!, components.month!, components.day!)
    }

    @Test("dates read from a document's bytes are the dates read from text")
    func bytesAndText() throws {
        var generator = SeededGenerator(seed: 86012)
        for _ in 0..<2_000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -2_208_988_800...7_258_118_400, using: &generator)) + 0.25)
            let text = try ISO8601Dates.string(from: date)
            let schedule = try Schedule.decode(from: #"{"iso":"\#(text)"}"#)
            #expect(schedule.iso == ISO8601Dates.date(from: text))
            #expect(try schedule.jsonString() == #"{"iso":"\#(text)","h":[]}"#)
        }
    }

    @Test("offsets, leap days and invalid dates")
    func edgeCases() throws {
        let iso = { (text: String) in try Schedule.decode(from: #"{"iso":"\#(text)"}"#).iso?.timeIntervalSince1970 }
        #expect(try iso("2024-02-29T12:00:00+02:00") == 1_709_200_800)
        #expect(try iso("1969-12-31T23:59:59Z") == -1)
        #expect(try iso("2000-01-01T00:00:00-05:30") == 946_704_600)
        for bad in ["2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-01-01T24:00:00Z", "2024-01-01 00:00:00Z", "2024-01-01T00:00:00"] {
            #expect(throws: MappingError.self, "\(bad)") { _ = try iso(bad) }
        }
    }
}
