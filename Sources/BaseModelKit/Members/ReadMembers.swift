import BaseModelKitJSON
/// The members an update's loop has read so far in one object (`MemberTable.watchRepeat`): a bit
/// each for the first 64, a set for any further ones.
struct ReadMembers {
    private var first: UInt64 = 0
    private var further: Set<Int> = []

    /// Notes member `index`; `false` when it was read before.
    @inline(__always)
    mutating func insert(_ index: Int) -> Bool {
        guard index < 64 else { return further.insert(index).inserted }
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: index)
        if first & bit != 0 { return false }
        first |= bit
        return true
    }
}
