import BaseModelKit
import Foundation
import Testing

enum Side: String, Sendable { case home, away }
enum Period: Int, Sendable { case first = 1, second = 2 }

/// Dictionaries keyed by integers, raw-value enums and other LosslessStringConvertible types.
final class KeyedTables: BaseModel {
    var byRound: [Int: String] = [:]
    var bySmall: [UInt8: Double] = [:]
    var bySide: [Side: Int] = [:]
    var byPeriod: [Period: [Int]] = [:]
    var byFlag: [Bool: String]?
    override class var apiToLocal: [String: String] { ["r": "byRound", "u": "bySmall", "s": "bySide", "p": "byPeriod", "f": "byFlag"] }
    override class var lossyCollections: Set<String> { ["bySmall"] }
}

/// 128-bit integers and half-precision floats, where the platform has them.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class WideNumbers: BaseModel {
    var big: Int128 = 0
    var huge: UInt128 = 0
    var many: [Int128] = []
    override class var apiToLocal: [String: String] { ["b": "big", "h": "huge", "m": "many"] }
}

/// Sets, written in the order of their elements' text.
final class Tagged: BaseModel {
    var tags: Set<String> = []
    var codes: Set<Int> = []
    var days: Set<Date>?
    override class var apiToLocal: [String: String] { ["t": "tags", "c": "codes", "d": "days"] }
    override class var transformers: [String: JSONTransformer] { ["days": .iso8601] }
}

/// Enums kept in one byte, written many times.
enum Route: String, Sendable { case home = "/home", away = "a/b\"c", empty = "", unicode = "日本" }
enum Level: Int, Sendable { case low = -1, zero = 0, high = 1_000_000 }
final class Routed: BaseModel {
    var route: Route = .home
    var level: Level = .zero
    var routes: [Route] = []
    var maybe: Level?
    override class var apiToLocal: [String: String] { ["r": "route", "l": "level", "rs": "routes", "m": "maybe"] }
}

/// Optionals of every kind the member writer lends from where they lie.
final class Maybes: BaseModel {
    var flags: [Bool]?
    var counts: [String: Int]?
    var tags: Set<String>?
    var ratio: Float?
    var amount: Decimal?
    var link: URL?
    var token: UUID?
    var blob: Data?
    var letter: Character?
    var when: Date?
    var nested: [[Int]]?
    var raw: JSON?
    override class var apiToLocal: [String: String] {
        ["f": "flags", "c": "counts", "t": "tags", "r": "ratio", "a": "amount", "l": "link", "u": "token", "b": "blob",
         "ch": "letter", "w": "when", "n": "nested", "j": "raw"]
    }
    override class var transformers: [String: JSONTransformer] { ["when": .iso8601] }
}

/// Optionals of optionals: `null` is the outer `nil`; an inner `nil` is written as `null`.
final class TwiceOptional: BaseModel {
    var count: Int?? = nil
    var list: [Int]?? = nil
    override class var apiToLocal: [String: String] { ["c": "count", "l": "list"] }
}

@Suite("Wider types: non-String dictionary keys, Int128, Float16")
struct WiderTypesTests {
    @Test("an optional of an optional reads null as nil, writes an inner nil as null, and merges an update")
    func optionalOfOptional() throws {
        let model = try TwiceOptional.decode(from: #"{"c":5,"l":[1,2]}"#)
        #expect(model.count == .some(.some(5)) && model.list == .some(.some([1, 2])))
        #expect(try model.jsonString() == #"{"c":5,"l":[1,2]}"#)
        let empty = try TwiceOptional.decode(from: #"{"c":null,"l":null}"#)
        #expect(empty.count == nil && empty.list == nil)
        #expect(try empty.jsonString() == "{}")
        empty.count = .some(nil)
        #expect(try empty.jsonString() == #"{"c":null}"#)
        _ = try empty.update(from: #"{"c":7,"l":[3]}"#)
        #expect(empty.count == .some(.some(7)) && empty.list == .some(.some([3])))
        _ = try empty.update(from: #"{"c":null}"#)
        #expect(empty.count == nil && empty.list == .some(.some([3])))
    }

    @Test("optionals of collections, text forms and scalars write their values, or nothing, or null")
    func optionalCollections() throws {
        var generator = SeededGenerator(seed: 7070)
        var nulls = EncodingOptions()
        nulls.nilEncoding = .null
        for round in 0..<300 {
            let model = Maybes()
            func some() -> Bool { round % 7 == 0 || Bool.random(using: &generator) }
            if some() { model.flags = (0..<(round % 4)).map { _ in Bool.random(using: &generator) } }
            if some() { model.counts = Dictionary(uniqueKeysWithValues: (0..<(round % 3)).map { ("k\($0)", Int.random(in: -99...99, using: &generator)) }) }
            if some() { model.tags = Set((0..<(round % 3)).map { "t\($0 * round)" }) }
            if some() { model.ratio = Float(round) / 8 }
            if some() { model.amount = Decimal(round) / 100 }
            if some() { model.link = URL(string: "https://example.com/\(round)") }
            if some() { model.token = UUID() }
            if some() { model.blob = Data((0..<(round % 5)).map { UInt8($0) }) }
            if some() { model.letter = "é" }
            if some() { model.when = Date(timeIntervalSince1970: Double(round) * 86_400) }
            if some() { model.nested = [[round], [], [1, 2]] }
            if some() { model.raw = round % 2 == 0 ? .null : .array([.bool(true)]) }
            let written = try model.jsonString()
            let back = try Maybes.decode(from: written)
            #expect(back.flags == model.flags && back.counts == model.counts && back.tags == model.tags, "\(written)")
            #expect(back.ratio == model.ratio && back.amount == model.amount && back.link == model.link, "\(written)")
            #expect(back.token == model.token && back.blob == model.blob && back.letter == model.letter, "\(written)")
            #expect(back.when == model.when && back.nested == model.nested, "\(written)")
            // `nil` left out, or written as `null`, one member for each property either way.
            let withNulls = try JSON(parsing: model.jsonString(options: nulls)).object
            #expect(withNulls?.count == 12, "\(written)")
            #expect(try JSON(parsing: written).object?.count == [model.flags != nil, model.counts != nil, model.tags != nil,
                model.ratio != nil, model.amount != nil, model.link != nil, model.token != nil, model.blob != nil,
                model.letter != nil, model.when != nil, model.nested != nil, model.raw != nil].filter { $0 }.count)
        }
    }

    @Test("enum cases written again from their first text write what their raw values write, in every layout")
    func enumTexts() throws {
        let routes: [Route] = [.home, .away, .empty, .unicode]
        let levels: [Level] = [.low, .zero, .high]
        for formatting: JSON.Formatting in [[], [.escapingSlashes], [], [.prettyPrinted], [.escapingSlashes, .prettyPrinted], []] {
            var options = EncodingOptions()
            options.formatting = formatting
            for round in 0..<24 {
                let model = Routed()
                model.route = routes[round % routes.count]
                model.level = levels[round % levels.count]
                model.routes = Array(routes.shuffled().prefix(round % 5))
                model.maybe = round % 4 == 0 ? nil : levels[(round + 1) % levels.count]
                var expected: JSONObject = ["r": .string(model.route.rawValue), "l": .number(JSONNumber(model.level.rawValue)),
                                            "rs": .array(model.routes.map { .string($0.rawValue) })]
                if let maybe = model.maybe { expected["m"] = .number(JSONNumber(maybe.rawValue)) }
                #expect(try model.jsonString(options: options) == JSON.object(expected).serializedString(formatting: formatting))
            }
        }
    }

    @Test("sets are written in the order of their elements' compact text, whatever their history, in every layout")
    func setOrder() throws {
        var generator = SeededGenerator(seed: 5150)
        let words = ["a/b", "é", "A", "a", "quote\"d", "line\nbreak", "", "z", "日本", "a/c", "tab\t", "🎉", "aa", "b"]
        for round in 0..<200 {
            let tags = Set(words.filter { _ in Bool.random(using: &generator) })
            let codes = Set((0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: -1_000...1_000, using: &generator) })
            let days = round % 3 == 0 ? nil : Set((0..<(round % 5)).map { _ in Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &generator))) })
            // Two sets of the same elements, built in different orders and sizes.
            let first = Tagged(), second = Tagged()
            (first.tags, first.codes, first.days) = (tags, codes, days)
            var grown = Set<String>(minimumCapacity: 64)
            for tag in tags.sorted().reversed() { grown.insert(tag) }
            (second.tags, second.codes, second.days) = (grown, Set(codes.sorted()), days.map { Set($0.sorted().reversed()) })
            let compact = try first.jsonString()
            #expect(try second.jsonString() == compact)
            let tree = try JSON(parsing: compact)
            func texts(_ key: String) throws -> [String] {
                try (tree.object?[key]?.array ?? []).map { try $0.serializedString() }
            }
            for key in ["t", "c", "d"] {
                let written = try texts(key)
                #expect(written == written.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }, "\(key) in \(compact)")
            }
            #expect(Set(try Tagged.decode(from: compact).tags) == tags)
            for formatting: JSON.Formatting in [[.prettyPrinted], [.escapingSlashes], [.escapingSlashes, .prettyPrinted]] {
                var options = EncodingOptions()
                options.formatting = formatting
                #expect(try first.jsonString(options: options) == tree.serializedString(formatting: formatting))
            }
        }
    }

    @Test("dictionaries keyed by integers, enums and Bool are JSON objects both ways")
    func keyedDictionaries() throws {
        let text = #"{"r":{"1":"a","10":"b","2":"c"},"u":{"7":1.5},"s":{"away":1,"home":2},"p":{"1":[1,2],"2":[]},"f":{"false":"no","true":"yes"}}"#
        let model = try KeyedTables.decode(from: text)
        #expect(model.byRound == [1: "a", 2: "c", 10: "b"])
        #expect(model.bySmall == [7: 1.5])
        #expect(model.bySide == [.home: 2, .away: 1])
        #expect(model.byPeriod == [.first: [1, 2], .second: []])
        #expect(model.byFlag == [true: "yes", false: "no"])
        // Keys written in the order of their text, so output is deterministic.
        #expect(try model.jsonString() == text)
    }

    @Test("a key that is not a key of the type is an error at that key, or left out of a lossy dictionary")
    func badKeys() throws {
        #expect(message { _ = try KeyedTables.decode(from: #"{"r":{"1":"a","x":"b"}}"#) }
            == #"Expected a key of type Int at r["x"] (KeyedTables.byRound) but found the key "x"."#)
        #expect(message { _ = try KeyedTables.decode(from: #"{"s":{"draw":1}}"#) }
            == #"Expected a key of type Side at s["draw"] (KeyedTables.bySide) but found the key "draw"."#)
        #expect(try KeyedTables.decode(from: #"{"u":{"7":1,"300":2,"-1":3}}"#).bySmall == [7: 1])
    }

    @Test("Int128 and UInt128 map exactly, beyond 64 bits")
    func int128() throws {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        let text = #"{"b":-170141183460469231731687303715884105728,"h":340282366920938463463374607431768211455,"m":[18446744073709551616]}"#
        let model = try WideNumbers.decode(from: text)
        #expect(model.big == Int128.min && model.huge == UInt128.max && model.many == [Int128(UInt64.max) + 1])
        #expect(try model.jsonString() == text)
        #expect(message { _ = try WideNumbers.decode(from: #"{"h":-1}"#) }
            == "Expected UInt128 at h (WideNumbers.huge) but found the number -1, which UInt128 cannot hold exactly.")
    }

    #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    @available(macOS 11, iOS 14, tvOS 14, watchOS 7, *)
    final class HalfFloats: BaseModel {
        var level: Float16 = 0
        var levels: [Float16] = []
        override class var apiToLocal: [String: String] { ["l": "level", "ls": "levels"] }
    }

    @Test("Float16 maps to the nearest half-precision value, and refuses what it cannot hold")
    func float16() throws {
        guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else { return }
        let model = try HalfFloats.decode(from: #"{"l":0.1,"ls":[1.5,65504]}"#)
        #expect(model.level == Float16(0.1) && model.levels == [1.5, 65504])
        #expect(try model.jsonString() == #"{"l":0.1,"ls":[1.5,65504.0]}"#)
        #expect(message { _ = try HalfFloats.decode(from: #"{"l":70000}"#) }
            == "Expected Float16 at l (HalfFloats.level) but found the number 70000, which Float16 cannot hold exactly.")
    }
    #endif
}
