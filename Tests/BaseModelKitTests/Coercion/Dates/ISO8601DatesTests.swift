import BaseModelKit
import Foundation
import Testing

@Suite("ISO 8601 dates")
struct ISO8601DateTests {
    @Test("thousands of dates read and write as Foundation's ISO 8601 formatter does")
    func agreesWithFoundation() throws {
        let whole = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SeededGenerator(seed: 8601)
        for index in 0..<3_000 {
            // From 1900 to 2200, every second of it possible; a third with milliseconds.
            let seconds = Double(Int64.random(in: -2_208_988_800...7_258_118_400, using: &generator))
            let date = Date(timeIntervalSince1970: index % 3 == 0 ? seconds + Double(Int.random(in: 1...999, using: &generator)) / 1000 : seconds)
            let text = index % 3 == 0 ? fractional.string(from: date) : whole.string(from: date)
            let schedule = try Schedule.decode(from: #"{"iso":"\#(text)"}"#)
            let decoded = try #require(schedule.iso)
            #expect(abs(decoded.timeIntervalSince1970 - date.timeIntervalSince1970) < 0.0005, "\(text)")
            #expect(try schedule.jsonString() == #"{"iso":"\#(text)","h":[]}"#, "\(text)")
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
