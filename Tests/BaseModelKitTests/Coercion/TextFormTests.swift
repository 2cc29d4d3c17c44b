// @testable: the hand-written UUID reader is compared with Foundation's directly.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Text forms")
struct TextFormTests {
    /// Foundation on Linux reads UUIDs through `sscanf`, which also takes some malformed text (`"E C646F0-…"`
    /// reads as `0EC646F0-…`); the hand-written reader takes only the canonical form, as Apple's
    /// `uuid_parse` does, and otherwise agrees.
    @Test("UUIDs in their canonical form read by hand as UUID(uuidString:) reads them; malformed ones are refused")
    func uuids() {
        var generator = SeededGenerator(seed: 4122)
        var texts: [String] = []
        for index in 0..<20_000 {
            var text = UUID().uuidString
            switch index % 4 {
            case 0: text = text.lowercased()
            case 1:
                // One character replaced by any ASCII character.
                var bytes = Array(text.utf8)
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0x20...0x7E, using: &generator)
                text = String(decoding: bytes, as: UTF8.self)
            case 2: text = String(text.dropLast(Int.random(in: 0...2, using: &generator)))
            default: break
            }
            texts.append(text)
        }
        texts += ["", "-", String(repeating: "0", count: 36), "00000000-0000-0000-0000-00000000000g", "0000000000000000000000000000000000-0"]
        var canonical = 0
        for text in texts {
            let bytes = Array(text.utf8)
            let isCanonical = bytes.count == 36 && bytes.indices.allSatisfy { index in
                [8, 13, 18, 23].contains(index) ? bytes[index] == UInt8(ascii: "-") : Character(UnicodeScalar(bytes[index])).isHexDigit
            }
            if isCanonical {
                canonical += 1
                #expect(UUID(form: text) != nil && UUID(form: text) == UUID(uuidString: text), "\(text)")
            } else {
                #expect(UUID(form: text) == nil, "\(text)")
            }
        }
        #expect(canonical > 10_000)
    }

    @Test("UUIDs written by hand as uuidString spells them, alone, optional, in collections and as JSON values")
    func uuidWrites() throws {
        final class Tagged: BaseModel {
            var id = UUID()
            var previous: UUID?
            var others: [UUID] = []
            override class var apiToLocal: [String: String] { ["i": "id", "p": "previous", "o": "others"] }
        }
        var generator = SeededGenerator(seed: 9562)
        func randomUUID() -> UUID {
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
            // Every nibble value at every place over the run, and the extremes.
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
        let extremes = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                        UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
        for round in 0..<2_000 {
            let tagged = Tagged()
            tagged.id = round < 2 ? extremes[round] : randomUUID()
            tagged.previous = round % 3 == 0 ? nil : randomUUID()
            tagged.others = (0..<round % 4).map { _ in randomUUID() }
            var expected = #"{"i":"\#(tagged.id.uuidString)""#
            if let previous = tagged.previous { expected += #","p":"\#(previous.uuidString)""# }
            expected += #","o":["# + tagged.others.map { #""\#($0.uuidString)""# }.joined(separator: ",") + "]}"
            #expect(try tagged.jsonString() == expected)
            // As a `JSON` value too (what identities, change sets and the tree form read).
            #expect(tagged.id.form == tagged.id.uuidString)
        }
    }

    @Test("integer raw values are learned from numbers only, and strict reading stays strict")
    func learnedIntegers() throws {
        enum Rank: Int { case low = 1, high = 2 }
        final class Ranked: BaseModel {
            var rank: Rank = .low
            override class var apiToLocal: [String: String] { ["r": "rank"] }
        }
        var strict = DecodingOptions()
        strict.coercion = .strict
        // Lenient (the default): the string "2" reads as 2.
        #expect(try Ranked.decode(from: #"{"r":"2"}"#).rank == .high)
        for _ in 0..<3 {
            #expect(try Ranked.decode(from: #"{"r":2}"#, options: strict).rank == .high)
            #expect(try Ranked.decode(from: #"{"r":1}"#, options: strict).rank == .low)
            #expect(throws: MappingError.self) { _ = try Ranked.decode(from: #"{"r":"2"}"#, options: strict) }
            #expect(throws: MappingError.self) { _ = try Ranked.decode(from: #"{"r":3}"#, options: strict) }
            #expect(throws: MappingError.self) { _ = try Ranked.decode(from: #"{"r":2.5}"#, options: strict) }
            #expect(throws: MappingError.self) { _ = try Ranked.decode(from: #"{"r":20}"#, options: strict) }
        }
    }

    @Test("optional models and optional enums write from the reference or byte itself, nil as the options say")
    func optionalWrites() throws {
        enum Side: String { case home, away }
        final class Leg: BaseModel {
            var side: Side?
            var next: Leg?
            override class var apiToLocal: [String: String] { ["s": "side", "n": "next"] }
        }
        let leg = try Leg.decode(from: #"{"s":"away","n":{"s":null,"n":{"s":"home"}}}"#)
        #expect(try leg.jsonString() == #"{"s":"away","n":{"n":{"s":"home"}}}"#)
        var nulls = EncodingOptions()
        nulls.nilEncoding = .null
        #expect(try leg.jsonString(options: nulls) == #"{"s":"away","n":{"s":null,"n":{"s":"home","n":null}}}"#)
        let inner = try #require(leg.next)
        try leg.update(from: #"{"n":{"s":"home"}}"#)
        #expect(leg.next === inner && inner.side == .home)
    }
}
