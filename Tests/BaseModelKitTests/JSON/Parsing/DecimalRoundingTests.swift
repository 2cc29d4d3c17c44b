@testable import BaseModelKit
import Foundation
import Testing

private final class Reading: BaseModel {
    var value: Double = 0
    override class var apiToLocal: [String: String] { ["v": "value"] }
}

@Suite("Decimal rounding")
struct DecimalRoundingTests {
    /// The standard library's correctly rounded conversion of the same decimal, as text.
    private func reference(_ significand: UInt64, _ q: Int) -> Double {
        Double("\(significand)e-\(q)")!
    }

    @Test("random decimals of 1 to 19 digits with 0 to 22 digits after the point round as the standard library does")
    func randomDecimals() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let digits = Int(next() >> 59) % 19 + 1
            let limit = (0..<digits).reduce(UInt64(1)) { power, _ in power * 10 }
            let significand = next() % limit
            let q = Int(next() >> 58) % 23
            guard let found = DecimalRounding.nearest(significand: significand, negativePowerOfTen: q) else {
                mismatches.append("\(significand)e-\(q): no result")
                continue
            }
            if found.bitPattern != reference(significand, q).bitPattern { mismatches.append("\(significand)e-\(q)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("exact midpoints between two doubles round to the even one")
    func midpoints() {
        // h = 2^53 + odd lies halfway between two doubles (which are 2 apart there); h × 2^-p is still a
        // midpoint, and equals (h × 5^p) × 10^-p.
        var checked = 0
        for p in 0...4 {
            let five = (0..<p).reduce(UInt64(1)) { power, _ in power * 5 }
            for odd in stride(from: UInt64(1), through: 2_001, by: 2) {
                for base in [UInt64(1) << 53, UInt64(1) << 54 / 2 + (1 << 52)] {
                    let h = base + odd
                    let significand = h * five
                    guard significand < 10_000_000_000_000_000_000 else { continue }
                    let found = DecimalRounding.nearest(significand: significand, negativePowerOfTen: p)
                    #expect(found?.bitPattern == reference(significand, p).bitPattern, "\(significand)e-\(p)")
                    checked += 1
                }
            }
        }
        #expect(checked > 5_000)
        // Just above and below a midpoint.
        let midpoint: UInt64 = (1 << 53) + 1
        #expect(DecimalRounding.nearest(significand: midpoint * 10 + 1, negativePowerOfTen: 1) == Double((1 << 53) + 2))
        #expect(DecimalRounding.nearest(significand: midpoint * 10 - 1, negativePowerOfTen: 1) == Double(1 << 53))
    }

    @Test("the feed's long prices and edge values")
    func knownValues() {
        #expect(DecimalRounding.nearest(significand: 12_290_000_000_000_001, negativePowerOfTen: 15) == 12.290000000000001)
        #expect(DecimalRounding.nearest(significand: 1, negativePowerOfTen: 22) == 1e-22)
        #expect(DecimalRounding.nearest(significand: 18_446_744_073_709_551_615, negativePowerOfTen: 0) == 18_446_744_073_709_551_615.0)
        #expect(DecimalRounding.nearest(significand: 9_999_999_999_999_999_999, negativePowerOfTen: 22) == 0.0009999999999999999999)
        #expect(DecimalRounding.nearest(significand: 0, negativePowerOfTen: 5) == 0)
        #expect(DecimalRounding.nearest(significand: 5, negativePowerOfTen: 23) == nil)
    }

    @Test("the parser reads long decimals to the same double as the text conversion")
    func throughTheParser() throws {
        let texts = ["12.290000000000001", "-12.290000000000001", "0.1000000000000000055511151231257827", "9007199254740993",
                     "9007199254740993.0", "4503599627370496.5", "0.30000000000000004", "123456789.01234567891", "1.7976931348623157e308"]
        for text in texts {
            let value = try Reading.decode(from: #"{"v":\#(text)}"#).value
            #expect(value.bitPattern == Double(text)!.bitPattern, "\(text)")
        }
    }
}

/// An array of doubles, decoded through the member loop's own number reader.
private final class DoubleList: BaseModel {
    var values: [Double] = []
    override class var apiToLocal: [String: String] { ["v": "values"] }
}

@Suite("Doubles read from models")
struct ModelDoubleTests {
    @Test("a million random and edge-case doubles decode to exactly the standard library's parse of their text")
    func millionDoubles() throws {
        var generator = SystemRandomNumberGenerator()
        var texts: [String] = ["0", "-0", "0.1", "1e-7", "5e-324", "2.2250738585072014e-308", "1.7976931348623157e308",
                               "9007199254740993", "0.30000000000000004", "123456789012345678901234567890", "1e22", "1e23",
                               "4.9406564584124654e-324", "2.4703282292062328e-324", "-65.613616999999977"]
        for index in 0..<1_000_000 {
            switch index % 4 {
            case 0:
                // Any double, as its shortest text.
                let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator) & 0x7FEF_FFFF_FFFF_FFFF)
                texts.append(value.description)
            case 1:
                // Prices and amounts: up to 15 digits, some after the point.
                texts.append("\(Int.random(in: 0...999_999_999, using: &generator)).\(Int.random(in: 0...999_999, using: &generator))")
            case 2:
                // 16 to 19 significant digits, the exact rounding path.
                texts.append("\(Int.random(in: 1...9, using: &generator)).\(UInt64.random(in: 100_000_000_000_000...999_999_999_999_999_999, using: &generator))")
            default:
                // Exponents around the fast path's limits.
                texts.append("\(Int.random(in: 1...99_999, using: &generator))e\(Int.random(in: -40...40, using: &generator))")
            }
        }
        let list = try DoubleList.decode(from: "{\"v\":[\(texts.joined(separator: ","))]}")
        #expect(list.values.count == texts.count)
        var mismatches = 0
        for (value, text) in zip(list.values, texts) where value.bitPattern != Double(text)!.bitPattern {
            mismatches += 1
            if mismatches <= 3 { Issue.record("\(text) decoded to \(value), not \(Double(text)!)") }
        }
        #expect(mismatches == 0)
    }
}
