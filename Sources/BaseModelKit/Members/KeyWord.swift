import BaseModelKitJSON
/// A member's key as a compact document writes it, `"key":`, in at most two words: what the member
/// loop compares with the bytes at the parser's position (`DocumentBytes.word(at:)`). Only for keys
/// whose text is at most sixteen bytes and needs no escape; any other member has a length of zero
/// and never matches, so its key is read as before.
struct KeyWord {
    /// The text's first eight bytes, and the mask of those it has.
    let bits: UInt64
    let mask: UInt64
    /// Its next eight (a zero mask for a text of at most eight bytes).
    let nextBits: UInt64
    let nextMask: UInt64
    /// How many bytes the text has; 0 for a member without a word.
    let length: Int

    init(key: [UInt8]) {
        let text = [UInt8(ascii: "\"")] + key + [UInt8(ascii: "\""), UInt8(ascii: ":")]
        guard text.count <= 16, DocumentBytes.needsNoEscape(key) else {
            (bits, mask, nextBits, nextMask, length) = (0, 0, 0, 0, 0)
            return
        }
        (bits, mask) = DocumentBytes.word(of: text.prefix(8))
        (nextBits, nextMask) = DocumentBytes.word(of: text.dropFirst(8))
        length = text.count
    }

    /// Whether `bytes` hold the text at `index`.
    @inline(__always)
    func matches(_ bytes: DocumentBytes, at index: Int) -> Bool {
        guard length > 0, let first = bytes.word(at: index), first & mask == bits else { return false }
        guard length > 8 else { return true }
        guard let next = bytes.word(at: index + 8) else { return false }
        return next & nextMask == nextBits
    }
}
