import Foundation

/// A member's key as written — quoted and escaped, without the colon — in memory its owner keeps for
/// longer than any write: a plan's member table (`MemberTable`) or static text.
///
/// Why: the member tables kept each key as an `[UInt8]`, and reading one out of the table's array
/// retained and released it for every member written. Sound: whoever makes a `QuotedKey` lends
/// memory that outlives the call it passes it to (the table is the `self` of the loop that writes
/// its members; `emptyKey` is static), and the writer only copies the bytes out.
///
/// The memory goes on after the key: `readable` bytes from its start can be read whatever the key's
/// length (the table's keys lie in one run followed by as many bytes of padding), so that the writer
/// copies a short key as two words (`ByteOutput.append(key:)`), not through `memcpy`.
@usableFromInline package struct QuotedKey {
    @usableFromInline package let bytes: UnsafeBufferPointer<UInt8>

    /// How many bytes from a key's start its memory holds, at least.
    @inlinable package static var readable: Int { 16 }

    @inlinable package init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// `""`, the placeholder key of `JSONWriter.writeElement(isFirst:asMember:)`.
    @inlinable package static var emptyKey: QuotedKey {
        // Sound: a static string's bytes live as long as the program; the two quotes are followed
        // by spaces, to make `readable` bytes in all.
        let text: StaticString = "\"\"              "
        assert(text.utf8CodeUnitCount >= readable, "emptyKey's padding is shorter than QuotedKey.readable")
        return QuotedKey(bytes: UnsafeBufferPointer(start: text.utf8Start, count: 2))
    }
}
