/// The indices seen so far in one pass: the members an update's loop has read in one object, the
/// positions a partial merge has listed in one array. A bit each for the first 64, so that the
/// common case allocates nothing and has nothing to release; a `FewSet`, made at the first, for
/// any further ones.
@usableFromInline package struct SeenIndices {
    @usableFromInline package var first: UInt64
    @usableFromInline package var further: FewSet<Int>?

    @inlinable package init() {
        first = 0
        further = nil
    }

    /// Notes `index` (not negative); `false` when it was seen before.
    @inline(__always)
    @inlinable package mutating func insert(_ index: Int) -> Bool {
        guard index < 64 else {
            if further == nil { further = FewSet() }
            return further!.insert(index)
        }
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: index)
        if first & bit != 0 { return false }
        first |= bit
        return true
    }
}
