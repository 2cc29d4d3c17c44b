import BaseModelKit
import Foundation
import Testing

struct Money: Equatable {
    var cents: Int
}

struct BadMoney: Error, CustomStringConvertible {
    var description: String { "amounts are written like \"12.34\"" }
}

final class Schedule: BaseModel {
    var seconds: Date?
    var millis: Date?
    var iso: Date?
    var stamp: Date?
    var plain: Date?
    var price: Money?
    var history: [Date] = []
    override class var apiToLocal: [String: String] {
        ["s": "seconds", "ms": "millis", "iso": "iso", "ts": "stamp", "d": "plain", "p": "price", "h": "history"]
    }
    override class var transformers: [String: JSONTransformer] {
        [
            "seconds": .secondsSince1970, "millis": .millisecondsSince1970, "iso": .iso8601,
            "stamp": .dateFormat("yyyyMMddHHmmss"), "history": .iso8601,
            "price": .custom(
                decode: { json in
                    guard let text = json.string, let value = Decimal(string: text) else { throw BadMoney() }
                    return Money(cents: NSDecimalNumber(decimal: value * 100).intValue)
                },
                encode: { money in .string(String(format: "%d.%02d", money.cents / 100, money.cents % 100)) }),
        ]
    }
}

final class PriceLevel: BaseModel {
    var price: Decimal = 0
    var size: Decimal?
    var history: [Decimal] = []
    override class var apiToLocal: [String: String] { ["p": "price", "s": "size", "h": "history"] }
    override class var transformers: [String: JSONTransformer] { ["price": .decimalString, "size": .decimalString, "history": .decimalString] }
}

@Suite("Transformers and dates")
struct TransformerTests {
    @Test("decimalString: exact from text or a number, in both modes; written as text; errors name the value")
    func decimalString() throws {
        var strict = DecodingOptions()
        strict.coercion = .strict
        for options in [DecodingOptions(), strict] {
            let level = try PriceLevel.decode(from: #"{"p":"0.00100000","s":12.5,"h":["1e-2","-3","123456789012345678901234567890.5"]}"#, options: options)
            #expect(level.price == Decimal(string: "0.001") && level.size == Decimal(string: "12.5"))
            #expect(level.history == [Decimal(string: "0.01")!, -3, Decimal(string: "123456789012345678901234567890.5")!])
            #expect(try level.jsonString() == #"{"p":"0.001","s":"12.5","h":["0.01","-3","123456789012345678901234567890.5"]}"#)
            // An update, its change set and its PATCH body speak the same text.
            let changes = try level.update(from: #"{"p":"0.0011","s":null}"#, options: options)
            #expect(changes.map(\.description) == [#"price at p: "0.001" → "0.0011""#, #"size at s: "12.5" → null"#])
            #expect(String(decoding: try changes.jsonData(), as: UTF8.self) == #"{"p":"0.0011","s":null}"#)
        }
        #expect(message { _ = try PriceLevel.decode(from: #"{"p":"ten"}"#) } == #"Expected Decimal at p (PriceLevel.price) but found a string "ten"."#)
        #expect(message { _ = try PriceLevel.decode(from: #"{"p":" 1"}"#) } == #"Expected Decimal at p (PriceLevel.price) but found a string " 1"."#)
        #expect(message { _ = try PriceLevel.decode(from: #"{"p":true}"#) } == "Expected Decimal at p (PriceLevel.price) but found the Boolean true.")
        #expect(message { _ = try PriceLevel.decode(from: #"{"p":"1e400"}"#) } == #"Expected Decimal at p (PriceLevel.price) but found a string "1e400", which Decimal cannot hold exactly."#)
        // The exported schema takes the text form and the number.
        let schema = try PriceLevel.jsonSchema()
        #expect(schema["$defs"]?["PriceLevel"]?["properties"]?["p"]?["anyOf"]?.array?.count == 2)
    }

    let moment = Date(timeIntervalSince1970: 1_763_806_500)  // 2025-11-22T10:15:00Z

    @Test("every built-in date form reads and writes")
    func builtIns() throws {
        let text = #"{"s":1763806500,"ms":1763806500000,"iso":"2025-11-22T10:15:00Z","ts":"20251122101500","h":["2025-11-22T10:15:00Z"]}"#
        let schedule = try Schedule.decode(from: text)
        #expect(schedule.seconds == moment && schedule.millis == moment && schedule.iso == moment && schedule.stamp == moment)
        #expect(schedule.history == [moment])
        #expect(try schedule.jsonString() == text)
    }

    @Test("ISO 8601 accepts fractional seconds and writes them when present")
    func fractionalSeconds() throws {
        let schedule = try Schedule.decode(from: #"{"iso":"2025-11-22T10:15:00.250Z"}"#)
        #expect(schedule.iso == moment.addingTimeInterval(0.25))
        #expect(try schedule.jsonString() == #"{"iso":"2025-11-22T10:15:00.250Z","h":[]}"#)
        // Rounded to milliseconds: a fraction that rounds up to a whole second carries into the
        // minute, the day and the year; one that rounds down to none is not written.
        let edges: [(Double, String)] = [
            (59.9996, "1970-01-01T00:01:00Z"), (86_399.9999, "1970-01-02T00:00:00Z"), (-0.0001, "1970-01-01T00:00:00Z"),
            (1_767_225_599.9995, "2026-01-01T00:00:00Z"), (1_767_225_599.9994, "2025-12-31T23:59:59.999Z"), (0.0004, "1970-01-01T00:00:00Z"),
        ]
        for (interval, text) in edges {
            schedule.iso = Date(timeIntervalSince1970: interval)
            #expect(try schedule.jsonString() == #"{"iso":"\#(text)","h":[]}"#, "\(interval)")
        }
        // The years 0000 to 9999 are read and written, and read back as the same dates; a date outside
        // them is an error at its path, written or read, not text that reads back as another date
        // (Foundation's formatter wrote the year -1 as 0001 and the year 31 690 678 as 5828963), so
        // every date read can be written again.
        for interval in [-62_167_219_200.0, -62_167_219_199.5, 253_402_300_799.0, 253_402_300_799.999] {
            schedule.iso = Date(timeIntervalSince1970: interval)
            #expect(try Schedule.decode(from: schedule.jsonData()).iso == schedule.iso, "\(interval)")
        }
        // Its last half-millisecond is written as its last millisecond, not as the year 10000.
        schedule.iso = Date(timeIntervalSince1970: 253_402_300_799.9996)
        #expect(try schedule.jsonString() == #"{"iso":"9999-12-31T23:59:59.999Z","h":[]}"#)
        for interval in [-62_167_219_200.5, -62_167_305_600.0, 253_402_300_800.0, 1e15, -1e15] {
            schedule.iso = Date(timeIntervalSince1970: interval)
            let text = message { _ = try schedule.jsonData() }
            #expect(text?.hasPrefix("Could not convert the value at iso (Schedule.iso): ISO 8601 dates are written for the years 0000 to 9999") == true, "\(interval): \(text ?? "written")")
        }
        for text in ["10000-01-01T00:00:00Z", "202612-1-2T19:45:00.123Z", "0000-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"] {
            #expect(message { _ = try Schedule.decode(from: #"{"iso":"\#(text)"}"#) } == #"Expected Date (ISO 8601) at iso (Schedule.iso) but found a string "\#(text)"."#)
        }
        #expect(try Schedule.decode(from: #"{"iso":"0000-01-01T00:00:00Z"}"#).iso == Date(timeIntervalSince1970: -62_167_219_200))
    }

    @Test("a date format refuses to write a date as text that would not read back as it")
    func unreadableFormattedDates() throws {
        // The formatter's calendar is Julian before 1582: its year 1 begins two days before the
        // proleptic Gregorian one.
        let firstSecond = -62_135_769_600.0
        let schedule = Schedule()
        schedule.stamp = Date(timeIntervalSince1970: firstSecond)
        #expect(try schedule.jsonString() == #"{"ts":"00010101000000","h":[]}"#)
        #expect(try Schedule.decode(from: schedule.jsonData()).stamp == schedule.stamp)
        for interval in [firstSecond - 1, -1e11] {
            schedule.stamp = Date(timeIntervalSince1970: interval)
            let text = message { _ = try schedule.jsonData() }
            #expect(text?.hasPrefix("Could not convert the value at ts (Schedule.stamp): the date format yyyyMMddHHmmss cannot write this date") == true, "\(interval): \(text ?? "written")")
            #expect(text?.hasSuffix("it writes no era, and the date is before the year 1") == true, "\(text ?? "written")")
        }
        // From the year 10000 on, and for dates that are not finite, the text is read back: the
        // formatter writes nothing for the second, and digits it cannot read for the first here.
        for (interval, reason) in [(253_402_300_800.0, "it wrote 100000101000000, which reads back as no date or another"), (.nan, "the formatter wrote nothing"),
                                   (.infinity, "the formatter wrote nothing"), (3e14, "the formatter wrote nothing")] {
            schedule.stamp = Date(timeIntervalSince1970: interval)
            let text = message { _ = try schedule.jsonData() }
            #expect(text?.hasSuffix(reason) == true, "\(interval): \(text ?? "written")")
        }
        // Nor is empty text read as a date (the formatter reads it in this format as 2000-01-01).
        #expect(message { _ = try Schedule.decode(from: #"{"ts":""}"#) } == #"Expected Date (yyyyMMddHHmmss) at ts (Schedule.stamp) but found a string ""."#)
        // A format that reads its years back from 10000 on writes them.
        var dashed = EncodingOptions()
        dashed.dateStrategy = .dateFormat("yyyy-MM-dd")
        let late = Schedule()
        late.plain = Date(timeIntervalSince1970: 253_402_300_800)
        #expect(try late.jsonString(options: dashed) == #"{"d":"10000-01-01","h":[]}"#)
        // The era is the one in the format's zone: the year 1's first hour in UTC is still 1 BC
        // twelve hours west.
        var west = EncodingOptions()
        west.dateStrategy = .dateFormat("yyyy-MM-dd HH:mm", timeZone: TimeZone(secondsFromGMT: -12 * 3_600)!)
        let early = Schedule()
        early.plain = Date(timeIntervalSince1970: firstSecond + 3_600)
        let westText = message { _ = try early.jsonData(options: west) }
        #expect(westText?.hasSuffix("it writes no era, and the date is before the year 1") == true, "\(westText ?? "written")")
        west.dateStrategy = .dateFormat("yyyy-MM-dd HH:mm")
        #expect(try early.jsonString(options: west) == #"{"d":"0001-01-01 01:00","h":[]}"#)
        // A format that writes the era, or the year with its sign, or the year only in quotes, loses
        // nothing.
        var encoding = EncodingOptions()
        let plain = Schedule()
        plain.plain = Date(timeIntervalSince1970: firstSecond - 1)
        for (format, text) in [("G yyyy-MM-dd HH:mm:ss", "BC 0001-12-31 23:59:59"), ("uuuu-MM-dd", "0000-12-31"), ("'y' MM-dd", "y 12-31")] {
            encoding.dateStrategy = .dateFormat(format)
            #expect(try plain.jsonString(options: encoding) == #"{"d":"\#(text)","h":[]}"#, "\(format)")
        }
    }

    @Test("a date without a transformer follows the call's date strategy")
    func dateStrategy() throws {
        #expect(try Schedule.decode(from: #"{"d":1763806500}"#).plain == moment)
        var decoding = DecodingOptions()
        decoding.dateStrategy = .iso8601
        let schedule = try Schedule.decode(from: #"{"d":"2025-11-22T10:15:00Z"}"#, options: decoding)
        #expect(schedule.plain == moment)
        var encoding = EncodingOptions()
        encoding.dateStrategy = .millisecondsSince1970
        #expect(try schedule.jsonString(options: encoding) == #"{"d":1763806500000,"h":[]}"#)
        // Every strategy, written and read back; a format written by hand and one that is not.
        let strategies: [(JSONTransformer, String)] = [
            (.secondsSince1970, "1763806500.25"), (.millisecondsSince1970, "1763806500250"),
            (.iso8601, #""2025-11-22T10:15:00.250Z""#), (.dateFormat("yyyy-MM-dd HH:mm:ss"), #""2025-11-22 10:15:00""#),
            (.dateFormat("EEE yyyy-MM-dd HH:mm"), #""Sat 2025-11-22 10:15""#),
            (.custom(decode: { _ in Date(timeIntervalSince1970: 0) }, encode: { (_: Date) in .string("a date") }), #""a date""#),
        ]
        schedule.plain = moment.addingTimeInterval(0.25)
        for (strategy, text) in strategies {
            encoding.dateStrategy = strategy
            #expect(try schedule.jsonString(options: encoding) == #"{"d":\#(text),"h":[]}"#)
        }
    }

    @Test("bad dates name the form expected")
    func badDates() {
        #expect(message { _ = try Schedule.decode(from: #"{"iso":"yesterday"}"#) }
            == #"Expected Date (ISO 8601) at iso (Schedule.iso) but found a string "yesterday"."#)
        #expect(message { _ = try Schedule.decode(from: #"{"ts":"2025-11-22"}"#) }
            == #"Expected Date (yyyyMMddHHmmss) at ts (Schedule.stamp) but found a string "2025-11-22"."#)
        #expect(message { _ = try Schedule.decode(from: #"{"s":"soon"}"#) }
            == #"Expected Date (seconds since 1970) at s (Schedule.seconds) but found a string "soon"."#)
        #expect(message { _ = try Schedule.decode(from: #"{"h":["2025-11-22T10:15:00Z",3]}"#) }
            == "Expected Date (ISO 8601) at h[1] (Schedule.history) but found the number 3.")
    }

    @Test("text with combining marks or too long for a date is not a date (Foundation traps on the first)")
    func hostileFormattedDates() {
        // Found by the roundtrip fuzz target: DateFormatter on Linux stopped the process on this text.
        #expect(message { _ = try Schedule.decode(from: #"{"ts":"20261122194500\u0345turl"}"#) }
            == #"Expected Date (yyyyMMddHHmmss) at ts (Schedule.stamp) but found a string "20261122194500\#u{345}turl"."#)
        #expect(message { _ = try Schedule.decode(from: #"{"ts":"2026112219450\u0301"}"#) }?.hasPrefix("Expected Date (yyyyMMddHHmmss)") == true)
        let long = "20261122194500" + String(repeating: " ", count: 300)
        #expect(message { _ = try Schedule.decode(from: #"{"ts":"\#(long)"}"#) }?.hasPrefix("Expected Date (yyyyMMddHHmmss)") == true)
        #expect((try? Schedule.decode(from: #"{"ts":"20261122194500"}"#))?.stamp != nil)
    }

    @Test("custom transformers convert both ways and their errors carry the path")
    func custom() throws {
        let schedule = try Schedule.decode(from: #"{"p":"12.34"}"#)
        #expect(schedule.price == Money(cents: 1234))
        #expect(try schedule.jsonString() == #"{"p":"12.34","h":[]}"#)
        #expect(message { _ = try Schedule.decode(from: #"{"p":12}"#) }
            == #"Could not convert the value at p (Schedule.price): amounts are written like "12.34""#)
    }
}

enum DictionaryKeyKind: String, Sendable { case home, away }

/// Transformers for whole collections: the transformer converts the property's type itself.
final class WholeCollectionTransforms: BaseModel {
    var tags: [String] = []
    var byKind: [DictionaryKeyKind: Int] = [:]
    override class var apiToLocal: [String: String] { ["t": "tags", "k": "byKind"] }
    override class var transformers: [String: JSONTransformer] {
        [
            // "a,b,c" ↔ ["a", "b", "c"]
            "tags": .custom(decode: { json in json.string?.split(separator: ",").map(String.init) ?? [] },
                            encode: { (tags: [String]) in .string(tags.joined(separator: ",")) }),
            // {"home":1} ↔ [.home: 1]
            "byKind": .custom(
                decode: { json -> [DictionaryKeyKind: Int] in
                    var result: [DictionaryKeyKind: Int] = [:]
                    for (key, value) in json.object ?? [:] {
                        if let kind = DictionaryKeyKind(rawValue: key), let count = value.number?.int() { result[kind] = count }
                    }
                    return result
                },
                encode: { (map: [DictionaryKeyKind: Int]) in
                    .object(JSONObject(map.sorted { $0.key.rawValue < $1.key.rawValue }.map { ($0.key.rawValue, JSON.number(JSONNumber($0.value))) }))
                }),
        ]
    }
}

@Suite("Transformers for whole collections")
struct WholeCollectionTransformerTests {
    @Test("a transformer may convert an array or an enum-keyed dictionary as a whole")
    func wholeCollections() throws {
        try WholeCollectionTransforms.validateMappings()
        let model = try WholeCollectionTransforms.decode(from: #"{"t":"a,b,c","k":{"home":2,"away":1}}"#)
        #expect(model.tags == ["a", "b", "c"])
        #expect(model.byKind == [.home: 2, .away: 1])
        #expect(try model.jsonString() == #"{"t":"a,b,c","k":{"away":1,"home":2}}"#)
    }
}

/// Dates in a zone and a locale of their own, and through a caller's formatter.
final class LocalDates: BaseModel {
    var opened = Date(timeIntervalSince1970: 0)
    var closed: Date?
    var spanish: Date?
    override class var apiToLocal: [String: String] { ["o": "opened", "c": "closed", "s": "spanish"] }
    override class var transformers: [String: JSONTransformer] {
        let custom = DateFormatter()
        custom.dateFormat = "dd/MM/yyyy HH:mm"
        custom.timeZone = TimeZone(identifier: "Europe/Paris")
        custom.locale = Locale(identifier: "en_US_POSIX")
        return [
            "opened": .dateFormat("MMMM d, yyyy", timeZone: TimeZone(identifier: "America/Los_Angeles")!),
            "closed": .formatter(custom),
            "spanish": .dateFormat("d 'de' MMMM 'de' yyyy", locale: Locale(identifier: "es_ES")),
        ]
    }
}

@Suite("Dates in a zone, a locale or a formatter of the caller's")
struct LocalDateTests {
    @Test("the zone and the locale apply both ways, and a caller's formatter is used as given")
    func zonesAndLocales() throws {
        let model = try LocalDates.decode(from: #"{"o":"September 25, 2015","c":"01/02/2024 18:30","s":"3 de marzo de 2020"}"#)
        // Midnight in Los Angeles (UTC−7 in September) is 07:00 UTC.
        #expect(model.opened == Date(timeIntervalSince1970: 1_443_164_400))
        // 18:30 in Paris (UTC+1 in February) is 17:30 UTC.
        #expect(model.closed == Date(timeIntervalSince1970: 1_706_808_600))
        #expect(model.spanish == Date(timeIntervalSince1970: 1_583_193_600))
        #expect(try model.jsonString() == #"{"o":"September 25, 2015","c":"01/02/2024 18:30","s":"3 de marzo de 2020"}"#)
        #expect(message { _ = try LocalDates.decode(from: #"{"o":"2015-09-25"}"#) }
            == #"Expected Date (MMMM d, yyyy) at o (LocalDates.opened) but found a string "2015-09-25"."#)
    }
}
