// @testable: the hand-written layouts are compared with `DateFormatter` directly.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Fixed date formats")
struct FixedDateFormatTests {
    static let formats = ["yyyy-MM-dd HH:mm:ss", "yyyyMMddHHmmss", "dd.MM.yyyy", "yyyy-MM-dd'T'HH:mm:ss", "MM/dd/yyyy HH:mm", "yyyy-MM-dd 'at' HH:mm"]
    static let zones = [TimeZone(identifier: "UTC")!, TimeZone(secondsFromGMT: 5400)!, TimeZone(secondsFromGMT: -36_000)!]

    @Test("numeric formats read and write by hand exactly as DateFormatter does", arguments: formats)
    func agreesWithDateFormatter(format: String) throws {
        var generator = SeededGenerator(seed: UInt64(format.utf8.count) &* 7919)
        for zone in Self.zones {
            let transformer = FixedDateFormat(format: format, timeZone: zone, locale: Locale(identifier: "en_US_POSIX"))
            let layout = try #require(transformer.layout, "\(format) is read by hand")
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = zone
            formatter.dateFormat = format
            for _ in 0..<4_000 {
                // 1600 to 2400, with a fraction of a second now and then (written as its second).
                let seconds = Double(Int64.random(in: -11_676_096_000...13_569_465_600, using: &generator))
                let date = Date(timeIntervalSince1970: Bool.random(using: &generator) ? seconds : seconds + 0.75)
                let text = formatter.string(from: date)
                #expect(try transformer.string(from: date) == text, "\(format) \(zone.identifier)")
                #expect(transformer.date(from: text) == formatter.date(from: text), "\(text)")
                var bytes = Array(text.utf8)
                #expect(bytes.withUnsafeBufferPointer { layout.date(from: $0) } == formatter.date(from: text), "\(text)")
                // A digit changed anywhere: whatever the formatter makes of it, so does the transformer.
                let position = Int.random(in: 0..<bytes.count, using: &generator)
                if bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                    bytes[position] = UInt8(ascii: "0") + UInt8.random(in: 0...9, using: &generator)
                    let changed = String(decoding: bytes, as: UTF8.self)
                    #expect(transformer.date(from: changed) == formatter.date(from: changed), "\(changed)")
                }
            }
        }
    }

    @Test("impossible dates and other shapes are the formatter's to judge")
    func edges() throws {
        let transformer = FixedDateFormat(format: "yyyy-MM-dd HH:mm:ss", timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")!
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        for text in ["2023-02-29 00:00:00", "2024-02-29 23:59:59", "2024-13-01 00:00:00", "2024-01-01 24:00:00", "2024-1-1 00:00:00",
                     "1582-10-10 00:00:00", "0001-01-01 00:00:00", "2024-01-01T00:00:00", " 2024-01-01 00:00:00", "2024-01-01 00:00:00 "] {
            #expect(transformer.date(from: text) == formatter.date(from: text), "\(text)")
        }
        // Before 1583 the formatter's calendar is Julian: written by the formatter, not by hand.
        let early = Date(timeIntervalSince1970: -12_300_000_000)
        #expect(try transformer.string(from: early) == formatter.string(from: early))
    }

    /// ICU divides by zero on a fraction of about 35 digits (a floating-point exception that stops the
    /// process), through `ISO8601DateFormatter` and `DateFormatter` alike: such text must never reach
    /// them. (Found by the roundtrip fuzz target; the input is a committed seed.)
    @Test("text that would stop Foundation's formatters is refused before it reaches them")
    func formatterTraps() throws {
        final class Stamps: BaseModel {
            var iso: Date?
            var precise: Date?
            override class var apiToLocal: [String: String] { ["iso": "iso", "p": "precise"] }
            override class var transformers: [String: JSONTransformer] {
                ["iso": .iso8601, "precise": .dateFormat("yyyy-MM-dd HH:mm:ss.SSS")]
            }
        }
        let fraction = String(repeating: "1", count: 60)
        #expect(throws: MappingError.self) { _ = try Stamps.decode(from: #"{"iso":"2026-11-22T19:45:00.\#(fraction),"}"#) }
        #expect(throws: MappingError.self) { _ = try Stamps.decode(from: #"{"p":"2026-11-22 19:45:00.\#(fraction)"}"#) }
        #expect(!FormatterInput.isSafe("2026-11-22T19:45:00.\(fraction)"))
        #expect(FormatterInput.isSafe("2026-11-22T19:45:00.123456789+05:30"))
        // A fraction that ICU reads on through an exponent: 19 digits, then 21 after `e` (or `E+`).
        let exponent = "2026-11-22T19:45:00.1209551600000000000e000000000000000000000"
        #expect(throws: MappingError.self) { _ = try Stamps.decode(from: #"{"iso":"\#(exponent),"}"#) }
        #expect(throws: MappingError.self) { _ = try Stamps.decode(from: #"{"p":"\#(exponent)"}"#) }
        #expect(!FormatterInput.isSafe(exponent))
        #expect(!FormatterInput.isSafe("2026-11-22T19:45:00.1209551600000000000E+00000000000000000000"))
        #expect(FormatterInput.isSafe("Wed, 25 Nov 2026 19:45:00 +0000"))
        let precise = try #require(try Stamps.decode(from: #"{"p":"2026-11-22 19:45:00.250"}"#).precise)
        #expect(abs(precise.timeIntervalSince1970 - 1_795_376_700.25) < 0.001)
    }

    @Test("formats, locales and zones the layout cannot follow are left to the formatter")
    func refusals() {
        let posix = Locale(identifier: "en_US_POSIX")
        let utc = TimeZone(identifier: "UTC")!
        for format in ["yy-MM-dd", "yyyy-MM-dd hh:mm a", "yyyy-MMM-dd", "yyyy-MM-dd HH:mm:ss.SSS", "EEE yyyy-MM-dd", "MM-dd", "yyyy-MM-dd 'T", "yyyy-MM-dd HH:mm:ss HH"] {
            #expect(NumericDateLayout(format: format, timeZone: utc, locale: posix) == nil, "\(format)")
        }
        #expect(NumericDateLayout(format: "yyyy-MM-dd", timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: posix) == nil)
        #expect(NumericDateLayout(format: "yyyy-MM-dd", timeZone: utc, locale: Locale(identifier: "ar_SA")) == nil)
        #expect(NumericDateLayout(format: "yyyy-MM-dd", timeZone: utc, locale: posix) != nil)
    }
}
