import Foundation

/// The text of a JSON number of up to 31 characters in two words, four bits a character from the
/// low bits up: `0`–`9` as 1–10, then `.`, `-`, `+`, `e`, `E`; 0 ends the text.
@usableFromInline package struct PackedNumberText: Sendable {
    @usableFromInline package let low: UInt64
    @usableFromInline package let high: UInt64

    /// The character of a code, 1 through 15. (A switch: an array in a `static let` is checked for
    /// its initialisation on every read.)
    @inline(__always)
    @inlinable package static func character(_ code: UInt64) -> UInt8 {
        switch code {
        case 1...10: UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: code &- 1)
        case point: UInt8(ascii: ".")
        case minus: UInt8(ascii: "-")
        case plus: UInt8(ascii: "+")
        case exponent: UInt8(ascii: "e")
        default: UInt8(ascii: "E")
        }
    }

    /// The codes of the characters other than digits (a digit's code is its value plus one).
    @usableFromInline package static let point: UInt64 = 11, minus: UInt64 = 12, plus: UInt64 = 13, exponent: UInt64 = 14, capitalExponent: UInt64 = 15

    /// Packs a number's text as the parser reads it, a character or a run of digits at a time.
    @usableFromInline package struct Packer {
        @usableFromInline package var low: UInt64 = 0
        @usableFromInline package var high: UInt64 = 0
        /// How many characters were appended, the ones past 32 no longer kept.
        @usableFromInline package var count = 0

        @inlinable package init() {}

        /// Appends `count` (at most 16) characters whose codes are packed in `codes`, four bits each
        /// from the low bits up.
        @inline(__always)
        @inlinable package mutating func append(_ codes: UInt64, count appended: Int = 1) {
            let first = count
            count = first &+ appended
            if first < 16 {
                low |= codes &<< UInt64(first &* 4)
                // The characters past the sixteenth go on in the high word (`first` is above 0 here,
                // so the shift is below 64).
                if count > 16 { high |= codes &>> UInt64(64 &- first &* 4) }
            } else if first < 32 {
                high |= codes &<< UInt64((first &- 16) &* 4)
            }
        }

        /// The text packed; `nil` when it is longer than 31 characters.
        @usableFromInline package var packed: PackedNumberText? {
            count <= 31 ? PackedNumberText(low: low, high: high) : nil
        }
    }

    /// The characters, in order.
    @inlinable package func forEachCharacter(_ body: (UInt8) -> Void) {
        var word = low
        for nibble in 0..<32 {
            if nibble == 16 { word = high }
            let code = word & 15
            if code == 0 { return }
            body(PackedNumberText.character(code))
            word >>= 4
        }
    }

    @inlinable package var text: String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(31)
        forEachCharacter { utf8.append($0) }
        return String(decoding: utf8, as: UTF8.self)
    }
}
