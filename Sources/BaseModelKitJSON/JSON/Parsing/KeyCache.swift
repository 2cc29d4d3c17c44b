/// Remembers the object keys of one document, so that a key met again is not made into a new `String`.
///
/// Documents repeat the same few keys thousands of times. A key is found by a hash of its bytes,
/// computed while it is scanned, and confirmed by comparing those bytes with the bytes of its first
/// appearance in the same input — so a hit returns exactly the string a fresh read would make.
///
/// Objects of the same shape list the same keys in the same order, so each slot also remembers which
/// key came after it last time: the next key is first compared with that one in place, before any
/// scanning or hashing.
@usableFromInline package struct KeyCache {
    @usableFromInline package struct Slot {
        @usableFromInline package var start: Int = 0
        @usableFromInline package var length: Int = -1
        @usableFromInline package var key: String = ""
        /// The slot of the key read right after this one last time, or -1.
        @usableFromInline package var successor: Int = -1
    }

    /// The slot of the key read last, or -1.
    @usableFromInline package var lastSlot = -1

    /// Keys longer than this are read as ordinary strings (comparing them costs as much as making them).
    @usableFromInline package static let maximumLength = 40

    /// Made on the first key, so that documents without objects pay nothing.
    @usableFromInline package var slots: [Slot] = []
    @usableFromInline package var mask = 0
    /// The table's size: a power of two that grows with the input, from 16 to 512 slots.
    @usableFromInline package let slotCount: Int

    @inlinable package init(inputLength: Int) {
        var count = 16
        while count < 512 && count * 64 < inputLength { count <<= 1 }
        slotCount = count
    }

    /// The key that followed the previous key last time, if the bytes at `start` are exactly that key
    /// and its closing quote; with the index of that quote.
    @inlinable package mutating func predictedKey(in bytes: DocumentBytes, at start: Int) -> (key: String, end: Int)? {
        guard lastSlot >= 0 else { return nil }
        let next = slots[lastSlot].successor
        guard next >= 0 else { return nil }
        let length = slots[next].length
        let cachedStart = slots[next].start
        let end = start + length
        guard length >= 0, bytes.byte(at: end) == UInt8(ascii: "\""),
              ByteScanning.equal(bytes, at: cachedStart, and: start, count: length) else { return nil }
        lastSlot = next
        return (slots[next].key, end)
    }

    /// The cached key whose bytes equal `bytes[start..<end]`, if there is one.
    @inlinable package mutating func key(in bytes: DocumentBytes, from start: Int, to end: Int, hash: Int) -> String? {
        guard !slots.isEmpty else { return nil }
        let index = hash & mask
        guard slots[index].length == end - start else { return nil }
        guard ByteScanning.equal(bytes, at: slots[index].start, and: start, count: end - start) else { return nil }
        follow(with: index)
        return slots[index].key
    }

    /// Records that the key in slot `index` was read after the previous one.
    @inlinable package mutating func follow(with index: Int) {
        if lastSlot >= 0 { slots[lastSlot].successor = index }
        lastSlot = index
    }

    /// Remembers `key`, made from `bytes[start..<end]`.
    @usableFromInline package mutating func remember(_ key: String, from start: Int, to end: Int, hash: Int) {
        if slots.isEmpty {
            slots = [Slot](repeating: Slot(), count: slotCount)
            mask = slotCount - 1
        }
        let index = hash & mask
        slots[index] = Slot(start: start, length: end - start, key: key)
        follow(with: index)
    }
}
