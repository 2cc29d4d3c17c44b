/// Checks that bytes are UTF-8 and locates the first that is not, for error messages. Short strings
/// that are not ASCII are checked here before `String(decoding:as:)` makes them (see
/// `JSONParser.makeString`).
@usableFromInline package enum UTF8Validation {
    /// The length of the sequence that `lead` starts (1 for a byte that starts none).
    @inlinable package static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }

    /// The offset of the first byte in `bytes[start..<end]` that begins or breaks an ill-formed
    /// sequence (per Unicode's table of well-formed UTF-8), or `nil` when the range is well formed.
    @inlinable package static func firstInvalidOffset(in bytes: DocumentBytes, from start: Int, to end: Int, stopAfterFirstScalar: Bool = false) -> Int? {
        firstInvalidOffset(in: bytes[start..<end], stopAfterFirstScalar: stopAfterFirstScalar).map { $0 + start }
    }

    /// `firstInvalidOffset(in:from:to:)` for the whole of `bytes`, the offset counted from its start.
    // Sound: every read is below `end`, `bytes.count` (checked before each sequence's bytes).
    @inlinable package static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>, stopAfterFirstScalar: Bool = false) -> Int? {
        let end = bytes.count
        var index = 0
        while index < end {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                if stopAfterFirstScalar { return nil }
                continue
            }
            let secondRange: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF, 0xE1...0xEC, 0xEE...0xEF, 0xF1...0xF3: secondRange = 0x80...0xBF
            case 0xE0: secondRange = 0xA0...0xBF
            case 0xED: secondRange = 0x80...0x9F
            case 0xF0: secondRange = 0x90...0xBF
            case 0xF4: secondRange = 0x80...0x8F
            default: return index
            }
            let length = sequenceLength(lead: lead)
            guard index + length <= end else { return index }
            guard secondRange.contains(bytes[index + 1]) else { return index }
            for continuation in (index + 2)..<(index + length) where bytes[continuation] & 0xC0 != 0x80 {
                return index
            }
            index += length
            if stopAfterFirstScalar { return nil }
        }
        return nil
    }
}
