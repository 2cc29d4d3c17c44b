import BaseModelKit
import Foundation
import Testing

@Suite("JSON round trips")
struct JSONRoundTripTests {
    /// A random JSON value of bounded depth and size, from a seeded generator.
    private static func randomValue(depth: Int, using generator: inout SeededGenerator) -> JSON {
        let kind = Int.random(in: 0..<(depth > 0 ? 8 : 6), using: &generator)
        switch kind {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .number(JSONNumber(Int64.random(in: Int64.min...Int64.max, using: &generator)))
        case 3:
            let bits = UInt64.random(in: 0...UInt64.max, using: &generator)
            let double = Double(bitPattern: bits)
            return .number(JSONNumber(double.isFinite ? double : 0.5))
        case 4: return .string(randomString(using: &generator))
        case 5:
            let digits = (0..<Int.random(in: 1...40, using: &generator)).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            return .number(JSONNumber(text: "-" + String(digits.drop { $0 == "0" }.isEmpty ? "1" : digits.drop { $0 == "0" }) + ".5e-3")!)
        case 6:
            let count = Int.random(in: 0...5, using: &generator)
            return .array((0..<count).map { _ in randomValue(depth: depth - 1, using: &generator) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                object[randomString(using: &generator)] = randomValue(depth: depth - 1, using: &generator)
            }
            return .object(object)
        }
    }

    private static func randomString(using generator: inout SeededGenerator) -> String {
        let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "é", "€", "😀", "\u{7F}", "\u{2028}"]
        let count = Int.random(in: 0...8, using: &generator)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<count {
            scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
        }
        return String(scalars)
    }

    @Test("generated values read back equal after writing, with every option")
    func generatedValues() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        let optionSets: [JSON.Formatting] = [[], [.prettyPrinted], [.sortedKeys], [.escapingSlashes, .prettyPrinted]]
        for iteration in 0..<3000 {
            let value = Self.randomValue(depth: 4, using: &generator)
            let options = optionSets[iteration % optionSets.count]
            let data = try value.serializedData(formatting: options)
            #expect(try JSON(parsing: data) == value)
        }
    }

    @Test("compact documents write back byte for byte")
    func compactDocuments() throws {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<1000 {
            let compact = try Self.randomValue(depth: 4, using: &generator).serializedData()
            #expect(try JSON(parsing: compact).serializedData() == compact)
        }
        let handWritten = #"{"fn":"Ann","b":[{"i":"x1","a":12.5},{"i":"x2","a":-3}],"n":null,"t":true,"big":123456789012345678901234567890,"e":1E+2}"#
        #expect(try JSON(parsing: handWritten).serializedString() == handWritten)
    }
}
