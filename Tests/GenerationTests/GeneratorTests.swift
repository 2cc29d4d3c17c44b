@testable import BaseModelGeneration
import BaseModelKit
import Foundation
import Testing

/// The samples the generated files in `Generated/` were made from.
private func samples(_ name: String) throws -> (set: SampleSet, glossary: Glossary) {
    let folder = try #require(Bundle.module.url(forResource: "Samples", withExtension: nil))
    let glossary = try Glossary(json: try JSON(parsing: try Data(contentsOf: folder.appendingPathComponent("\(name)-glossary.json"))))
    return (try SampleSet(directory: folder.appendingPathComponent(name, isDirectory: true)), glossary)
}

/// The source the generator makes for one JSON text per sample.
private func generate(_ texts: [String], root: String = "Root", glossary: Glossary = Glossary(), typeKey: String? = nil) throws -> String {
    try Generator(rootName: root, glossary: glossary, typeKey: typeKey, source: "test").generate(samples: texts.map { try JSON(parsing: $0) })
}

/// The text of the error `body` throws; `nil` when it throws none.
private func message(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return "\(error)"
    }
}

/// `json` with every `null` member left out, as a model writes its `nil` properties.
private func withoutNulls(_ json: JSON) -> JSON {
    switch json {
    case .object(let object):
        return .object(JSONObject(object.compactMap { member in member.value == .null ? nil : (member.key, withoutNulls(member.value)) }))
    case .array(let elements):
        return .array(elements.map(withoutNulls))
    default:
        return json
    }
}

@Suite("Generator")
struct GeneratorTests {
    @Test("the committed generated files are what the generator makes from their samples, byte for byte")
    func committedFilesAreCurrent() throws {
        let generated = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Generated")
        for (name, root, typeKey, file) in [("feed", "Feed", nil, "FeedModels.swift"), ("messages", "FeedMessage", "t", "MessageModels.swift"),
                                            ("exchange", "MarketEvent", "e", "ExchangeModels.swift")] {
            let (set, glossary) = try samples(name)
            let source = try Generator(rootName: root, glossary: glossary, typeKey: typeKey, source: set.description).generate(samples: set.samples)
            let committed = try String(contentsOf: generated.appendingPathComponent(file), encoding: .utf8)
            #expect(source == committed, "regenerate Tests/GenerationTests/Generated/\(file) (Docs/Generating.md)")
            // The same input makes the same bytes.
            #expect(try Generator(rootName: root, glossary: glossary, typeKey: typeKey, source: set.description).generate(samples: set.samples) == source)
        }
    }

    @Test("the generated classes read every sample and write it back as they read it")
    func generatedClassesRoundTrip() throws {
        let (set, _) = try samples("feed")
        for sample in set.samples {
            let text = try sample.serializedString()
            let feed = try Feed.decode(from: text)
            let written = try feed.jsonData()
            #expect(try Feed.decode(from: written).jsonData() == written)
            // What was there is there: every member but nulls, with its value.
            #expect(try JSON(parsing: written) == withoutNulls(sample))
        }
        let feed = try Feed.decode(from: try set.samples[0].serializedString())
        #expect(feed.events[0].sport == .football && feed.events[0].venue?.capacity == 23750)
        #expect(feed.events[0].startsAt == Date(timeIntervalSince1970: 1_795_865_400))
        #expect(feed.books["17"]?.stakeLimit == 2_500_000_000)
        #expect(feed.events[0].markets[0].outcomes[1].limit == nil)
        // A value no sample had is kept by the enum's catch-all case.
        let later = try SportEvent.decode(from: #"{"id":9,"sp":"darts"}"#)
        #expect(later.sport == .other("darts"))
        #expect(try later.jsonString().contains(#""sp":"darts""#))
        // Markets merge by identity on an update.
        let market = feed.events[0].markets[1]
        try feed.update(from: #"{"ev":[{"id":1,"m":[{"id":"1-1","s":"open"},{"id":"1-0"}]},{"id":2}]}"#)
        #expect(feed.events[0].markets[0] === market)
    }

    @Test("with a type key, each message decodes to its own subclass")
    func messages() throws {
        let (set, _) = try samples("messages")
        let decoded = try set.samples.map { try FeedMessage.decode(from: try $0.serializedString()) }
        #expect(decoded.map { String(describing: type(of: $0)) } == ["OddsMessage", "OddsMessage", "ScoreMessage", "ScoreMessage", "SuspensionMessage"])
        let odds = try #require(decoded[1] as? OddsMessage)
        #expect(odds.sequence == 2 && odds.marketId == "101-2" && odds.outcomes.map(\.price) == [1.4, 3.1])
        #expect((decoded[2] as? ScoreMessage)?.score == [1, 0])
        #expect((decoded[4] as? SuspensionMessage)?.reason == "goal")
    }

    @Test("an exchange's market streams: every message decodes to its class, exactly, and reads back as it was written")
    func exchangeStreams() throws {
        let (set, _) = try samples("exchange")
        for sample in set.samples {
            let event = try MarketEvent.decode(from: try sample.serializedString(), options: .strict)
            let written = try event.jsonData()
            let again = try MarketEvent.decode(from: written, options: .strict)
            #expect(try again.jsonData() == written)
            // Every member is there, and prices hold the value the text wrote (the decimal strings keep
            // their value; trailing zeros are Decimal's to drop).
            let object = try #require(try JSON(parsing: written).object)
            #expect(Set(object.keys) == Set(try #require(sample.object).keys))
        }
        let events = try set.samples.map { try MarketEvent.decode(from: try $0.serializedString()) }
        #expect(events.map { String(describing: type(of: $0)) } == ["DepthUpdate", "DepthUpdate", "KlineEvent", "KlineEvent", "Trade", "Trade"])
        let depth = try #require(events[0] as? DepthUpdate)
        #expect(depth.bids == [[Decimal(string: "0.0024")!, 10], [Decimal(string: "0.00239")!, 0]] && depth.finalUpdateId == 160)
        let kline = try #require(events[3] as? KlineEvent)
        #expect(kline.candle.close == Decimal(string: "16551.02") && kline.candle.isClosed && kline.candle.closeTime == Date(timeIntervalSince1970: 1_672_515_839.999))
        let trade = try #require(events[5] as? Trade)
        #expect(trade.price == Decimal(string: "16549.91") && trade.tradeId == 3_213_412 && trade.eventTime == Date(timeIntervalSince1970: 1_672_515_782.211))
        // The walkthrough's client.
        let lines = try set.samples.map { try describe(try $0.serializedData()) }
        #expect(lines == ["BNBBTC: 2 bid levels, 1 ask levels", "BNBBTC: 1 bid levels, 0 ask levels", nil, "BTCUSDT closed at 16551.02",
                          "BNBBTC traded 100 at 0.001", "BTCUSDT traded 0.00075 at 16549.91"], "\(lines)")
        // A trade without its price is refused, naming the key and the class.
        #expect(message { _ = try MarketEvent.decode(from: #"{"e":"trade","E":1,"s":"X","t":1,"q":"1","T":1,"m":true,"M":true}"#) }
            == #"Missing key "p" at the top level (Trade.price)."#)
    }

    @Test("integers: Int where every value fits 32 bits, Int64 otherwise; Double where any has a fraction")
    func numbers() throws {
        let source = try generate([#"{"a":1,"b":2147483648,"c":1,"d":-2147483648}"#, #"{"a":2,"b":1,"c":1.5,"d":3}"#])
        #expect(source.contains("var a: Int = 0"))
        #expect(source.contains("var b: Int64 = 0"))
        #expect(source.contains("var c: Double = 0"))
        #expect(source.contains("var d: Int = 0"))
    }

    @Test("optional where a key is missing or null in some object of its class; JSON where values mix")
    func optionalsAndMixed() throws {
        let source = try generate([#"{"a":1,"b":"x","m":1,"n":null}"#, #"{"a":null,"m":"one","n":null}"#])
        #expect(source.contains("var a: Int?"))
        #expect(source.contains("var b: String?"))
        #expect(source.contains("var m: JSON = .null"))
        #expect(source.contains("var n: JSON?"))
    }

    @Test("strings: dates from ISO 8601 text, enums where a few values repeat, String otherwise")
    func strings() throws {
        let source = try generate([
            #"{"at":"2026-11-22T08:00:00Z","s":"open","n":"Ajax"}"#, #"{"at":"2026-11-22T08:00:00.5+01:00","s":"open","n":"AZ"}"#,
            #"{"at":"2026-11-23T08:00:00Z","s":"closed","n":"PSV"}"#, #"{"at":"2026-11-24T08:00:00Z","s":"closed","n":"Ajax"}"#,
        ])
        #expect(source.contains("var at: Date = Date(timeIntervalSince1970: 0)"))
        #expect(source.contains(#"["at": .iso8601]"#))
        #expect(source.contains("var s: RootS = .open"))
        #expect(source.contains("enum RootS: RawRepresentable, Hashable, Sendable {"))
        #expect(source.contains("var n: String = \"\""))
    }

    @Test("epoch dates where the glossary says so; its names, classes, overrides and docs")
    func glossary() throws {
        let glossary = try Glossary(json: try JSON(parsing: #"""
        {"keys":{"st":"startsAt","o":"outcomes","i":"outcomeId"},"classes":{"o":"Price"},"overrides":{"Price":{"n":"label"}},
         "formats":{"st":"seconds"},"docs":{"st":"When it starts.","Price.n":"Shown to the user."}}
        """#))
        let source = try generate([#"{"st":1795865400,"o":[{"i":1,"n":"Home"},{"i":2,"n":"Away"}],"n":"x"}"#], glossary: glossary)
        #expect(source.contains("/// When it starts.\n    var startsAt: Date"))
        #expect(source.contains(#"["startsAt": .secondsSince1970]"#))
        #expect(source.contains("var outcomes: [Price] = []"))
        #expect(source.contains("/// Shown to the user.\n    var label: String"))
        #expect(source.contains(#"["outcomes": "outcomeId"]"#))
        #expect(source.contains("var n: String")) // the root's own n is not the override's
        #expect(throws: GenerationError.self) { try Glossary(json: try JSON(parsing: #"{"formats":{"st":"hours"}}"#)) }
        #expect(throws: GenerationError.self) { try Glossary(json: try JSON(parsing: #"{"names":{}}"#)) }
    }

    @Test("objects keyed by ids become dictionaries; arrays merge by identity only with unique ids")
    func collections() throws {
        let source = try generate([
            #"{"bk":{"1":{"n":"a"},"22":{"n":"b"}},"items":[{"id":1},{"id":2}],"dup":[{"id":1},{"id":1}],"tags":["a","b"]}"#,
        ])
        #expect(source.contains("var bk: [String: Bk] = [:]"))
        #expect(source.contains("var items: [Item] = []"))
        #expect(source.contains(#"["items": "id"]"#))
        #expect(!source.contains(#""dup": "id""#))
        #expect(source.contains("var tags: [String] = []"))
    }

    @Test("keys that are not Swift names get valid, unique names")
    func names() throws {
        let source = try generate([#"{"in":1,"first_name":"a","2nd":true,"firstName":"b","default":null}"#])
        #expect(source.contains("var `in`: Int = 0"))
        #expect(source.contains("var firstName: String = \"\""))
        #expect(source.contains("var firstName2: String = \"\""))
        #expect(source.contains("var _2nd: Bool = false"))
        #expect(source.contains("var `default`: JSON?"))
        #expect(source.contains(#""first_name": "firstName""#))
    }

    @Test("input that cannot make classes is refused with a reason")
    func refusals() throws {
        #expect(throws: GenerationError.self) { try generate(["[1,2]"]) }
        #expect(throws: GenerationError.self) { try generate([#"{"t":true}"#], typeKey: "t") }
    }
}

// The client of Docs/Generating.md's real-API walkthrough, on the generated classes as they are.
func describe(_ frame: Data) throws -> String? {
    switch try MarketEvent.decode(from: frame) {
    case let trade as Trade:
        return "\(trade.symbol) traded \(trade.quantity) at \(trade.price)"
    case let event as KlineEvent where event.candle.isClosed:
        return "\(event.symbol) closed at \(event.candle.close)"
    case let depth as DepthUpdate:
        return "\(depth.symbol): \(depth.bids.count) bid levels, \(depth.asks.count) ask levels"
    default:
        return nil
    }
}

// The customisation example of Docs/Generating.md: an extension of a generated class, in a file of
// its own.
extension Outcome {
    /// Implied probability, from the price.
    var probability: Double { price > 0 ? 1 / price : 0 }
}

/// A hook in a subclass of a generated class (Docs/Generating.md): regenerating keeps it.
final class CheckedFeed: Feed {
    override func didDeserialize() throws {
        if version < 0 { throw GenerationError("a feed's version is never negative") }
    }
}

@Suite("Generated classes with hooks")
struct GeneratedHookTests {
    @Test("a subclass of a generated class adds a hook")
    func subclassHook() throws {
        #expect(try CheckedFeed.decode(from: #"{"v":3}"#).version == 3)
        #expect(throws: MappingError.self) { try CheckedFeed.decode(from: #"{"v":-1}"#) }
    }
}

@Suite("Generator: work linear in the samples")
struct GeneratorWorkTests {
    /// How many values the shapes below `shape` observed, at every depth (each member's and element's).
    private func observations(_ shape: ValueShape) -> Int {
        var total = shape.count
        if shape.objects > 0 {
            let object = shape.object
            for key in object.keys { total += observations(object.members[key]!) }
        }
        if shape.arrays > 0 { total += observations(shape.element) }
        return total
    }

    @Test("nested objects: each value observed once, however deep (each level used to double the work)")
    func nestingIsLinear() throws {
        for depth in [10, 20, 200] {
            var sample: JSON = ["leaf": 1]
            for _ in 0..<depth { sample = ["a": sample] }
            let shape = ValueShape()
            shape.observe(sample)
            #expect(observations(shape) == depth + 2, "\(depth) levels")
            // The generator finishes on it too.
            _ = try Generator(rootName: "Deep", source: "test").generate(samples: [sample])
        }
        // Objects keyed by ids inside each other: the values are observed once, into the one shape the
        // generator asks for.
        var keyed: JSON = ["leaf": 1]
        for _ in 0..<20 { keyed = ["1": keyed, "2": keyed] }
        let shape = ValueShape()
        shape.observe(keyed)
        _ = shape.object.anyValue
        #expect(shape.object.anyValue.count == 2)
    }
}

@Suite("Generator: recursive shapes and classes merged by name")
struct GeneratorShapeTests {
    /// The class and property declarations of the source generated from `samples`.
    private func declarations(_ samples: [String], root: String) throws -> [String] {
        let source = try Generator(rootName: root, source: "test").generate(samples: samples.map { try JSON(parsing: $0) })
        return source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("class ") || $0.hasPrefix("var ") }
    }

    @Test("a shape that holds itself is an optional, never a default object that makes init() recurse")
    func recursiveShapes() throws {
        #expect(try declarations([#"{"n":1,"chain":{"n":2,"chain":{"n":3}}}"#, #"{"n":9}"#], root: "Chain")
            == ["class Chain: BaseModel {", "var n: Int = 0", "var chain: Chain?"])
        #expect(try declarations([#"{"child":{"child":{"leaf":1}}}"#], root: "Root")
            == ["class Root: BaseModel {", "var child: Child = Child()", "class Child: BaseModel {", "var child: Child?", "var leaf: Int?"])
    }

    @Test("a class met again under its name, deeper, gets every key of every place")
    func mergedByName() throws {
        #expect(try declarations([#"{"item":{"x":1},"box":{"item":{"y":2}}}"#], root: "Root")
            == ["class Root: BaseModel {", "var item: Item = Item()", "var box: Box = Box()", "class Item: BaseModel {", "var x: Int?", "var y: Int?",
                "class Box: BaseModel {", "var item: Item = Item()"])
        var sample: JSON = ["leaf": 1]
        for _ in 0..<30 { sample = ["a": sample] }
        #expect(try declarations([sample.description], root: "Deep")
            == ["class Deep: BaseModel {", "var a: A = A()", "class A: BaseModel {", "var a: A?", "var leaf: Int?"])
    }
}

@Suite("Generator: names that would not compile or would hide a type")
struct GeneratorNameTests {
    private func declarations(_ samples: [String], root: String) throws -> [String] {
        let source = try Generator(rootName: root, source: "test").generate(samples: samples.map { try JSON(parsing: $0) })
        return source.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("class ") || $0.hasPrefix("var ") || $0.hasPrefix("enum ") }
    }

    @Test("classes are never named like a Swift, Foundation or BaseModelKit type; properties never like a BaseModel member")
    func reservedNames() throws {
        let names = try declarations([#"{"self":{"a":1},"any":{"b":2},"data":{"e":5},"unknownKeys":1,"apiToLocal":"x","debugDescription":"y","copy":true}"#],
                                     root: "Root")
        #expect(names == ["class Root: BaseModel {", "var `self`: SelfModel = SelfModel()", "var any: AnyModel = AnyModel()", "var data: DataModel = DataModel()",
                          "var unknownKeysValue: Int = 0", "var apiToLocalValue: String = \"\"", "var debugDescriptionValue: String = \"\"", "var copyValue: Bool = false",
                          "class SelfModel: BaseModel {", "var a: Int = 0", "class AnyModel: BaseModel {", "var b: Int = 0", "class DataModel: BaseModel {", "var e: Int = 0"])
    }

    @Test("an enum and a class that would share a name get two")
    func enumAndClass() throws {
        let samples = (0..<3).flatMap { _ in [#"{"status":"open","ecStatus":{"x":1}}"#, #"{"status":"closed","ecStatus":{"x":2}}"#] }
        let names = try declarations(samples, root: "Ec")
        #expect(names.contains("var status: EcStatus = .open") && names.contains("var ecStatus: EcStatusObject = EcStatusObject()"), "\(names)")
        #expect(names.contains("class EcStatusObject: BaseModel {") && names.contains { $0.hasPrefix("enum EcStatus:") }, "\(names)")
    }
}

@Suite("Generator: keys and message types as written")
struct GeneratorKeyTests {
    private func source(_ samples: [String], root: String, typeKey: String? = nil) throws -> String {
        try Generator(rootName: root, typeKey: typeKey, source: "test").generate(samples: samples.map { try JSON(parsing: $0) })
    }

    @Test("keys with dots and backslashes are escaped in the map, so it reads each as one key")
    func escapedKeys() throws {
        let text = try source([#"{"a.b":1,"a\\b":2}"#], root: "Keys")
        #expect(text.contains(#"["a\\.b": "aB", "a\\\\b": "aB2"]"#), "\(text)")
    }

    @Test("message types: a dotted type key, values kept as written, samples without a type the root's")
    func messageTypes() throws {
        let text = try source([#"{"data":{"e":"trade","p":"1"},"stream":"s"}"#, #"{"data":{"e":"7","q":1},"stream":"s"}"#, #"{"result":null,"id":1}"#],
                              root: "Msg", typeKey: "data.e")
        #expect(text.contains(#"switch object["data"]?["e"] {"#), "\(text)")
        #expect(text.contains(#"case .string("7")?: _7Msg.self"#) && text.contains(#"case .string("trade")?: TradeMsg.self"#), "\(text)")
        #expect(text.contains("    var id: Int64?") && text.contains("    var result: JSON?"), "\(text)")
        // The string "7" and the number 7 are two types, whose derived names are numbered apart.
        let both = try source([#"{"t":"7","x":1}"#, #"{"t":7,"y":2}"#], root: "Msg", typeKey: "t")
        #expect(both.contains(#"case .string("7")?: _7Msg.self"#), "\(both)")
        #expect(both.contains("class _7Msg: Msg") && both.contains("class _7Msg2: Msg"), "\(both)")
        #expect(message { _ = try source([#"{"t":"a"}"#, #"{"t":true}"#], root: "Msg", typeKey: "t") }
            == "sample 2 has the Boolean true at t, the type key: a message type is a string or an integer.")
    }

    @Test("numbers beyond Int64 and Double, and dates the decoder refuses, get types that read them")
    func numbersAndDates() throws {
        let text = try source([#"{"u":18446744073709551615,"m":12345678901234567890123,"neg":-9223372036854775809,"d":1e400,"f":0.5,"big":\#(String(repeating: "1234567890", count: 10)),"round":1\#(String(repeating: "0", count: 99)),"leap":"9999-12-31T23:59:60Z","ok":"2026-11-26T10:00:00Z"}"#],
                              root: "Nums")
        for declaration in ["var u: UInt64 = 0", "var m: Decimal = 0", "var neg: Decimal = 0", "var d: JSON = .null", "var f: Double = 0", "var big: JSON = .null", "var round: Decimal = 0",
                            #"var leap: String = """#, "var ok: Date = Date(timeIntervalSince1970: 0)"] {
            #expect(text.contains("    " + declaration), "\(declaration)\n\(text)")
        }
    }
}

@Suite("Generator: the glossary's types, required keys and class-scoped formats")
struct GeneratorGlossaryTypeTests {
    @Test("types by key and by Class.key, Decimal as the feed writes it, a format for one class, every key required")
    func glossaryTypes() throws {
        let glossary = try Glossary(json: try JSON(parsing: #"{"types":{"b":"Decimal","Kline.o":"Decimal","E":"Int64","q":"Double","s":"enum"},"formats":{"Kline.t":"milliseconds"},"required":["*"],"classes":{"k":"Kline"}}"#))
        let samples = [
            #"{"E":1,"s":"BNBBTC","b":[["0.0024","10"]],"q":3,"k":{"t":1700000000000,"T":1700000059999,"o":"0.0010"}}"#,
            #"{"E":2,"s":"BTCUSDT","b":[["0.0025","1.5"]],"q":4,"k":{"t":1700000060000,"T":1700000119999,"o":"0.0011"}}"#,
        ]
        let text = try Generator(rootName: "Depth", glossary: glossary, source: "test").generate(samples: samples.map { try JSON(parsing: $0) })
        for line in ["var e: Int64 = 0", "var s: DepthS = .bnbbtc", "var b: [[Decimal]] = []", "var q: Double = 0", #"["b": .decimalString]"#,
                     #"["E", "s", "b", "q", "k"]"#, "var t: Date = Date(timeIntervalSince1970: 0)", "var t2: Int64 = 0", "var o: Decimal = 0",
                     #"["t": .millisecondsSince1970, "o": .decimalString]"#, #"["t", "T", "o"]"#] {
            #expect(text.contains(line), "\(line)\n\(text)")
        }
        #expect(throws: GenerationError.self) { _ = try Glossary(json: try JSON(parsing: #"{"types":{"x":"Float"}}"#)) }
        // An identifier is never an enum, however its values repeat; a status is one.
        let repeated = (0..<4).flatMap { _ in [#"{"symbol":"BTCUSDT","marketId":"1.2","countryCode":"GB","status":"OPEN"}"#,
                                               #"{"symbol":"BNBBTC","marketId":"1.3","countryCode":"IE","status":"CLOSED"}"#] }
        let inferred = try Generator(rootName: "Market", source: "test").generate(samples: repeated.map { try JSON(parsing: $0) })
        for line in [#"var symbol: String = """#, #"var marketId: String = """#, #"var countryCode: String = """#, "var status: MarketStatus = .open"] {
            #expect(inferred.contains(line), "\(line)\n\(inferred)")
        }
        #expect(throws: GenerationError.self) { _ = try Glossary(json: try JSON(parsing: #"{"required":"x"}"#)) }
    }
}

@Suite("Generator: one numeric type per key, errors that name the sample, a summary of each run")
struct GeneratorRunTests {
    @Test("a key gets one numeric type in every class: Double where any sample has a fraction, Int64 where any value needs 64 bits or the name says id, time or version")
    func numbersAcrossClasses() throws {
        let samples = [
            #"{"kline":{"closeTime":1,"rate":2,"spl":[[1,2]],"count":3},"ticker":{"closeTime":1700000059999,"rate":2.5,"count":4,"selectionId":7}}"#,
            #"{"kline":{"closeTime":2,"rate":3,"spl":[[4.5,1]],"count":5},"ticker":{"closeTime":1700000119999,"rate":3,"count":6,"selectionId":8}}"#,
        ]
        let run = try Generator(rootName: "Stream", source: "test").run(samples: samples.map { try JSON(parsing: $0) })
        for line in ["class Kline: BaseModel", "class Ticker: BaseModel"] { #expect(run.source.contains(line), "\(run.source)") }
        // Both classes' `closeTime` and `rate` agree; `count` stays `Int`.
        #expect(run.source.components(separatedBy: "var closeTime: Int64 = 0").count == 3, "\(run.source)")
        #expect(run.source.components(separatedBy: "var rate: Double = 0").count == 3, "\(run.source)")
        #expect(run.source.components(separatedBy: "var count: Int = 0").count == 3, "\(run.source)")
        #expect(run.source.contains("var spl: [[Double]] = []") && run.source.contains("var selectionId: Int64 = 0"), "\(run.source)")
        // The summary says why.
        for line in ["  closeTime → closeTime: Int64 — integers beyond 32 bits under this key elsewhere",
                     "  rate → rate: Double — integers here, fractions under this key elsewhere",
                     "  spl → spl: [[Double]] — arrays of arrays of fractions",
                     "  selectionId → selectionId: Int64 — integers, named as an identifier, time or version",
                     "  count → count: Int — integers within 32 bits"] {
            #expect(run.summary.contains(line), "\(line)\n\(run.summary.joined(separator: "\n"))")
        }
    }

    @Test("the summary lists each class and key with its reason, the enums and why, and the strings that are not enums")
    func summary() throws {
        let glossary = try Glossary(json: try JSON(parsing: #"{"types":{"p":"Decimal"},"required":["s"]}"#))
        let samples = (0..<3).flatMap { round in [#"{"s":"OPEN","symbol":"BTCUSDT","p":"0.10","n":null,"note":"a"}"#, #"{"s":"CLOSED","symbol":"ETHBTC","p":"0.20","note":"b\#(round)"}"#] }
        let run = try Generator(rootName: "Market", glossary: glossary, source: "test").run(samples: samples.map { try JSON(parsing: $0) })
        #expect(run.summary == [
            "Market — 6 objects",
            "  s → s: MarketS — an enum; required (glossary)",
            "  symbol → symbol: String — strings",
            "  p → p: Decimal — the glossary's types, read and written as strings",
            "  n → n: JSON? — no value but null; optional: only null",
            "  note → note: String — strings",
            "enum MarketS: OPEN, CLOSED — 2 distinct values over 6 strings",
            "Strings, not enums:",
            "  Market.symbol: an identifier",
            "  Market.note: 4 distinct of 6 strings: too few repeats to show a closed set",
        ], "\(run.summary.joined(separator: "\n"))")
    }

    @Test("keys Swift's String holds equal are refused by name; glossary names that are not Swift names are made ones, with a warning; the empty key is mapped")
    func hostileKeysAndNames() throws {
        #expect(message { _ = try Generator(rootName: "Ec", source: "test").run(samples: [try JSON(parsing: #"{"a":{"é":1,"e\u0301":2}}"#)]) }
            == #"sample 1 has the keys "é" (U+00E9) and "é" (U+0065 U+0301) in one object at a: Swift's String holds them equal, so a map cannot tell them apart. Rename one on the server, or keep the object as JSON."#)
        let glossary = try Glossary(json: try JSON(parsing: #"{"keys":{"x":"my prop"},"classes":{"o":"Not A Class","d":"Data"}}"#))
        let run = try Generator(rootName: "Ec", glossary: glossary, source: "test").run(samples: [try JSON(parsing: #"{"x":1,"o":{"y":2},"d":{"z":3},"":4}"#)])
        for line in ["var myProp: Int = 0", "var o: NotAClass = NotAClass()", "class NotAClass: BaseModel", "var d: DataModel = DataModel()",
                     #"["x": "myProp", "o": "o", "d": "d", "": "value"]"#] {
            #expect(run.source.contains(line), "\(line)\n\(run.source)")
        }
        #expect(run.warnings == [#"The glossary's name "Data" is not one the generated code can use: it is DataModel."#,
                                 #"The glossary's name "Not A Class" is not one the generated code can use: it is NotAClass."#,
                                 #"The glossary's name "my prop" is not one the generated code can use: it is myProp."#])
    }

    @Test("dates written with milliseconds in every sample are written back so")
    func millisecondDates() throws {
        let text = try generate([#"{"at":"2016-09-27T11:45:00.000Z","on":"2016-09-27T11:45:00Z"}"#, #"{"at":"2016-09-27T11:45:01.250+01:00","on":"2016-09-27T11:45:00.5Z"}"#])
        #expect(text.contains(#"["at": .dateFormat("yyyy-MM-dd'T'HH:mm:ss.SSSXXX"), "on": .iso8601]"#), "\(text)")
    }

    @Test("errors name the sample's file, and its place in an array file")
    func errorsNameTheSample() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("generator-origins-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"e":"trade","p":1}"#.utf8).write(to: folder.appendingPathComponent("a-trade.json"))
        try Data(#"[{"e":"kline","k":{}},{"data":1},3]"#.utf8).write(to: folder.appendingPathComponent("b-klines.json"))
        let set = try SampleSet(directory: folder)
        #expect(set.origins == ["a-trade.json", "b-klines.json[0]", "b-klines.json[1]", "b-klines.json[2]"])
        #expect(message { _ = try Generator(rootName: "Event", source: set.description).run(samples: set.samples, origins: set.origins) }
            == "b-klines.json[2] is the number 3, not an object: every sample must be a JSON object (or a file of an array of objects).")
        try Data(#"[{"e":"kline","k":{}},{"e":{"x":1}}]"#.utf8).write(to: folder.appendingPathComponent("b-klines.json"))
        let typed = try SampleSet(directory: folder)
        #expect(message { _ = try Generator(rootName: "Event", typeKey: "e", source: typed.description).run(samples: typed.samples, origins: typed.origins) }
            == "b-klines.json[1] has an object at e, the type key: a message type is a string or an integer.")
    }
}

@Suite("Generator: glossary entries that name nothing")
struct GeneratorWarningTests {
    @Test("each glossary entry no sample has is a warning, a misspelt key among them")
    func unusedEntries() throws {
        let glossary = try Glossary(json: try JSON(parsing: #"{"keys":{"n":"name","nmae":"x"},"classes":{"k":"Kline"},"types":{"Kline.t":"Int64","q":"Int"},"docs":{"Kline":"A kline.","Kline.zz":"x"},"overrides":{"Kline":{"t":"openTime","nope":"x"}},"messages":{"trade":"Trade"},"required":["*","n2"]}"#))
        let (_, warnings) = try Generator(rootName: "Root", glossary: glossary, source: "test").generateWithWarnings(samples: [try JSON(parsing: #"{"n":"a","k":{"t":1}}"#)])
        #expect(warnings == [
            #"The glossary's "keys" names "nmae", which no sample has."#,
            #"The glossary's "types" names "q", which no sample has."#,
            #"The glossary's "required" names "n2", which no sample has."#,
            #"The glossary's "docs" names "Kline.zz", which no sample has."#,
            #"The glossary's "messages" names "trade", which no sample has."#,
            #"The glossary's "overrides.Kline" names "nope", which no sample has."#,
        ])
    }
}
