import BaseModelKit
import Foundation
import Testing

/// A `Codable` type holding raw JSON values.
struct Envelope: Codable, Equatable {
    var id: Int
    var payload: JSON
    var extra: JSONObject?
    var amount: JSONNumber?
}

@Suite("JSON values through Codable coders")
struct JSONCodableTests {
    let sample: JSON = ["s": "text", "i": 42, "big": JSON.number(JSONNumber(UInt64.max)), "d": 2.5, "t": true, "f": false, "n": nil, "a": [1, "two", [3.25]], "o": ["k": "v"]]

    @Test("JSONEncoder and JSONDecoder: a value comes back equal, numbers exact")
    func jsonCoders() throws {
        let envelope = Envelope(id: 1, payload: sample, extra: ["x": 1], amount: JSONNumber(text: "12.345"))
        let data = try JSONEncoder().encode(envelope)
        let back = try JSONDecoder().decode(Envelope.self, from: data)
        #expect(back == envelope)
        #expect(back.payload["big"]?.number?.uint64 == UInt64.max)
        #expect(back.amount?.text == "12.345")
        // A number with more digits than a Double keeps survives as a Decimal.
        let precise = try JSONDecoder().decode(JSON.self, from: try JSONEncoder().encode(JSON.number(JSONNumber(text: "0.12345678901234567890123")!)))
        #expect(precise.number?.text == "0.12345678901234567890123")
    }

    @Test("PropertyListEncoder and PropertyListDecoder: a value comes back equal, Booleans stay Booleans")
    func propertyLists() throws {
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            let envelope = Envelope(id: 7, payload: sample, extra: nil, amount: JSONNumber(1))
            let back = try PropertyListDecoder().decode(Envelope.self, from: try encoder.encode(envelope))
            #expect(back == envelope, "\(format)")
            #expect(back.payload["t"] == true && back.payload["i"] == 42)
        }
    }

    /// Records whose keys mostly keep one kind of value, the shape the reader remembers kinds and
    /// number types for, and sometimes change it: every value must still be read as what it is.
    @Test("records whose keys change the kind of their values are read exactly, by JSONDecoder and by PropertyListDecoder")
    func changingKinds() throws {
        var generator = SeededGenerator(seed: 81)
        let keys = ["a", "b", "c", "d", "e"]
        var kinds = keys.map { _ in Int.random(in: 0..<8, using: &generator) }
        func value(_ kind: Int, depth: Int) -> JSON {
            switch kind {
            case 0: return .number(JSONNumber(Int.random(in: 0...1, using: &generator)))
            case 1: return .number(JSONNumber(Int.random(in: -1_000...1_000, using: &generator)))
            case 2: return .number(JSONNumber(text: "\(Int.random(in: -99...99, using: &generator)).\(Int.random(in: 1...99, using: &generator))")!)
            case 3: return .number(JSONNumber(UInt64.max - UInt64.random(in: 0...9, using: &generator)))
            case 4: return .string(["", "x", "1", "true"].randomElement(using: &generator)!)
            case 5: return .bool(Bool.random(using: &generator))
            case 6: return depth > 1 ? .null : .array((0..<Int.random(in: 0...3, using: &generator)).map { _ in value(Int.random(in: 0..<7, using: &generator), depth: depth + 1) })
            default: return depth > 1 ? .null : .object(JSONObject(keys.prefix(2).map { ($0, value(Int.random(in: 0..<7, using: &generator), depth: depth + 1)) }))
            }
        }
        let records: [JSON] = (0..<300).map { _ in
            for index in kinds.indices where Int.random(in: 0..<10, using: &generator) == 0 { kinds[index] = Int.random(in: 0..<8, using: &generator) }
            return .object(JSONObject(zip(keys, kinds).map { ($0, value($1, depth: 0)) }))
        }
        let document = JSON.array(records)
        let data = try document.serializedData()
        #expect(try JSONDecoder().decode(JSON.self, from: data) == JSON(parsing: data))
        let list = try PropertyListEncoder().encode(document)
        #expect(try PropertyListDecoder().decode(JSON.self, from: list) == document)
        // A decoder that reads a Boolean as a number too: Booleans stay Booleans where numbers were.
        #expect(try JSON(from: LooseDecoder(value: document)) == document)
    }

    /// The work a regression would add back: without the memory each record's string asked for a
    /// Boolean and four number types first, its fraction for three types, its array's first element
    /// for two containers (about ten refusals a record).
    @Test("a list of records whose keys keep their kinds makes no refused request once each key was met")
    func refusalsPerKey() throws {
        func refusals(records count: Int) throws -> Int {
            let records: [JSON] = (0..<count).map { index in
                ["id": .number(JSONNumber(index + 2)), "name": .string("n\(index)"), "price": .number(JSONNumber(text: "\(index).25")!),
                 "live": .bool(index % 2 == 0), "tags": ["a", "b"], "at": nil]
            }
            let decoder = LooseDecoder(value: .array(records))
            #expect(try JSON(from: decoder) == .array(records))
            return decoder.refusals.count
        }
        let few = try refusals(records: 50)
        #expect(try refusals(records: 400) == few, "refused requests grow with the records")
        #expect(few <= 40, "\(few) refused requests for the first record's six keys")
    }

    @Test("what is not JSON is a DecodingError with its path")
    func errors() {
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(Envelope.self, from: Data(#"{"id":1}"#.utf8)) }
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(JSONObject.self, from: Data("[1]".utf8)) }
    }
}

/// A decoder over a `JSON` value that, as some decoders do, also reads a Boolean as a number (1 or 0),
/// and counts the requests it refuses (each one a `DecodingError` a real decoder builds).
private struct LooseDecoder: Decoder {
    final class Refusals {
        var count = 0
    }

    let value: JSON
    var refusals = Refusals()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func mismatch() -> DecodingError {
        refusals.count += 1
        return .typeMismatch(JSON.self, DecodingError.Context(codingPath: [], debugDescription: "another kind"))
    }

    func child(_ value: JSON) -> LooseDecoder { LooseDecoder(value: value, refusals: refusals) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch() }
        return KeyedDecodingContainer(Keyed(object: object, parent: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch() }
        return Unkeyed(elements: elements, parent: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { Single(decoder: self) }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let object: JSONObject
        let parent: LooseDecoder
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }
        func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }
        func decoder(_ key: Key) -> LooseDecoder { parent.child(object[key.stringValue] ?? .null) }
        func decodeNil(forKey key: Key) throws -> Bool { decoder(key).value == .null }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try T(from: decoder(key)) }
        func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type, forKey key: Key) throws -> KeyedDecodingContainer<Nested> { try decoder(key).container(keyedBy: type) }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try decoder(key).unkeyedContainer() }
        func superDecoder() throws -> any Decoder { parent.child(.null) }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder(key) }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let elements: [JSON]
        let parent: LooseDecoder
        var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex == elements.count }
        mutating func next() -> LooseDecoder {
            defer { currentIndex += 1 }
            return parent.child(elements[currentIndex])
        }
        mutating func decodeNil() throws -> Bool {
            guard elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: next()) }
        mutating func nestedContainer<Nested: CodingKey>(keyedBy type: Nested.Type) throws -> KeyedDecodingContainer<Nested> { try next().container(keyedBy: type) }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { next() }
    }

    struct Single: SingleValueDecodingContainer {
        let decoder: LooseDecoder
        var value: JSON { decoder.value }
        var codingPath: [any CodingKey] { [] }
        func decodeNil() -> Bool { value == .null }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let number: JSONNumber? = switch value {
            case .number(let number): number
            case .bool(let bool): JSONNumber(bool ? 1 : 0)
            default: nil
            }
            let found: Any? = switch type {
            case is Bool.Type: value.bool
            case is String.Type: value.string
            case is Int64.Type: number?.int64
            case is UInt64.Type: number?.uint64
            case is Decimal.Type: number?.decimal
            case is Double.Type: number?.double
            default: try T(from: decoder)
            }
            guard let found = found as? T else { throw decoder.mismatch() }
            return found
        }
    }
}
