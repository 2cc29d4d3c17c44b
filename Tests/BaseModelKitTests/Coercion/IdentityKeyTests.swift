// @testable: `IdentityKey` is how merges by identity compare identities, which no public API shows;
// its numbers must compare and hash exactly as their JSON values do, whatever form they were read or
// made in.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Identity keys")
struct IdentityKeyTests {
    /// Numbers written many ways, and the same values made from `Double`s and integers: prices with
    /// fractions, whole numbers, numbers of more digits than a `Double` keeps, exponents, zeros.
    private static func numbers(using generator: inout SeededGenerator) -> [JSON] {
        var texts = ["1.5", "1.50", "15e-1", "0.15E1", "0.1", "0.10000000000000001", "0.1000000000000000055511151231257827", "-0.0", "0",
                     "-0", "3", "3.0", "3e0", "1e20", "100000000000000000000", "1.0e20", "123456789012345.6", "1234567890123456.7",
                     "0.30000000000000004", "0.3", "-2.25", "-2.250", "9007199254740993.5", "1e-7", "0.0000001"]
        for _ in 0..<100 {
            // A price with one to four decimals, in a random spelling.
            let cents = Int.random(in: -100_000...100_000, using: &generator)
            let places = Int.random(in: 1...4, using: &generator)
            let value = Double(cents) / pow(10, Double(places))
            texts.append(String(format: "%.\(places)f", value))
            texts.append(String(format: "%.\(places + 2)f", value))
            texts.append("\(cents)e-\(places)")
        }
        var numbers = try! texts.map { try JSON(parsing: $0) }
        numbers += [1.5, 0.1, 0.3, 0.1 + 0.2, -2.25, 3.0, 1e20, 1e-7, -0.0, 123_456_789_012_345.6].map { JSON.number(JSONNumber($0)) }
        numbers += [0, 3, -2].map { JSON.number(JSONNumber($0)) }
        for _ in 0..<100 {
            numbers.append(.number(JSONNumber(Double(Int.random(in: -100_000...100_000, using: &generator)) / 100)))
        }
        return numbers
    }

    @Test("two numbers' keys are equal, and hash alike, exactly when the numbers are equal")
    func numbersCompareByValue() throws {
        var generator = SeededGenerator(seed: 0x1D_5EED)
        let numbers = Self.numbers(using: &generator)
        var doubles = 0
        for a in numbers {
            let key = IdentityKey(a)
            if case .double = key { doubles += 1 }
            #expect(key.json == a, "\(a) comes back as \(key.json)")
            for b in numbers {
                let other = IdentityKey(b)
                #expect((key == other) == (a == b), "\(a) and \(b)")
                if key == other { #expect(key.hashValue == other.hashValue, "\(a) and \(b)") }
            }
        }
        // Most prices are keyed by their Double, not as JSON.
        #expect(doubles > numbers.count / 2, "\(doubles) of \(numbers.count)")
    }

    @Test("removal and replacement markers compare numbers by value, whatever their form, and strings of numbers too")
    func markersCompareByValue() throws {
        var generator = SeededGenerator(seed: 0x3A_4E45)
        let numbers = Self.numbers(using: &generator)
        // Numbers written as strings (decimal strings), long ones, exponents beyond a `Decimal`'s, and
        // strings that are not numbers.
        let strings = numbers.enumerated().compactMap { $0.offset % 3 == 0 ? $0.element.number.map { JSON.string($0.text) } : nil }
            + ["0.00000000", "00", "-0.0", "1e2", "100", "12345678901234567890", "12345678901234567890.0", "1e200", "1e201", "abc", "1.5.1", ""]
            .map(JSON.string)
        func decimal(_ json: JSON) -> Decimal? {
            switch json {
            case .number(let number): number.decimal
            case .string(let text): JSONNumber(text: text)?.decimal
            default: nil
            }
        }
        let values = numbers + strings
        for a in values {
            for b in values {
                let decimals = decimal(a).flatMap { first in decimal(b).map { first == $0 } } ?? false
                #expect(ElementIdentity.sameValue(a, b) == (a == b || decimals), "\(a) and \(b)")
            }
        }
    }

    @Test("an integer field's key is the key of its value read from JSON, for every width, beyond Int.max too")
    func integerKeysMatchTheirJSON() throws {
        var generator = SeededGenerator(seed: 0x1D_1E57)
        func check<Integer: FixedWidthInteger>(_ values: [Integer]) throws {
            for value in values {
                let read = IdentityKey(try JSON(parsing: String(value)))
                let key = IdentityKey(integer: value)
                #expect(key == read && key.hashValue == read.hashValue, "\(Integer.self) \(value): \(key) against \(read)")
            }
        }
        func some<Integer: FixedWidthInteger>(_: Integer.Type) -> [Integer] {
            [.min, .max, 0, 1] + (0..<50).map { _ in Integer.random(in: .min ... .max, using: &generator) }
        }
        try check(some(Int64.self))
        try check(some(Int32.self))
        try check(some(Int16.self))
        try check(some(Int8.self))
        try check(some(UInt.self) + [UInt(Int.max), UInt(Int.max) + 1])
        try check(some(UInt64.self))
        try check(some(UInt32.self))
        try check(some(UInt16.self))
        try check(some(UInt8.self))
    }
}
