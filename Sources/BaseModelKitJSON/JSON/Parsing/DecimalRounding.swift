/// The correctly rounded `Double` of a decimal with up to 19 significant digits and at most 22 digits
/// after the point, without making its text.
///
/// Prices such as `12.290000000000001` have 17 significant digits, too many for the parser's exact
/// path (one operation on two exact doubles), and went through a `String` and `strtod`, the slowest
/// step of decoding such a price. Here the value is `significand / 10^q = (significand / 5^q) / 2^q`.
/// A first guess of `significand / 5^q` within an ulp or so comes from double division; it is then
/// checked exactly against the midpoints to its neighbours with 128-bit integers, and moved by one ulp
/// until it is the nearest (ties to even). Dividing by `2^q` afterwards is exact, as the results are
/// far from the subnormal range.
@usableFromInline package enum DecimalRounding {
    /// 5^0 through 5^22, each exact in a `UInt64` and below 2^53, so also exact as a `Double`.
    @usableFromInline package static let powersOfFive: [UInt64] = (0...22).map { exponent in
        (0..<exponent).reduce(UInt64(1)) { power, _ in power * 5 }
    }

    /// The `Double` nearest to `significand` × 10^-`q` (ties to even), for `q` in `0...22`; `nil` when
    /// the check cannot settle it, for the caller to fall back on the text.
    @inlinable package static func nearest(significand: UInt64, negativePowerOfTen q: Int) -> Double? {
        guard q >= 0, q < powersOfFive.count else { return nil }
        guard significand != 0 else { return 0 }
        let divisor = powersOfFive[q]
        var candidate = Double(significand) / Double(divisor)
        for _ in 0..<4 {
            switch placement(of: significand, over: divisor, around: candidate) {
            case .nearest:
                return Double(sign: .plus, exponent: -q, significand: candidate)
            case .below:
                candidate = candidate.nextDown
            case .above:
                candidate = candidate.nextUp
            case .unknown:
                return nil
            }
        }
        return nil
    }

    @usableFromInline package enum Placement {
        case nearest, below, above, unknown
    }

    /// Where `numerator / divisor` lies relative to the interval of values that round to `candidate`.
    @inlinable package static func placement(of numerator: UInt64, over divisor: UInt64, around candidate: Double) -> Placement {
        guard candidate.isNormal else { return .unknown }
        // candidate = m × 2^e with m a 53-bit integer.
        let m = UInt64(candidate.significandBitPattern) | (1 << 52)
        let e = Int(candidate.exponent) - 52
        let isEven = m & 1 == 0
        // The midpoint to the next double up: (2m + 1) × 2^(e - 1).
        guard let upper = compare(numerator, divisor, 2 * m + 1, e - 1) else { return .unknown }
        if upper > 0 || (upper == 0 && !isEven) { return .above }
        // The midpoint to the next double down; below a power of two the gap there is half as wide.
        let lower = m == 1 << 52 ? compare(numerator, divisor, 4 * m - 1, e - 2) : compare(numerator, divisor, 2 * m - 1, e - 1)
        guard let lower else { return .unknown }
        if lower < 0 || (lower == 0 && !isEven) { return .below }
        return .nearest
    }

    /// The sign of `numerator / divisor − multiple × 2^exponent`, computed exactly; `nil` when the
    /// comparison would not fit in 128 bits.
    @inlinable package static func compare(_ numerator: UInt64, _ divisor: UInt64, _ multiple: UInt64, _ exponent: Int) -> Int? {
        // Compare numerator × 2^-exponent with divisor × multiple (both sides times divisor × 2^-exponent).
        let product = Wide(divisor.multipliedFullWidth(by: multiple))  // below 2^52 × 2^55
        let left: Wide
        let right: Wide
        if exponent >= 0 {
            guard exponent < product.leadingZeroBitCount else { return -1 }  // the right side is at least 2^128
            left = Wide(high: 0, low: numerator)
            right = product.shiftedLeft(by: exponent)
        } else {
            let shift = -exponent
            let wideNumerator = Wide(high: 0, low: numerator)
            guard shift < wideNumerator.leadingZeroBitCount else { return nil }
            left = wideNumerator.shiftedLeft(by: shift)
            right = product
        }
        return left < right ? -1 : left == right ? 0 : 1
    }

    /// An unsigned 128-bit integer with just what `compare` needs (`UInt128` exists only from macOS 15
    /// / iOS 18).
    @usableFromInline package struct Wide: Comparable {
        @usableFromInline package var high: UInt64
        @usableFromInline package var low: UInt64

        @inline(__always)
        @inlinable package init(high: UInt64, low: UInt64) {
            self.high = high
            self.low = low
        }

        @inline(__always)
        @inlinable package init(_ parts: (high: UInt64, low: UInt64.Magnitude)) {
            self.init(high: parts.high, low: parts.low)
        }

        @inline(__always)
        @inlinable package var leadingZeroBitCount: Int {
            high == 0 ? 64 + low.leadingZeroBitCount : high.leadingZeroBitCount
        }

        /// `self << shift`, for `shift` below 128 (bits shifted out are lost).
        @inline(__always)
        @inlinable package func shiftedLeft(by shift: Int) -> Wide {
            if shift == 0 { return self }
            if shift >= 64 { return Wide(high: low << (shift - 64), low: 0) }
            return Wide(high: high << shift | low >> (64 - shift), low: low << shift)
        }

        @inline(__always)
        @inlinable package static func < (a: Wide, b: Wide) -> Bool {
            a.high != b.high ? a.high < b.high : a.low < b.low
        }
    }
}
