// @testable: the digit conversion is compared with `Decimal`'s own arithmetic directly.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Decimals")
struct DecimalTests {
    final class Amounts: BaseModel {
        var amount: Decimal = 0
        var amounts: [Decimal] = []
        override class var apiToLocal: [String: String] { ["a": "amount", "l": "amounts"] }
    }

    @Test("up to 19 digits at once make the decimal that Decimal's arithmetic makes digit by digit")
    func fastDigits() {
        var generator = SeededGenerator(seed: 1919)
        for index in 0..<20_000 {
            let count = index % 19 + 1
            var digits = (0..<count).map { _ in UInt8.random(in: 0...9, using: &generator) }
            digits[0] = UInt8.random(in: 1...9, using: &generator)
            let exponent = Int.random(in: -40...40, using: &generator)
            let negative = Bool.random(using: &generator)
            let text = (negative ? "-" : "") + digits.map(String.init).joined() + "e\(exponent)"
            let fast = JSONNumber.exactDecimal(fromText: text)
            let expected = Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: JSONNumber.digitByDigit(digits))
            #expect(fast == expected, "\(text)")
            #expect(fast?.description == expected.description, "\(text)")
            #expect(fast?.exponent == expected.exponent && fast?.significand == expected.significand, "\(text)")
        }
    }

    @Test("a short number's decimal, read without an array, is the one its canonical form's digits make")
    func shortText() {
        var generator = SeededGenerator(seed: 1920)
        for index in 0..<20_000 {
            // Leading and trailing zeros, plain and exponent forms, up to 24 digits either side of
            // the 19 read at once.
            let count = index % 24 + 1
            let digits = (0..<count).map { _ in "0123456789".randomElement(using: &generator)! }
            let point = Int.random(in: 0...count, using: &generator)
            var text = (Bool.random(using: &generator) ? "-" : "") + String(digits.prefix(point)) + (point < count ? "." + String(digits.dropFirst(point)) : "")
            if text.hasPrefix(".") || text.hasPrefix("-.") { text = text.replacingOccurrences(of: ".", with: "0.") }
            if index % 3 == 0 { text += "e\(Int.random(in: -140...140, using: &generator))" }
            let form = JSONNumber.canonical(ofText: text)
            let expected: Decimal? = form.digits.isEmpty ? 0
                : form.digits.count <= 38 && (-128...127).contains(form.exponent)
                ? Decimal(sign: form.isNegative ? .minus : .plus, exponent: form.exponent, significand: JSONNumber.digitByDigit(form.digits)) : nil
            let read = JSONNumber.exactDecimal(fromText: text)
            #expect(read == expected, "\(text)")
            #expect(read?.exponent == expected?.exponent && read?.significand == expected?.significand, "\(text)")
        }
    }

    @Test("decimals write the text their description gives, as numbers and as strings, read back to the same value")
    func writtenAsDescription() throws {
        var generator = SeededGenerator(seed: 2024)
        var values: [Decimal] = []
        for index in 0..<20_000 {
            let significand: UInt64 = index % 3 == 0 ? UInt64.random(in: 0...UInt64.max - 1, using: &generator)
                : UInt64.random(in: 0...1_000_000, using: &generator) * (index % 5 == 0 ? 100 : 1)
            values.append(Decimal(sign: Bool.random(using: &generator) ? .minus : .plus, exponent: Int.random(in: -30...20, using: &generator),
                                  significand: Decimal(significand)))
        }
        values += [Decimal(string: "123456789012345678901234567890.5")!, Decimal(UInt64.max), 0, Decimal(string: "-0.000")!,
                   Decimal(string: "18446744073709551616")!, Decimal(string: "-18446744073709551617e-7")!,
                   Decimal(string: "99999999999999999999e30")!, Decimal(string: "4294967296.65536")!]
        for value in values {
            let model = Amounts()
            model.amount = value
            let written = try model.jsonString()
            #expect(written == #"{"a":\#(value.description),"l":[]}"#)
            #expect(try Amounts.decode(from: written).amount == value)
        }
        // The significand read from the value's words on this platform (Linux and Apple platforms
        // lay `Decimal` out alike), and the same as Foundation's arithmetic gives.
        #expect(DecimalWords.isReadable)
        for value in values where value.isFinite {
            #expect(DecimalWords.mantissa(of: value) == DecimalCoder.mantissaByFoundation(of: value), "\(value)")
        }
        let list = Amounts()
        list.amounts = Array(values.prefix(50))
        #expect(try Amounts.decode(from: list.jsonData()).amounts == list.amounts)
        // As a `JSON` value (what change sets, identities and markers compare): the same text, equal
        // to the number made from the description.
        let session = EncodingSession(options: EncodingOptions())
        for value in values {
            let json = try DecimalCoder().encode(value, session: session)
            #expect(json.number?.text == value.description && json == .number(JSONNumber(value)), "\(value)")
            // As a string (`decimalString`): the same text.
            #expect(try DecimalTextCoder().encode(value, session: session) == .string(value.description), "\(value)")
        }
    }

    final class Quote: BaseModel {
        var price: Decimal = 0
        var size: Decimal?
        override class var apiToLocal: [String: String] { ["p": "price", "s": "size"] }
        override class var transformers: [String: JSONTransformer] { ["price": .decimalString, "size": .decimalString] }
    }

    @Test("decimal strings read where they stand make what a JSON tree's string makes, and refuse what it refuses")
    func decimalStringsInPlace() throws {
        var generator = SeededGenerator(seed: 1207)
        let pieces = ["-", "0", "1", "7", "9", "12345678", ".", "e", "E", "+", " ", #"\u0031"#, "é", "x"]
        for round in 0..<6_000 {
            let text = round % 4 == 0
                ? "\(Int.random(in: -99_999...99_999, using: &generator)).\(String(repeating: "0", count: round % 7))\(UInt.random(in: 0...99_999_999, using: &generator))"
                : (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let document = #"{"p":"\#(text)","s":"\#(text)"}"#
            let inPlace = Result { try Quote.decode(from: document) }
            let fromTree = Result { try Quote.decode(from: JSON(parsing: document).object ?? [:]) }
            switch (inPlace, fromTree) {
            case (.success(let read), .success(let expected)):
                #expect(read.price == expected.price && read.price.exponent == expected.price.exponent && read.size == expected.size, "\(text)")
                #expect(try read.jsonString() == expected.jsonString(), "\(text)")
            case (.failure(let error), .failure(let expected)):
                #expect("\(error)" == "\(expected)", "\(text)")
            default:
                Issue.record("\(text): read in place \(inPlace), from a tree \(fromTree)")
            }
        }
    }

    @Test("decimals compare as Foundation compares them: equal by value, exactly the same only in the same form")
    func comparisons() {
        var generator = SeededGenerator(seed: 3030)
        func random() -> Decimal {
            // Small and large significands, some with trailing zeros: equal values in several forms.
            let digits = Bool.random(using: &generator) ? UInt64.random(in: 0...20, using: &generator) : UInt64.random(in: 0...10_000_000_000_000_000, using: &generator)
            let significand = digits * [1, 10, 1000][Int.random(in: 0...2, using: &generator)]
            return Decimal(sign: Bool.random(using: &generator) ? .minus : .plus, exponent: Int.random(in: -6...6, using: &generator), significand: Decimal(significand))
        }
        var values = (0..<3_000).map { _ in random() }
        values += [0, .nan, Decimal(string: "123456789012345678901234567890")!, Decimal(string: "1.0")!, Decimal(string: "1.00")!, 1]
        let pairs = Array(zip(values, values.shuffled(using: &generator))) + Array(zip(values, values))
            + Array(zip(values, values.map { Decimal(sign: $0.sign, exponent: $0.exponent - 1, significand: $0.significand * 10) }))
        for (first, second) in pairs {
            #expect(Decimal.isEqual(first, second) == (first == second), "\(first) \(second)")
            #expect(!Decimal.isExactly(first, second) || (first.exponent == second.exponent && (first == second || first.isNaN)), "\(first) \(second)")
        }
        #expect(Decimal.isEqual(Decimal(string: "1.0")!, Decimal(string: "1.00")!))
        #expect(!Decimal.isExactly(Decimal(string: "1.0")!, Decimal(string: "1.00")!) || Decimal(string: "1.0")!.exponent == Decimal(string: "1.00")!.exponent)
    }
}
