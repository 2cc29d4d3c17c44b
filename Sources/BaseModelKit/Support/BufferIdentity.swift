/// Which buffer a copy-on-write collection value — an `Array` or a `Dictionary`, or an optional of
/// one — refers to: such a value is a single reference to its buffer, so its bits name the buffer.
///
/// Two values with the same identity share one buffer and so hold the same elements — as long as the
/// earlier value is still alive: while it holds the buffer, the buffer is not uniquely referenced,
/// so any change through another value copies it first and gets another identity (the buffer cannot
/// be freed and its address reused either). An unchanged property keeps its identity; that is how a
/// change set tells in O(1) that a merged collection gained or lost no element.
enum BufferIdentity {
    /// The bits of `value`, for a value the size of one reference; `nil` for any other size.
    static func of<Value>(_ value: Value) -> UInt? {
        guard MemoryLayout<Value>.size == MemoryLayout<UInt>.size else { return nil }
        var bits: UInt = 0
        // Sound: `withUnsafeBytes` lends the bytes of a copy of `value`, exactly as many as `bits`
        // has; copying them is a plain byte copy (no alignment needed) that takes no ownership of a
        // reference they may hold. `BufferIdentityTests` checks the meaning.
        withUnsafeBytes(of: value) { bytes in
            withUnsafeMutableBytes(of: &bits) { $0.copyMemory(from: bytes) }
        }
        return bits
    }
}
