import Foundation

/// The text of a JSON number without an exponent and of at most 19 digits (`12.50`, `-0.05`, `-0`),
/// as its digits read as one integer and how many of them stand after the point: what most numbers
/// with a fraction are, kept without packing their text and read as a `Double` with one division.
///
/// The pair spells exactly one text, the one it was read from: JSON's grammar allows no leading
/// zero but a lone `0` before the point, and a point only between digits, so the integer part is
/// `significand / 10^fractionDigits` written plainly, and the fraction the remainder written with
/// `fractionDigits` digits.
@usableFromInline package struct ShortDecimal: Sendable {
    /// All the digits, the integer part's and the fraction's, as one integer (below 10^19).
    @usableFromInline package let significand: UInt64
    /// How many of the digits stand after the point, 0 to 19 (0: an integer, written without one).
    @usableFromInline package let fractionDigits: UInt8
    @usableFromInline package let isNegative: Bool

    @inlinable package init(significand: UInt64, fractionDigits: Int, isNegative: Bool) {
        self.significand = significand
        self.fractionDigits = UInt8(truncatingIfNeeded: fractionDigits)
        self.isNegative = isNegative
    }

    /// The number `mantissa` × 10^`exponent` written plainly, as `JSONWriter.writePlainDecimal`
    /// writes it (a fraction's trailing zeros left out); `nil` when that text has more than 19
    /// digits, or is zero (which has a form of its own).
    @inlinable package init?(mantissa: UInt64, exponent: Int, isNegative: Bool) {
        guard mantissa != 0 else { return nil }
        var mantissa = mantissa
        var exponent = exponent
        while exponent < 0, mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        let limit = ByteOutput.powerOfTen(19)
        guard mantissa < limit, exponent >= -19 else { return nil }
        while exponent > 0 {
            guard mantissa < limit / 10 else { return nil }
            mantissa *= 10
            exponent -= 1
        }
        self.init(significand: mantissa, fractionDigits: -exponent, isNegative: isNegative)
    }

    /// The nearest `Double`: one correctly rounded division of two exact doubles for a significand
    /// below 2^53 (10^19 is exact too), `DecimalRounding` for a longer one, and the text for one
    /// that `DecimalRounding` cannot settle. Inlined into `JSONNumber.double`, where a hook reads it.
    @inline(__always)
    @inlinable package var double: Double? {
        let scale = Int(fractionDigits)
        let magnitude: Double
        if significand < 1 << 53 {
            magnitude = Double(significand) / PowersOfTen.exact(scale)
        } else if let rounded = DecimalRounding.nearest(significand: significand, negativePowerOfTen: scale) {
            magnitude = rounded
        } else {
            return Double(text)
        }
        return isNegative ? -magnitude : magnitude
    }

    /// The value as a `T`, when it is a whole number that `T` holds (`-0` is zero), read from the
    /// digits without writing them out as text.
    @inlinable package func integer<T: FixedWidthInteger>(exactly type: T.Type) -> T? {
        let scale = ByteOutput.powerOfTen(Int(fractionDigits))
        guard significand % scale == 0 else { return nil }
        let magnitude = significand / scale
        guard isNegative, magnitude != 0 else { return T(exactly: magnitude) }
        // The most negative `Int64` has a magnitude one past the greatest `Int64`.
        guard magnitude <= UInt64(Int64.max) else { return magnitude == UInt64(Int64.max) + 1 ? T(exactly: Int64.min) : nil }
        return T(exactly: -Int64(magnitude))
    }

    /// `withCharacters`' characters as a `String`: a short one, kept in the `String` itself,
    /// allocates nothing.
    @inlinable package var text: String {
        withCharacters { String(decoding: $0, as: UTF8.self) }
    }

    /// `body` given the characters, in order: the sign, then the digits, at least one before the
    /// point, with the point before the last `fractionDigits` of them. They are made in a buffer on
    /// the stack (at most 22: a sign, 20 digits and a point). The digits come from the right, each a
    /// remainder by ten, which the compiler makes a multiplication (from the left, each is a division
    /// by a power of ten that changes).
    // Sound: the buffer `body` gets holds the characters written, and is lent for the call only.
    @inlinable package func withCharacters<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // Sound: the 24 bytes are written and read only within this closure, from `start`, which
        // moves down one byte per character, at most 22 times.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let point = Int(fractionDigits)
            var start = 24
            var rest = significand
            var written = 0
            // At least one digit before the point.
            repeat {
                if written == point, point > 0 {
                    start -= 1
                    buffer[start] = UInt8(ascii: ".")
                }
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                written += 1
            } while rest != 0 || written <= point
            if isNegative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(rebasing: buffer[start...]))
        }
    }
}
