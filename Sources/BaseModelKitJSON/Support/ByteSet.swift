/// A set of bytes, as four words of bits: one test tells whether a byte is in it.
@usableFromInline package struct ByteSet: Sendable {
    @usableFromInline package var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    @inlinable package init(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            let bit = UInt64(1) &<< UInt64(byte & 63)
            switch byte >> 6 {
            case 0: words.0 |= bit
            case 1: words.1 |= bit
            case 2: words.2 |= bit
            default: words.3 |= bit
            }
        }
    }

    @inlinable package func contains(_ byte: UInt8) -> Bool {
        let word: UInt64
        switch byte >> 6 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word & (UInt64(1) &<< UInt64(byte & 63)) != 0
    }
}
