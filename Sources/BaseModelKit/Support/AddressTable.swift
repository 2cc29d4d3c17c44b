/// A table of values keyed by the addresses of live objects: open addressing, probed linearly, at
/// most half full, shrunk when at most an eighth full. Not thread-safe: its owner keeps it under a
/// lock.
///
/// A `Dictionary` hashes its keys with `Hasher` (SipHash), about 250 instructions a lookup of a word
/// (callgrind); an address is no text from outside, so one multiplication spreads it well enough
/// (Fibonacci hashing: the product's high bits, which every bit of the address reaches). A removal
/// moves back the values after it that their probe would no longer reach, so the table needs no
/// markers for removed keys.
struct AddressTable<Value> {
    private struct Slot {
        /// The key; 0 for a free place (no object has the address 0).
        var address: UInt = 0
        var value: Value?
    }

    private var slots = [Slot](repeating: Slot(), count: AddressTable.smallest)
    /// How many keys the table holds.
    private(set) var count = 0

    private static var smallest: Int { 16 }

    /// The value kept for `address`, if any.
    subscript(address: UInt) -> Value? {
        get {
            slots[place(of: address)].value
        }
        set {
            precondition(address != 0, "an address table's key is the address of an object")
            let index = place(of: address)
            switch (slots[index].address != 0, newValue) {
            case (true, .some):
                slots[index].value = newValue
            case (false, .some):
                slots[index] = Slot(address: address, value: newValue)
                count += 1
                if 2 * count > slots.count { resize(to: 2 * slots.count) }
            case (true, .none):
                vacate(index)
            case (false, .none):
                break
            }
        }
    }

    /// Removes the value kept for `address`; the value, if there was one.
    mutating func removeValue(for address: UInt) -> Value? {
        let index = place(of: address)
        guard slots[index].address != 0 else { return nil }
        let value = slots[index].value
        vacate(index)
        return value
    }

    /// Removes the key at `index`, shrinking the table when it is at most an eighth full.
    private mutating func vacate(_ index: Int) {
        remove(at: index)
        count -= 1
        if 8 * count <= slots.count, slots.count > AddressTable.smallest { resize(to: slots.count / 2) }
    }

    /// Where `address` first probes.
    private func home(of address: UInt) -> Int {
        Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> UInt(UInt.bitWidth - slots.count.trailingZeroBitCount))
    }

    /// The place holding `address`, or the free place where it would go. Ends: the table is never
    /// full.
    private func place(of address: UInt) -> Int {
        let mask = slots.count - 1
        var index = home(of: address)
        while slots[index].address != 0, slots[index].address != address {
            index = (index + 1) & mask
        }
        return index
    }

    /// Frees the place at `index`, moving back into it each following key of the same run whose
    /// probe starts at or before it, so that every key stays reachable from its home.
    private mutating func remove(at index: Int) {
        let mask = slots.count - 1
        var hole = index
        var next = (hole + 1) & mask
        while slots[next].address != 0 {
            // The key at `next` may fill the hole when the hole lies on its probe: no farther from
            // its home than `next` is.
            if (next - home(of: slots[next].address)) & mask >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Slot()
    }

    private mutating func resize(to capacity: Int) {
        let old = slots
        slots = [Slot](repeating: Slot(), count: capacity)
        for slot in old where slot.address != 0 {
            slots[place(of: slot.address)] = slot
        }
    }
}
