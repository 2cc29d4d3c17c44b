import BaseModelKit
import Foundation
import Testing

/// Checks `value` against `schema` for the keywords `jsonSchema()` writes (`type`, `properties`,
/// `required`, `items`, `prefixItems`, `uniqueItems`, `additionalProperties`, `enum`, `anyOf`,
/// `$ref` into `$defs`, integer bounds); returns the first place that does not fit.
private struct MiniValidator {
    let document: JSON

    func problem(_ value: JSON, _ schema: JSON, at path: String = "$") -> String? {
        guard case .object(let rules) = schema else { return nil }
        if case .string(let reference)? = rules["$ref"] {
            let name = String(reference.dropFirst("#/$defs/".count))
            guard let target = document["$defs"]?[name] else { return "\(path): no $defs entry \(name)" }
            if let problem = problem(value, target, at: path) { return problem }
        }
        if case .array(let options)? = rules["anyOf"], !options.contains(where: { problem(value, $0, at: path) == nil }) {
            return "\(path): fits none of anyOf"
        }
        if let type = rules["type"] {
            let allowed = type.array?.compactMap(\.string) ?? [type.string ?? ""]
            guard allowed.contains(where: { fits(value, $0) }) else { return "\(path): \(value) is not \(allowed)" }
        }
        if case .array(let values)? = rules["enum"], !values.contains(value) { return "\(path): \(value) is not one of \(values)" }
        if let number = value.number {
            if let minimum = rules["minimum"]?.number, compare(number, minimum) < 0 { return "\(path): below \(minimum)" }
            if let maximum = rules["maximum"]?.number, compare(number, maximum) > 0 { return "\(path): above \(maximum)" }
            if let minimum = rules["exclusiveMinimum"]?.number, compare(number, minimum) <= 0 { return "\(path): not above \(minimum)" }
            if let maximum = rules["exclusiveMaximum"]?.number, compare(number, maximum) >= 0 { return "\(path): not below \(maximum)" }
        }
        if case .string(let text) = value {
            if let least = rules["minLength"]?.number?.double, Double(text.unicodeScalars.count) < least { return "\(path): shorter than \(least)" }
            if case .string(let pattern)? = rules["pattern"], text.range(of: pattern, options: .regularExpression) == nil {
                return "\(path): \(text) does not match \(pattern)"
            }
        }
        if case .object(let object) = value {
            for required in rules["required"]?.array ?? [] where object[required.string ?? ""] == nil { return "\(path): lacks \(required)" }
            for (key, member) in object {
                if let names = rules["propertyNames"], let problem = problem(.string(key), names, at: "\(path) key \(key)") { return problem }
                if let rule = rules["properties"]?[key] {
                    if let problem = problem(member, rule, at: "\(path).\(key)") { return problem }
                } else if let rule = rules["additionalProperties"], let problem = problem(member, rule, at: "\(path).\(key)") {
                    return problem
                }
            }
        }
        if case .array(let elements) = value {
            let prefix = rules["prefixItems"]?.array ?? []
            for (index, element) in elements.enumerated() {
                let rule = index < prefix.count ? prefix[index] : rules["items"]
                if let rule, let problem = problem(element, rule, at: "\(path)[\(index)]") { return problem }
            }
            if rules["uniqueItems"] == true, Set(elements).count != elements.count { return "\(path): repeats an item" }
        }
        return nil
    }

    /// The order of two numbers: exact where both are decimals `Decimal` holds (64-bit bounds are
    /// not exact as `Double`), by `Double` otherwise (beyond its range, infinite).
    private func compare(_ first: JSONNumber, _ second: JSONNumber) -> Int {
        if let first = first.decimal, let second = second.decimal { return first < second ? -1 : first > second ? 1 : 0 }
        let (a, b) = (first.double ?? (first.description.hasPrefix("-") ? -.infinity : .infinity), second.double ?? .nan)
        return a < b ? -1 : a > b ? 1 : 0
    }

    private func fits(_ value: JSON, _ type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): true
        case ("integer", .number(let number)): number.isInteger
        default: false
        }
    }
}

private enum Tier: String, CaseIterable { case gold, silver }
private enum Level: Int, CaseIterable { case one = 1, two = 2 }

private final class Inner: BaseModel {
    var code: Int8 = 0
    override class var apiToLocal: [String: String] { ["c": "code"] }
}

/// A property of every shape the export describes.
private final class Everything: BaseModel {
    var id: Int64 = 0
    var tier: Tier = .gold
    var tags: Set<String> = []
    var byName: [String: Inner] = [:]
    var inner: Inner?
    var home = 0
    var away = 0
    var first: Int?
    var second: Int?
    var at: Date?
    var link: URL?
    var key: UUID?
    var blob: Data?
    var raw: JSON = .null
    override class var apiToLocal: [String: String] {
        ["i": "id", "t": "tier", "tg": "tags", "bn": "byName", "in": "inner", "s.h": "home", "s.a": "away", "sc.0": "first", "sc.2": "second",
         "at": "at", "u": "link", "k": "key", "b": "blob", "r": "raw"]
    }
    override class var transformers: [String: JSONTransformer] { ["at": .iso8601] }
    override class var requiredKeys: Set<String> { ["i"] }
}

/// Numbers at the edges of their types, and dictionaries keyed by numbers and Booleans.
private final class Bounded: BaseModel {
    var big: UInt64 = 0
    var signed: Int64 = 0
    var small: UInt8 = 0
    var single: Float = 0
    var double: Double = 0
    var byNumber: [Int: String] = [:]
    var byByte: [UInt8: String] = [:]
    var byFlag: [Bool: String] = [:]
    var byTier: [Tier: String] = [:]
    var byLevel: [Level: String] = [:]
    var byPrice: [Double: String] = [:]
    override class var apiToLocal: [String: String] {
        ["u64": "big", "i64": "signed", "u8": "small", "f": "single", "d": "double", "bn": "byNumber", "bb": "byByte", "bf": "byFlag",
         "bt": "byTier", "bl": "byLevel", "bp": "byPrice"]
    }
}

@Suite("JSON Schema export")
struct SchemaTests {
    @Test("numbers and dictionary keys: the schema accepts exactly what strict decoding accepts")
    func boundsAgreeWithDecoding() throws {
        let schema = try Bounded.jsonSchema()
        let validator = MiniValidator(document: schema)
        var strict = DecodingOptions()
        strict.coercion = .strict
        let documents = [
            #"{"u64":18446744073709551615}"#, #"{"u64":18446744073709551616}"#, #"{"u64":-1}"#, #"{"u64":0}"#,
            #"{"i64":-9223372036854775808}"#, #"{"i64":-9223372036854775809}"#, #"{"i64":9223372036854775807}"#, #"{"i64":9223372036854775808}"#,
            #"{"u8":255}"#, #"{"u8":256}"#,
            #"{"f":3.4028235e38}"#, #"{"f":-3.4028235e38}"#, #"{"f":3.4028236e38}"#, #"{"f":1e39}"#, #"{"f":1e-50}"#,
            #"{"d":1.7976931348623157e308}"#, #"{"d":1e400}"#, #"{"d":-1e400}"#,
            #"{"bn":{"x":"y"}}"#, #"{"bn":{"1":"a","-2":"b","+3":"c","007":"d","-0":"e"}}"#, #"{"bn":{"1.5":"a"}}"#, #"{"bn":{"":"a"}}"#,
            #"{"bn":{"9223372036854775807":"a"}}"#, #"{"bn":{"9223372036854775808":"a"}}"#, #"{"bn":{"-9223372036854775808":"a"}}"#,
            #"{"bn":{"-9223372036854775809":"a"}}"#, #"{"bn":{"99999999999999999999":"a"}}"#, #"{"bn":{" 1":"a"}}"#, #"{"bn":{"+":"a"}}"#,
            #"{"bb":{"255":"a","0":"b","00255":"c"}}"#, #"{"bb":{"256":"a"}}"#, #"{"bb":{"-1":"a"}}"#, #"{"bb":{"-0":"a"}}"#, #"{"bb":{"199":"a","249":"b"}}"#,
            #"{"bf":{"true":"a","false":"b"}}"#, #"{"bf":{"yes":"a"}}"#,
            #"{"bt":{"gold":"a","silver":"b"}}"#, #"{"bt":{"bronze":"a"}}"#, #"{"bt":{"Gold":"a"}}"#,
            #"{"bl":{"1":"a","2":"b"}}"#, #"{"bl":{"3":"a"}}"#, #"{"bl":{"01":"a"}}"#, #"{"bl":{"+2":"a"}}"#, #"{"bl":{"-1":"a"}}"#, #"{"bl":{"one":"a"}}"#,
            #"{"bp":{"1.5":"a","-2":"b","1e3":"c",".5":"d","1.":"e"}}"#, #"{"bp":{"nan":"a"}}"#, #"{"bp":{"inf":"a"}}"#, #"{"bp":{"-Infinity":"a"}}"#,
            #"{"bp":{"x":"a"}}"#, #"{"bp":{" 1":"a"}}"#, #"{"bp":{"0x1p3":"a"}}"#, #"{"bp":{"1e400":"a"}}"#,
            #"{"bp":{"-0X.8P1":"a","0x1.":"b"}}"#, #"{"bp":{"0x1p":"a"}}"#, #"{"bp":{"0x":"a"}}"#, #"{"bp":{"NaN":"a"}}"#, #"{"bp":{"nan(0x1)":"a"}}"#,
        ]
        for document in documents {
            let decodes = (try? Bounded.decode(from: document, options: strict)) != nil
            let problem = validator.problem(try JSON(parsing: document), schema)
            #expect(decodes == (problem == nil), "\(document): \(problem ?? "valid") but \(decodes ? "decodes" : "is refused")")
        }
    }

    @Test("the generated feed classes' schema: every sample validates, a value of the wrong type does not")
    func feedSchema() throws {
        let schema = try Feed.jsonSchema()
        let text = try schema.serializedString(formatting: [.prettyPrinted, .sortedKeys])
        #expect(try JSON(parsing: text) == schema)
        #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(schema["$ref"] == "#/$defs/Feed")
        #expect(schema["$defs"]?.object.map { Array($0.keys) } == ["Feed", "SportEvent", "Book", "Venue", "Market", "Outcome"])
        let validator = MiniValidator(document: schema)
        let folder = try #require(Bundle.module.url(forResource: "Samples", withExtension: nil))
        for file in ["feed-1.json", "feed-2.json"] {
            let sample = try JSON(parsing: try Data(contentsOf: folder.appendingPathComponent("feed").appendingPathComponent(file)))
            #expect(validator.problem(sample, schema) == nil, "\(file): \(validator.problem(sample, schema) ?? "")")
            #expect(try Feed.decode(from: try sample.serializedString()).jsonData().isEmpty == false)
        }
        for bad in [#"{"v":"four"}"#, #"{"ev":[{"m":[{"o":[{"lm":"x"}]}]}]}"#, #"{"gen":5}"#, #"{"bk":{"1":{"lim":1.5}}}"#] {
            #expect(validator.problem(try JSON(parsing: bad), schema) != nil, "\(bad)")
        }
    }

    @Test("formats, enums, sets, dictionaries, nested key paths, positions, required keys")
    func everyShape() throws {
        let schema = try Everything.jsonSchema()
        let own = try #require(schema["$defs"]?["Everything"])
        #expect(own["required"] == ["i"])
        #expect(own["properties"]?["i"] == ["type": "integer", "minimum": .number(JSONNumber(Int64.min)), "maximum": .number(JSONNumber(Int64.max)), "format": "int64"])
        #expect(own["properties"]?["t"] == ["type": "string", "enum": ["gold", "silver"]])
        #expect(own["properties"]?["tg"] == ["type": "array", "items": ["type": "string"], "uniqueItems": true])
        #expect(own["properties"]?["bn"] == ["type": "object", "additionalProperties": ["$ref": "#/$defs/Inner"]])
        #expect(own["properties"]?["s"]?["properties"]?["h"]?["type"] == "integer")
        #expect(own["properties"]?["sc"]?["prefixItems"]?.array?.count == 3)
        #expect(own["properties"]?["at"] == ["type": ["string", "null"], "format": "date-time"])
        #expect(own["properties"]?["k"]?["format"] == "uuid")
        #expect(own["properties"]?["b"]?["contentEncoding"] == "base64")
        #expect(own["properties"]?["r"] == [:])
        #expect(schema["$defs"]?["Inner"]?["properties"]?["c"] == ["type": "integer", "minimum": -128, "maximum": 127])

        let validator = MiniValidator(document: schema)
        let good = #"{"i":1,"t":"silver","tg":["a","b"],"bn":{"x":{"c":3}},"in":null,"s":{"h":1,"a":2},"sc":[1,null,2],"at":"2026-11-24T00:00:00Z","k":"6F9619FF-8B86-D011-B42D-00C04FC964FF","b":"AAEC","r":[1,{"a":null}]}"#
        #expect(validator.problem(try JSON(parsing: good), schema) == nil)
        _ = try Everything.decode(from: good)
        for bad in [#"{"t":"gold"}"#, #"{"i":1,"t":"bronze"}"#, #"{"i":1,"tg":["a","a"]}"#, #"{"i":1,"bn":{"x":{"c":300}}}"#, #"{"i":1,"s":{"h":"one"}}"#] {
            #expect(validator.problem(try JSON(parsing: bad), schema) != nil, "\(bad)")
        }
    }
}
