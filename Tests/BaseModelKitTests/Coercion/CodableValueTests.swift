import BaseModelKit
import Foundation
import Testing

struct Position: Codable, Equatable {
    var x: Int
    var y: Int
    var label: String?
}

enum Payout: Codable, Equatable {
    case fixed(Decimal)
    case each(stake: Double, legs: Int)
    case none
}

final class Arena: Codable, Equatable {
    let name: String
    let opened: Date
    init(name: String, opened: Date) {
        self.name = name
        self.opened = opened
    }
    static func == (a: Arena, b: Arena) -> Bool { a.name == b.name && a.opened == b.opened }
}

/// A model whose properties are `Codable` values of the app's own, mapped with no transformer.
final class SeatTicket: BaseModel {
    var place = Position(x: 0, y: 0)
    var route: [Position] = []
    var payout: Payout = .none
    var venue: Arena?
    var byGate: [String: Position] = [:]
    override class var apiToLocal: [String: String] { ["p": "place", "r": "route", "po": "payout", "v": "venue", "g": "byGate"] }
    override class var lossyCollections: Set<String> { ["route"] }
}

@Suite("Codable values inside models")
struct CodableValueTests {
    @Test("structs, enums with associated values and Codable classes map both ways without a transformer")
    func roundTrip() throws {
        let text = #"{"p":{"x":3,"y":4,"label":"A1"},"r":[{"x":1,"y":2}],"po":{"each":{"stake":2.5,"legs":3}},"v":{"name":"Dome","opened":1700000000},"g":{"n":{"x":0,"y":9}}}"#
        let ticket = try SeatTicket.decode(from: text)
        #expect(ticket.place == Position(x: 3, y: 4, label: "A1"))
        #expect(ticket.route == [Position(x: 1, y: 2)])
        #expect(ticket.payout == .each(stake: 2.5, legs: 3))
        #expect(ticket.venue == Arena(name: "Dome", opened: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(ticket.byGate["n"]?.y == 9)
        // Written back through the values' own encode(to:), dates by the call's date strategy.
        #expect(try ticket.jsonString() == text)
        try ticket.update(from: #"{"po":{"fixed":{"_0":12.5}}}"#)
        #expect(ticket.payout == .fixed(Decimal(string: "12.5")!))
    }

    @Test("errors keep their path down into the value")
    func errors() {
        #expect(message { _ = try SeatTicket.decode(from: #"{"p":{"x":"three","y":4}}"#) }
            == #"Expected Int at p.x (SeatTicket.place) but found a string "three"."#)
        #expect(message { _ = try SeatTicket.decode(from: #"{"p":{"x":3}}"#) }
            == #"Found no key "y" at p (SeatTicket.place)."#)
        #expect(message { _ = try SeatTicket.decode(from: #"{"g":{"n":{"x":1,"y":[]}}}"#) }
            == #"Expected Int at g["n"].y (SeatTicket.byGate) but found an array."#)
        #expect(message { _ = try SeatTicket.decode(from: #"{"p":[1,2]}"#) }
            == "Expected an object at p (SeatTicket.place) but found an array.")
    }

    @Test("a lossy collection of Codable values leaves out the bad ones")
    func lossy() throws {
        let ticket = try SeatTicket.decode(from: #"{"r":[{"x":1,"y":2},{"x":"?"},{"x":5,"y":6}]}"#)
        #expect(ticket.route == [Position(x: 1, y: 2), Position(x: 5, y: 6)])
    }

    @Test("an update that fails inside a Codable value changes nothing")
    func atomic() throws {
        let ticket = try SeatTicket.decode(from: #"{"p":{"x":1,"y":1},"po":"none"}"#.replacingOccurrences(of: #""none""#, with: #"{"none":{}}"#))
        #expect(throws: MappingError.self) { try ticket.update(from: #"{"p":{"x":2,"y":2},"v":{"name":1}}"#) }
        #expect(ticket.place == Position(x: 1, y: 1) && ticket.venue == nil)
    }
}

/// A price level written positionally, `[price, size]`, through its own unkeyed coding.
struct PricedLevel: Codable, Equatable {
    var price: Decimal
    var size: Double

    init(price: Decimal, size: Double) {
        self.price = price
        self.size = size
    }

    init(from decoder: any Decoder) throws {
        var elements = try decoder.unkeyedContainer()
        price = try elements.decode(Decimal.self)
        size = try elements.decode(Double.self)
        guard elements.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: elements, debugDescription: "a level has two elements")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var elements = encoder.unkeyedContainer()
        try elements.encode(price)
        try elements.encode(size)
    }
}

/// A value whose `Codable` conformance nests containers in every way the protocols offer.
struct Ladder: Codable, Equatable {
    var levels: [PricedLevel]
    var tags: [String?]
    var grid: [[Int]]
    var named: [String: [Int]]

    private enum Keys: String, CodingKey { case levels, tags, grid, named, counts }

    init(levels: [PricedLevel], tags: [String?], grid: [[Int]], named: [String: [Int]]) {
        (self.levels, self.tags, self.grid, self.named) = (levels, tags, grid, named)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        levels = try container.decode([PricedLevel].self, forKey: .levels)
        var tagElements = try container.nestedUnkeyedContainer(forKey: .tags)
        tags = []
        while !tagElements.isAtEnd {
            tags.append(try tagElements.decodeNil() ? nil : try tagElements.decode(String.self))
        }
        var rows = try container.nestedUnkeyedContainer(forKey: .grid)
        grid = []
        while !rows.isAtEnd {
            var row = try rows.nestedUnkeyedContainer()
            var values: [Int] = []
            while !row.isAtEnd { values.append(try row.decode(Int.self)) }
            grid.append(values)
        }
        named = try container.decode([String: [Int]].self, forKey: .named)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(levels, forKey: .levels)
        var tagElements = container.nestedUnkeyedContainer(forKey: .tags)
        for tag in tags {
            if let tag { try tagElements.encode(tag) } else { try tagElements.encodeNil() }
        }
        var rows = container.nestedUnkeyedContainer(forKey: .grid)
        for values in grid {
            var row = rows.nestedUnkeyedContainer()
            for value in values { try row.encode(value) }
        }
        try container.encode(named, forKey: .named)
    }
}

/// A value that refuses to be written.
struct Unwritable: Codable {
    var reason = ""
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(reason, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "not writable"))
    }
}

final class LadderHolder: BaseModel {
    var ladder = Ladder(levels: [], tags: [], grid: [], named: [:])
    var best: PricedLevel?
    var blocked: Unwritable?
    override class var apiToLocal: [String: String] { ["l": "ladder", "b": "best", "blocked": "blocked"] }
}

/// A model holding a `Codable` value with one long array, written and read by the value's coding.
final class LongListHolder: BaseModel {
    var list = LongList(values: [], byName: [:])
    override class var apiToLocal: [String: String] { ["v": "list"] }
}

struct LongList: Codable {
    var values: [Int]
    var byName: [String: Int]
}

@Suite("Codable values with arrays inside")
struct CodableArrayValueTests {
    @Test("unkeyed containers read and write positional values, nulls, nested arrays and dictionaries of arrays")
    func roundTrip() throws {
        let text = #"{"l":{"levels":[[2.52,100.5],[2.54,7]],"tags":["a",null,"c"],"grid":[[1,2],[],[3]],"named":{"x":[4,5]}},"b":[1.01,3]}"#
        let holder = try LadderHolder.decode(from: text)
        #expect(holder.ladder.levels == [PricedLevel(price: Decimal(string: "2.52")!, size: 100.5), PricedLevel(price: Decimal(string: "2.54")!, size: 7)])
        #expect(holder.ladder.tags == ["a", nil, "c"])
        #expect(holder.ladder.grid == [[1, 2], [], [3]])
        #expect(holder.ladder.named == ["x": [4, 5]])
        #expect(holder.best == PricedLevel(price: Decimal(string: "1.01")!, size: 3))
        #expect(try holder.jsonString() == text)
    }

    @Test("errors inside an unkeyed container carry the element's index")
    func errorPaths() {
        #expect(message { _ = try LadderHolder.decode(from: #"{"l":{"levels":[[2.5,1],[2.6,"x"]],"tags":[],"grid":[],"named":{}}}"#) }
            == #"Expected Double at l.levels[1][1] (LadderHolder.ladder) but found a string "x"."#)
        #expect(message { _ = try LadderHolder.decode(from: #"{"b":[2.5]}"#) }
            == "Found no element 1 (the array has 1) at b (LadderHolder.best).")
        #expect(message { _ = try LadderHolder.decode(from: #"{"l":{"levels":[],"tags":[],"grid":[[1],{"a":1}],"named":{}}}"#) }
            == "Expected an array at l.grid[1] (LadderHolder.ladder) but found an object.")
        #expect(message { _ = try LadderHolder.decode(from: #"{"b":{"p":1}}"#) }
            == "Expected an array at b (LadderHolder.best) but found an object.")
    }

    @Test("a DecodingError or EncodingError the value's own code throws becomes a MappingError with its path")
    func thrownByTheValue() throws {
        let decodeMessage = message { _ = try LadderHolder.decode(from: #"{"b":[2.5,1,0]}"#) }
        #expect(decodeMessage?.hasPrefix("Could not convert the value at b[2] (LadderHolder.best): DecodingError.dataCorrupted") == true)
        #expect(decodeMessage?.contains("a level has two elements") == true)
        let holder = LadderHolder()
        holder.blocked = Unwritable(reason: "sealed")
        let encodeMessage = message { _ = try holder.jsonString() }
        #expect(encodeMessage?.hasPrefix("Could not convert the value at blocked (LadderHolder.blocked): EncodingError.invalidValue") == true)
        #expect(encodeMessage?.contains("not writable") == true)
    }

    /// A guard against quadratic work, not a measurement: in one pass each, the value is written and
    /// read in a few seconds of a debug build; writing it in O(n²), as a node that copied its
    /// elements for each one added did, took minutes.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    @Test("a long array and a large dictionary inside a Codable value are written and read in one pass over them", .timeLimit(.minutes(1)))
    func longContainers() throws {
        let holder = LongListHolder()
        holder.list = LongList(values: Array(0..<100_000), byName: Dictionary(uniqueKeysWithValues: (0..<50_000).map { ("k\($0)", $0) }))
        let data = try holder.jsonData()
        let read = try LongListHolder.decode(from: data)
        #expect(read.list.values.count == 100_000 && read.list.values.last == 99_999)
        #expect(read.list.byName.count == 50_000 && read.list.byName["k49999"] == 49_999)
    }
}

/// A value read and written through the containers' overloads for `String`, `Int`, `Double` and
/// `Bool`: keyed (synthesised), unkeyed and single-value.
struct PricedQuote: Codable, Equatable {
    var symbol: Symbol
    var bid: Double
    var size: Int
    var live: Bool
    var last: [Int]
}

/// A string read and written through a single-value container.
struct Symbol: Codable, Equatable {
    var text: String
    init(_ text: String) { self.text = text }
    init(from decoder: any Decoder) throws { text = try decoder.singleValueContainer().decode(String.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}

/// A value whose coding writes one key twice, and two keys that differ only in how an accent is
/// spelled.
struct Rewritten: Codable {
    private enum Keys: String, CodingKey { case a, composed = "\u{E9}", decomposed = "e\u{301}" }
    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(1, forKey: .a)
        try container.encode("x", forKey: .composed)
        try container.encode(true, forKey: .decomposed)
        try container.encode(2.5, forKey: .a)
    }
}

final class PricedQuoteHolder: BaseModel {
    var quote = PricedQuote(symbol: Symbol(""), bid: 0, size: 0, live: false, last: [])
    var rewritten: Rewritten?
    override class var apiToLocal: [String: String] { ["q": "quote", "w": "rewritten"] }
}

@Suite("Codable values: scalars in every container, keys written again")
struct CodableScalarTests {
    @Test("String, Int, Double and Bool read and write in keyed, unkeyed and single-value containers, under the call's coercion")
    func scalars() throws {
        let text = #"{"q":{"symbol":"BTC","bid":2.5,"size":3,"live":true,"last":[1,-2]}}"#
        let holder = try PricedQuoteHolder.decode(from: text)
        #expect(holder.quote == PricedQuote(symbol: Symbol("BTC"), bid: 2.5, size: 3, live: true, last: [1, -2]))
        #expect(try holder.jsonString() == text)
        // Lenient by default: a number's text for a string, a string that spells a number.
        let lenient = try PricedQuoteHolder.decode(from: #"{"q":{"symbol":7,"bid":"2.5","size":"3","live":1,"last":["4"]}}"#)
        #expect(lenient.quote == PricedQuote(symbol: Symbol("7"), bid: 2.5, size: 3, live: true, last: [4]))
        var strict = DecodingOptions()
        strict.coercion = .strict
        #expect(message { _ = try PricedQuoteHolder.decode(from: #"{"q":{"symbol":"B","bid":2.5,"size":"3","live":true,"last":[]}}"#, options: strict) }
            == #"Expected Int at q.size (PricedQuoteHolder.quote) but found a string "3"."#)
        #expect(message { _ = try PricedQuoteHolder.decode(from: #"{"q":{"symbol":7,"bid":2.5,"size":3,"live":true,"last":[]}}"#, options: strict) }
            == "Expected String at q.symbol (PricedQuoteHolder.quote) but found the number 7.")
        #expect(message { _ = try PricedQuoteHolder.decode(from: #"{"q":{"symbol":"B","bid":2.5,"size":3,"live":true,"last":[1,2.5]}}"#) }
            == "Expected Int at q.last[1] (PricedQuoteHolder.quote) but found the number 2.5, which Int cannot hold exactly.")
        #expect(message { _ = try PricedQuoteHolder.decode(from: #"{"q":{"symbol":"B","bid":2.5,"size":3,"live":"maybe","last":[]}}"#) }
            == #"Expected Bool at q.live (PricedQuoteHolder.quote) but found a string "maybe"."#)
    }

    @Test("a key written twice is one member with the last value; keys that differ only in Unicode normalisation are two")
    func keysWrittenAgain() throws {
        let holder = PricedQuoteHolder()
        holder.rewritten = Rewritten()
        let written = try JSON(parsing: holder.jsonData())
        guard case .object(let root) = written, case .object(let value)? = root["w"] else {
            Issue.record("no object at w")
            return
        }
        #expect(value.keys == ["a", "\u{E9}", "e\u{301}"])
        #expect(value["a"] == .number(JSONNumber(2.5)))
        #expect(value["\u{E9}"] == .string("x") && value["e\u{301}"] == .bool(true))
    }
}
