/// Finds whether a list of object keys repeats one, in time linear in the number of keys.
///
/// A small open-addressing table of key positions, reused from object to object. Keys are hashed on
/// their length and first byte only (constant time for any key; keys that share them are
/// still told apart by a full comparison on every hash match, so collisions cost time, never
/// correctness). Each slot carries the number of the search that filled it, so the table needs no
/// clearing between objects.
struct RepeatedKeyFinder {
    private var slots: [UInt64] = []
    private var search: UInt64 = 0

    /// Whether some key in `members` appears more than once.
    mutating func hasDuplicate(_ members: [JSONObject.Member]) -> Bool {
        if members.count < 2 { return false }
        if members.count == 2 { return JSONObject.isSameKey(members[0].key, members[1].key) }
        var capacity = 16
        while capacity < members.count * 2 { capacity <<= 1 }
        if slots.count < capacity || search == UInt64(UInt32.max) {
            slots = [UInt64](repeating: 0, count: max(capacity, slots.count))
            search = 0
        }
        search += 1
        let mask = capacity - 1
        for (position, member) in members.enumerated() {
            let key = member.key
            var slot = RepeatedKeyFinder.hash(key) & mask
            while slots[slot] >> 32 == search {
                if JSONObject.isSameKey(members[Int(slots[slot] & 0xFFFF_FFFF)].key, key) { return true }
                slot = (slot + 1) & mask
            }
            slots[slot] = search << 32 | UInt64(position)
        }
        return false
    }

    private static func hash(_ key: String) -> Int {
        let utf8 = key.utf8
        var hash = UInt64(truncatingIfNeeded: utf8.count) &* 0x9E37_79B9_7F4A_7C15
        hash ^= UInt64(utf8.first ?? 0) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
