import BaseModelKitJSON
import Foundation

/// A value that is the same as another only when nothing tells them apart — not `Equatable`'s
/// equality, which takes `0.0` for `-0.0` and `"é"` for `"e\u{301}"`: an update that skips writing an
/// equal value must not lose either.
protocol ExactlyComparable {
    static func isExactly(_ first: Self, _ second: Self) -> Bool
    /// Whether the two are equal (`Equatable`'s `==`, which a change set follows).
    static func isEqual(_ first: Self, _ second: Self) -> Bool
}

extension ExactlyComparable where Self: Equatable {
    static func isEqual(_ first: Self, _ second: Self) -> Bool { first == second }
}

extension Int: ExactlyComparable {}
extension Int64: ExactlyComparable {}
extension Int32: ExactlyComparable {}
extension Int16: ExactlyComparable {}
extension Int8: ExactlyComparable {}
extension UInt: ExactlyComparable {}
extension UInt64: ExactlyComparable {}
extension UInt32: ExactlyComparable {}
extension UInt16: ExactlyComparable {}
extension UInt8: ExactlyComparable {}

/// Integers are exactly equal when they are equal.
extension FixedWidthInteger {
    static func isExactly(_ first: Self, _ second: Self) -> Bool { first == second }
}

extension Bool: ExactlyComparable {
    static func isExactly(_ first: Bool, _ second: Bool) -> Bool { first == second }
}

extension Double: ExactlyComparable {
    static func isExactly(_ first: Double, _ second: Double) -> Bool { first.bitPattern == second.bitPattern }
}

extension Float: ExactlyComparable {
    static func isExactly(_ first: Float, _ second: Float) -> Bool { first.bitPattern == second.bitPattern }
}

/// Equal decimals may differ in their exponent (`1.0`, `1.00`), which `exponent` tells apart. Both
/// comparisons read the significands as integers where they fit 64 bits (Foundation's `==` takes
/// many times as long), and fall back on `==` otherwise.
extension Decimal: ExactlyComparable {
    static func isExactly(_ first: Decimal, _ second: Decimal) -> Bool {
        guard first.exponent == second.exponent, first.sign == second.sign else { return false }
        if let firstSignificand = DecimalCoder.mantissa(of: first), let secondSignificand = DecimalCoder.mantissa(of: second) {
            return firstSignificand == secondSignificand
        }
        return first == second
    }

    /// The same value: the same compact form.
    static func isEqual(_ first: Decimal, _ second: Decimal) -> Bool {
        guard first.isFinite, second.isFinite, let firstForm = compactForm(of: first), let secondForm = compactForm(of: second) else {
            return first == second
        }
        return firstForm == secondForm
    }

    /// The significand without its trailing zeros, the exponent that makes up for them and the
    /// sign, which equal values share (`JSONNumber.shortValue`); `nil` for a significand beyond 64
    /// bits.
    private static func compactForm(of value: Decimal) -> (significand: UInt64, exponent: Int, isNegative: Bool)? {
        DecimalCoder.mantissa(of: value).flatMap { JSONNumber.shortValue(significand: $0, exponent: value.exponent, isNegative: value.sign == .minus) }
    }
}

extension String: ExactlyComparable {
    static func isExactly(_ first: String, _ second: String) -> Bool {
        first.utf8Equals(second)
    }
}

extension Optional: ExactlyComparable where Wrapped: ExactlyComparable {
    static func isExactly(_ first: Wrapped?, _ second: Wrapped?) -> Bool {
        compare(first, second, by: Wrapped.isExactly)
    }

    static func isEqual(_ first: Wrapped?, _ second: Wrapped?) -> Bool {
        compare(first, second, by: Wrapped.isEqual)
    }

    private static func compare(_ first: Wrapped?, _ second: Wrapped?, by areSame: (Wrapped, Wrapped) -> Bool) -> Bool {
        switch (first, second) {
        case (nil, nil): true
        case (let first?, let second?): areSame(first, second)
        default: false
        }
    }
}

extension Date: ExactlyComparable {
    static func isExactly(_ first: Date, _ second: Date) -> Bool {
        first.timeIntervalSinceReferenceDate.bitPattern == second.timeIntervalSinceReferenceDate.bitPattern
    }
}
