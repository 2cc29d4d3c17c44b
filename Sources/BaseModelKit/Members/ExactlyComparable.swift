import BaseModelKitJSON
import Foundation

/// A value that is the same as another only when nothing tells them apart — not `Equatable`'s
/// equality, which takes `0.0` for `-0.0` and `"é"` for `"e\u{301}"`: an update that skips writing an
/// equal value must not lose either.
protocol ExactlyComparable {
    static func isExactly(_ first: Self, _ second: Self) -> Bool
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

extension String: ExactlyComparable {
    static func isExactly(_ first: String, _ second: String) -> Bool {
        first.utf8Equals(second)
    }
}

extension Optional: ExactlyComparable where Wrapped: ExactlyComparable {
    static func isExactly(_ first: Wrapped?, _ second: Wrapped?) -> Bool {
        switch (first, second) {
        case (nil, nil): true
        case (let first?, let second?): Wrapped.isExactly(first, second)
        default: false
        }
    }
}

extension Date: ExactlyComparable {
    static func isExactly(_ first: Date, _ second: Date) -> Bool {
        first.timeIntervalSinceReferenceDate.bitPattern == second.timeIntervalSinceReferenceDate.bitPattern
    }
}
