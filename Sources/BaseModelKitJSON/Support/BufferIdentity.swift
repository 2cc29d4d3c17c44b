/// Which buffer a copy-on-write collection value — an `Array` or a `Dictionary`, or an optional of
/// one — refers to: such a value is a single reference to its buffer, so its bits name the buffer.
///
/// Two values with the same identity share one buffer and so hold the same elements — as long as the
/// earlier value is still alive: while it holds the buffer, the buffer is not uniquely referenced,
/// so any change through another value copies it first and gets another identity (the buffer cannot
/// be freed and its address reused either). An unchanged property keeps its identity; that is how a
/// change set tells in O(1) that a merged collection gained or lost no element.
@usableFromInline package enum BufferIdentity {
    /// The bits of `value`, for a value the size of one reference; `nil` for any other size.
    @inlinable package static func of<Value>(_ value: Value) -> UInt? {
        guard MemoryLayout<Value>.size == MemoryLayout<UInt>.size else { return nil }
        // Sound: `value` is one word (checked above) and `UInt` is a trivial word: the cast copies the
        // word's bits and takes no ownership of a reference they may hold. (`withUnsafeBytes(of:)`
        // runs unspecialised in the generic merges.) `BufferIdentityTests` checks the meaning.
        return unsafeBitCast(value, to: UInt.self)
    }
}
