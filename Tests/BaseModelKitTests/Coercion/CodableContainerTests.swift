import BaseModelKit
import Foundation
import Testing

/// A `Codable` class hierarchy written as Swift's documentation shows: the subclass's own members,
/// then the superclass's under a key of their own (`superDecoder()` / `superEncoder()`, which name it
/// "super").
class Ground: Codable {
    var name: String
    init(name: String) { self.name = name }
    private enum Keys: String, CodingKey { case name }
    required init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .name)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(name, forKey: .name)
    }
}

final class Stadium: Ground {
    var capacity: Int
    /// Written `null` when `nil` (`encodeNil(forKey:)`), not left out.
    var roof: String?
    init(name: String, capacity: Int, roof: String?) {
        self.capacity = capacity
        self.roof = roof
        super.init(name: name)
    }
    private enum Keys: String, CodingKey { case capacity, roof }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        capacity = try container.decode(Int.self, forKey: .capacity)
        roof = try container.decodeNil(forKey: .roof) ? nil : try container.decode(String.self, forKey: .roof)
        try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(capacity, forKey: .capacity)
        if let roof { try container.encode(roof, forKey: .roof) } else { try container.encodeNil(forKey: .roof) }
        try super.encode(to: container.superEncoder())
    }
}

/// The superclass's members under a key the subclass names (`superDecoder(forKey:)`).
final class Track: Ground {
    var length: Double
    init(name: String, length: Double) {
        self.length = length
        super.init(name: name)
    }
    private enum Keys: String, CodingKey { case length, ground }
    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        length = try container.decode(Double.self, forKey: .length)
        try super.init(from: container.superDecoder(forKey: .ground))
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(length, forKey: .length)
        try super.encode(to: container.superEncoder(forKey: .ground))
    }
}

/// A pairing written positionally: `[{"h":…,"a":…}, <ground>, count]` — a keyed container and a
/// decoder inside an unkeyed one, and the container's element count checked first.
struct Pairing: Codable, Equatable {
    var home: String
    var away: String
    var ground: String
    var round: Int

    init(home: String, away: String, ground: String, round: Int) {
        (self.home, self.away, self.ground, self.round) = (home, away, ground, round)
    }

    private enum Sides: String, CodingKey { case h, a }

    init(from decoder: any Decoder) throws {
        var elements = try decoder.unkeyedContainer()
        guard elements.count == 3 else {
            throw DecodingError.dataCorruptedError(in: elements, debugDescription: "a pairing has three elements, not \(elements.count ?? 0)")
        }
        let sides = try elements.nestedContainer(keyedBy: Sides.self)
        home = try sides.decode(String.self, forKey: .h)
        away = try sides.decode(String.self, forKey: .a)
        ground = try Ground(from: elements.superDecoder()).name
        round = try elements.decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        var elements = encoder.unkeyedContainer()
        var sides = elements.nestedContainer(keyedBy: Sides.self)
        try sides.encode(home, forKey: .h)
        try sides.encode(away, forKey: .a)
        try Ground(name: ground).encode(to: elements.superEncoder())
        try elements.encode(round)
    }
}

/// An optional kept in a single-value container: `null` read with `decodeNil()`, written with
/// `encodeNil()`.
struct Attendance: Codable, Equatable {
    var count: Int?
    init(_ count: Int?) { self.count = count }
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        count = container.decodeNil() ? nil : try container.decode(Int.self)
    }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let count { try container.encode(count) } else { try container.encodeNil() }
    }
}

/// A value whose own code throws each kind of `DecodingError` the protocols define, named by its
/// `kind` member, at a coding path below its own.
struct Refusal: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let kind = try container.decode(String.self, forKey: Key(stringValue: "kind"))
        let below = container.codingPath + [Key(stringValue: "inner")]
        switch kind {
        case "key": throw DecodingError.keyNotFound(Key(stringValue: "id"), .init(codingPath: below, debugDescription: "no id"))
        case "null": throw DecodingError.valueNotFound(Int.self, .init(codingPath: below, debugDescription: "null id"))
        default: throw DecodingError.typeMismatch(Int.self, .init(codingPath: below, debugDescription: "the id is a word"))
        }
    }

    func encode(to encoder: any Encoder) throws {}
}

final class GroundsHolder: BaseModel {
    var stadium: Stadium?
    var track: Track?
    var fixture: Pairing?
    var attendance = Attendance(nil)
    var refusal: Refusal?
    override class var apiToLocal: [String: String] { ["s": "stadium", "t": "track", "f": "fixture", "n": "attendance", "r": "refusal"] }
}

@Suite("Codable values: superclass coders, nested and single-value containers")
struct CodableContainerTests {
    @Test("a Codable class hierarchy, keyed containers inside unkeyed ones and nil in every container map both ways")
    func roundTrip() throws {
        let text = #"{"s":{"capacity":60000,"roof":null,"super":{"name":"Olympic"}},"t":{"length":400.5,"ground":{"name":"Oval"}},"f":[{"h":"A","a":"B"},{"name":"Park"},3],"n":null}"#
        let venue = try GroundsHolder.decode(from: text)
        #expect(venue.stadium?.name == "Olympic" && venue.stadium?.capacity == 60_000 && venue.stadium?.roof == nil)
        #expect(venue.track?.name == "Oval" && venue.track?.length == 400.5)
        #expect(venue.fixture == Pairing(home: "A", away: "B", ground: "Park", round: 3))
        #expect(venue.attendance == Attendance(nil))
        var options = EncodingOptions()
        options.nilEncoding = .omit
        #expect(try venue.jsonString(options: options) == text)

        venue.stadium?.roof = "closed"
        venue.attendance = Attendance(41_000)
        let again = try GroundsHolder.decode(from: venue.jsonData())
        #expect(again.stadium?.roof == "closed" && again.attendance == Attendance(41_000))
    }

    @Test("errors inside superclass coders and nested containers carry their paths")
    func errorPaths() {
        #expect(message { _ = try GroundsHolder.decode(from: #"{"s":{"capacity":1,"roof":null,"super":{"name":7}},"n":null}"#, options: .strict) }
            == "Expected String at s.super.name (GroundsHolder.stadium) but found the number 7.")
        #expect(message { _ = try GroundsHolder.decode(from: #"{"t":{"length":1,"ground":{}}}"#) }
            == #"Found no key "name" at t.ground (GroundsHolder.track)."#)
        #expect(message { _ = try GroundsHolder.decode(from: #"{"f":[{"h":"A"},{"name":"P"},1]}"#) }
            == #"Found no key "a" at f[0] (GroundsHolder.fixture)."#)
        #expect(message { _ = try GroundsHolder.decode(from: #"{"f":[{"h":"A","a":"B"},[],1]}"#) }
            == "Expected an object at f[1] (GroundsHolder.fixture) but found an array.")
        let count = message { _ = try GroundsHolder.decode(from: #"{"f":[{"h":"A","a":"B"}]}"#) }
        #expect(count?.contains("a pairing has three elements, not 1") == true)
    }

    @Test("each DecodingError a value's own code throws becomes a MappingError at its coding path")
    func thrownDecodingErrors() {
        #expect(message { _ = try GroundsHolder.decode(from: #"{"r":{"kind":"key"}}"#) }
            == #"Found no key "id" at r.inner (GroundsHolder.refusal)."#)
        #expect(message { _ = try GroundsHolder.decode(from: #"{"r":{"kind":"null"}}"#) }
            == "Expected Int at r.inner (GroundsHolder.refusal) but found null.")
        let mismatch = message { _ = try GroundsHolder.decode(from: #"{"r":{"kind":"type"}}"#) }
        #expect(mismatch?.hasPrefix("Expected Int at r.inner (GroundsHolder.refusal) but found ") == true)
        #expect(mismatch?.contains("the id is a word") == true)
    }
}
