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

@Suite("Transformers and dates")
struct TransformerTests {
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
