import BaseModelKitJSON
/// An object's start with a given first key in compact form, `{"key":`, as the bytes of one word
/// (in memory order, as `DocumentBytes.word(at:)` loads them) and the mask of those it has: what
/// `JSONParser.firstMemberIdentity` compares in one step. `nil` for a key that does not fit in a word
/// with its brackets, or needs an escape.
struct LeadingKeyWord: Sendable {
    let bits: UInt64
    let mask: UInt64
    let length: Int

    init?(key: [UInt8]) {
        let text = [UInt8(ascii: "{"), UInt8(ascii: "\"")] + key + [UInt8(ascii: "\""), UInt8(ascii: ":")]
        guard text.count <= 8, DocumentBytes.needsNoEscape(key) else { return nil }
        (bits, mask) = DocumentBytes.word(of: text[...])
        length = text.count
    }
}
