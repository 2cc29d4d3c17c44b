// @testable: which form the parser keeps a number in (`JSONNumber.storage`) is internal; every form
// must read, write and compare exactly as the number's text does.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Short decimals")
struct ShortDecimalTests {
    /// Whether `text`, parsed, is kept as a short decimal.
    static func isShort(_ text: String) throws -> Bool {
        guard case .short = try #require(try JSON(parsing: text).number).storage else { return false }
        return true
    }

    @Test("numbers of up to 19 digits without an exponent are short decimals; longer ones and exponents are packed")
    func forms() throws {
        for text in ["0.5", "-0.05", "12.50", "-0", "-0.0", "1234567890.123456789", "0.000000000000000001", "999999999999999999.9"] {
            #expect(try Self.isShort(text), "\(text)")
        }
        for text in ["1.5e3", "2E-1", "1234567890.1234567890", "0.0000000000000000001", "12345678901234567890", "-0e0"] {
            #expect(try !Self.isShort(text), "\(text)")
        }
        // An integer that fits 64 bits stays one.
        guard case .int(12) = try #require(try JSON(parsing: "12").number).storage else {
            Issue.record("12 is not kept as an integer")
            return
        }
    }

    @Test("a short decimal keeps its exact text, is written as it, and reads as the Double, Decimal and integer its text does")
    func exactness() throws {
        var generator = SeededGenerator(seed: 28_11_26)
        for _ in 0..<20_000 {
            let integerDigits = Int.random(in: 1...19, using: &generator)
            let fractionDigits = Int.random(in: 0...(19 - integerDigits), using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            if Int.random(in: 0..<4, using: &generator) == 0 {
                text += "0"
            } else {
                text += String(Int.random(in: 1...9, using: &generator))
                for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            }
            let parsed = try JSON(parsing: "[\(text)]")
            let number = try #require(parsed.array?.first?.number)
            #expect(number.text == text)
            #expect(try parsed.serializedString() == "[\(text)]")
            #expect(number.double == Double(text), "\(text)")
            #expect(number.decimal == JSONNumber(text: text)?.decimal, "\(text)")
            #expect(number.int64 == JSONNumber(text: text)?.int64, "\(text)")
            #expect(number == JSONNumber(text: text), "\(text)")
        }
    }

    @Test("a short decimal equals, and hashes as, the same value in any other form")
    func equality() throws {
        let pairs: [(String, JSONNumber)] = [("0.5", JSONNumber(0.5)), ("12.50", JSONNumber(12.5)), ("-0.0", JSONNumber(0)),
                                             ("-0", 0), ("3.000", 3), ("0.25", JSONNumber(text: "2.5e-1")!)]
        for (text, other) in pairs {
            let number = try #require(try JSON(parsing: text).number)
            #expect(number == other, "\(text)")
            #expect(number.hashValue == other.hashValue, "\(text)")
        }
        #expect(try JSON(parsing: "0.1").number != JSONNumber(0.1000001))
    }

    @Test("a short decimal is a whole number of each integer type exactly when its text is")
    func integers() throws {
        var texts = ["-0", "-0.0", "0.000", "5.000", "5.001", "255.0", "256.0", "-128.00", "-129.0", "127.5", "9999999999999999999",
                     "-9999999999999999999", "9223372036854775807.0", "922337203685477580.70", "18446744073709551.615", "-1.0"]
        var generator = SeededGenerator(seed: 29_11_26)
        for _ in 0..<2_000 {
            let whole = Int64.random(in: -1_000_000_000_000...1_000_000_000_000, using: &generator)
            let zeros = String(repeating: "0", count: Int.random(in: 0...6, using: &generator))
            texts.append(zeros.isEmpty ? "\(whole).5" : "\(whole).\(zeros)")
        }
        func agree<T: FixedWidthInteger>(_ number: JSONNumber, _ text: String, _: T.Type) {
            #expect(number.integer(exactly: T.self) == JSONNumber.exactInteger(fromText: text, as: T.self), "\(text) as \(T.self)")
        }
        var shorts = 0
        for text in texts {
            let number = try #require(try JSON(parsing: text).number)
            if try Self.isShort(text) { shorts += 1 }
            agree(number, text, Int.self)
            agree(number, text, Int8.self)
            agree(number, text, Int32.self)
            agree(number, text, Int64.self)
            agree(number, text, UInt.self)
            agree(number, text, UInt8.self)
            agree(number, text, UInt64.self)
        }
        #expect(shorts > texts.count * 9 / 10, "\(shorts) of \(texts.count)")
    }

    @Test("a short decimal's text and characters are its digits with the point placed, for every count of digits and places")
    func textIsItsCharacters() throws {
        var generator = SeededGenerator(seed: 1919)
        var shorts: [ShortDecimal] = []
        for digits in 0...19 {
            for _ in 0..<200 {
                let limit: UInt64 = digits == 19 ? 9_999_999_999_999_999_999 : (0..<digits).reduce(1) { value, _ in value * 10 } - 1
                shorts.append(ShortDecimal(significand: digits == 0 ? 0 : UInt64.random(in: 0...limit, using: &generator),
                                           fractionDigits: Int.random(in: 0...19, using: &generator), isNegative: Bool.random(using: &generator)))
            }
        }
        for short in shorts {
            // The digits, with zeros before them up to one more than the places, and the point.
            let places = Int(short.fractionDigits)
            let digits = String(short.significand)
            let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
            let expected = (short.isNegative ? "-" : "") + padded.dropLast(places) + (places > 0 ? "." + padded.suffix(places) : "")
            var characters: [UInt8] = []
            short.withCharacters { characters.append(contentsOf: $0) }
            #expect(short.text == expected, "\(short.significand) \(short.fractionDigits)")
            #expect(String(decoding: characters, as: UTF8.self) == expected, "\(short.significand) \(short.fractionDigits)")
        }
    }
}
