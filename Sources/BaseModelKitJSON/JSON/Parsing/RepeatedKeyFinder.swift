/// Finds whether a list of object keys repeats one, in time linear in the keys' bytes.
///
/// A small open-addressing table of key positions, reused from object to object. How a key is
/// hashed depends on the object's size:
/// - up to `JSONObject.indexThreshold` keys, on its length and first byte: constant time for any
///   key, and keys that share them are told apart by a full comparison, so an object of such keys
///   costs at most that many comparisons a key (reading more of each key cost more than the
///   comparisons it saves in ordinary documents);
/// - above it, on all its bytes with the standard library's `Hasher`, whose seed differs from
///   process to process: no set of keys chosen in advance (shared prefixes, equal lengths, numeric
///   ids) makes them collide, so a lookup probes a few slots whatever the keys. (Such an object
///   hashes every key for its index anyway.)
/// Each slot carries the number of the search that filled it, so the table needs no clearing
/// between objects.
@usableFromInline package struct RepeatedKeyFinder {
    @usableFromInline package var slots: [UInt64] = []
    @usableFromInline package var search: UInt64 = 0
    /// How many slots the searches so far have probed: the work a test bounds.
    @usableFromInline package private(set) var probes = 0

    /// Whether some key in `members` appears more than once.
    @inlinable package mutating func hasDuplicate(_ members: [JSONObject.Member]) -> Bool {
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
        let hashesEveryByte = members.count > JSONObject.indexThreshold
        for (position, member) in members.enumerated() {
            let key = member.key
            var slot = (hashesEveryByte ? RepeatedKeyFinder.hashOfBytes(key) : RepeatedKeyFinder.hashOfLengthAndFirstByte(key)) & mask
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

    /// A hash of the key's length and first UTF-8 byte.
    @inlinable package static func hashOfLengthAndFirstByte(_ key: String) -> Int {
        let utf8 = key.utf8
        var hash = UInt64(truncatingIfNeeded: utf8.count) &* 0x9E37_79B9_7F4A_7C15
        hash ^= UInt64(utf8.first ?? 0) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// A hash of the key's UTF-8 bytes, seeded per process: equal for keys that
    /// `JSONObject.isSameKey` finds the same (the same scalars are the same bytes).
    @inlinable package static func hashOfBytes(_ key: String) -> Int {
        var hasher = Hasher()
        for byte in key.utf8 {
            hasher.combine(byte)
        }
        return hasher.finalize()
    }
}
