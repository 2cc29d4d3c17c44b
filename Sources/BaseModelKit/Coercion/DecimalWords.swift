import BaseModelKitJSON
import Foundation

/// A finite `Decimal`'s significand read from its own memory: its sixteen bytes after the first four
/// are the significand's eight 16-bit words, lowest first, on every platform (`NSDecimal`'s layout,
/// which swift-foundation's `Decimal` keeps; only the bits of the first four bytes differ). Read this
/// way only after `isReadable` has checked, once, that this platform's `Decimal` is laid out so: the
/// words read from a set of decimals give back each of them through Foundation's own arithmetic.
enum DecimalWords {
    /// Whether `mantissa(of:)` reads this platform's decimals.
    static let isReadable: Bool = {
        guard MemoryLayout<Decimal>.size == 20 else { return false }
        let samples = ["0", "1", "-1", "123.45", "-0.000123", "18446744073709551615", "-18446744073709551615e-20",
                       "9999999999999999999", "4294967296", "65536.5", "1e100", "-7e-100"]
        for text in samples {
            guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
                  let mantissa = mantissa(of: value), mantissa == DecimalCoder.mantissaByFoundation(of: value),
                  Decimal(sign: value.sign, exponent: value.exponent, significand: Decimal(mantissa)) == value else { return false }
        }
        // A significand of more than 64 bits is not read as one.
        return Decimal(string: "18446744073709551616").map { mantissa(of: $0) == nil } ?? false
    }()

    /// The significand of a finite `value` when its words above the fourth are zero (it fits a
    /// `UInt64`); `nil` otherwise.
    @inline(__always)
    static func mantissa(of value: Decimal) -> UInt64? {
        // Sound: `Decimal` is a plain struct of twenty bytes (checked by `isReadable` before any use
        // of what this returns), every one of them initialized (no padding); its bytes are read in
        // place, within the twenty.
        withUnsafeBytes(of: value) { bytes in
            let low = bytes.loadUnaligned(fromByteOffset: 4, as: UInt64.self)
            let high = bytes.loadUnaligned(fromByteOffset: 12, as: UInt64.self)
            return high == 0 ? UInt64(littleEndian: low) : nil
        }
    }
}
