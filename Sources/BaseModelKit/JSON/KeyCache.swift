/// Remembers the object keys of one document, so that a key met again is not made into a new `String`.
///
/// Documents repeat the same few keys thousands of times. A key is found by a hash of its bytes,
/// computed while it is scanned, and confirmed by comparing those bytes with the bytes of its first
/// appearance in the same input — so a hit returns exactly the string a fresh read would make.
struct KeyCache {
    private struct Slot {
        var start: Int = 0
        var length: Int = -1
        var key: String = ""
    }

    /// Keys longer than this are read as ordinary strings (comparing them costs as much as making them).
    static let maximumLength = 40

    /// Made on the first key, so that documents without objects pay nothing.
    private var slots: [Slot] = []
    private var mask = 0
    /// The table's size: a power of two that grows with the input, from 16 to 512 slots.
    private let slotCount: Int

    init(inputLength: Int) {
        var count = 16
        while count < 512 && count * 64 < inputLength { count <<= 1 }
        slotCount = count
    }

    /// The cached key whose bytes equal `bytes[start..<end]`, if there is one.
    func key(in bytes: [UInt8], from start: Int, to end: Int, hash: Int) -> String? {
        guard !slots.isEmpty else { return nil }
        let slot = slots[hash & mask]
        guard slot.length == end - start else { return nil }
        var offset = 0
        while offset < slot.length {
            guard bytes[slot.start + offset] == bytes[start + offset] else { return nil }
            offset += 1
        }
        return slot.key
    }

    /// Remembers `key`, made from `bytes[start..<end]`.
    mutating func remember(_ key: String, from start: Int, to end: Int, hash: Int) {
        if slots.isEmpty {
            slots = [Slot](repeating: Slot(), count: slotCount)
            mask = slotCount - 1
        }
        slots[hash & mask] = Slot(start: start, length: end - start, key: key)
    }
}
