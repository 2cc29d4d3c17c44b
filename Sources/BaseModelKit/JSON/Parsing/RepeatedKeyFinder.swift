/// Finds whether a list of object keys repeats one, in time linear in the keys' bytes.
///
/// A small open-addressing table of key positions, reused from object to object. Keys are hashed
/// on all their bytes with the standard library's `Hasher`, whose seed differs from process to
/// process: no set of keys chosen in advance (shared prefixes, equal lengths, numeric ids) can make
/// them collide, so a lookup probes a few slots whatever the keys. Keys whose hashes meet are told
/// apart by a full comparison. Each slot carries the number of the search that filled it, so the
/// table needs no clearing between objects.
struct RepeatedKeyFinder {
    private var slots: [UInt64] = []
    private var search: UInt64 = 0
    /// How many slots the searches so far have probed: the work a test bounds.
    private(set) var probes = 0

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
            probes += 1
            while slots[slot] >> 32 == search {
                if JSONObject.isSameKey(members[Int(slots[slot] & 0xFFFF_FFFF)].key, key) { return true }
                slot = (slot + 1) & mask
                probes += 1
            }
            slots[slot] = search << 32 | UInt64(position)
        }
        return false
    }

    /// A hash of the key's UTF-8 bytes: equal for keys that `JSONObject.isSameKey` finds the same
    /// (the same scalars are the same bytes).
    private static func hash(_ key: String) -> Int {
        var hasher = Hasher()
        for byte in key.utf8 {
            hasher.combine(byte)
        }
        return hasher.finalize()
    }
}
