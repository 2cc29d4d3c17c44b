import Foundation

extension String {
    /// Whether this string's UTF-8 bytes come before `other`'s in byte order (the order sorted keys
    /// are written in, as `JSONSerialization`'s `.sortedKeys` and `JSONEncoder`'s do for ASCII).
    ///
    /// The same answer as `utf8.lexicographicallyPrecedes(other.utf8)`, which compared through the
    /// generic sequence path a byte at a time (citm_catalog.json's dictionaries have hundreds of
    /// keys of nine digits). This compares the two contiguous UTF-8 runs with `memcmp`.
    /// `UTF8OrderTests` checks it against the generic comparison on ASCII, non-ASCII, prefix,
    /// empty and bridged strings.
    @inlinable package func utf8Precedes(_ other: String) -> Bool {
        withUTF8Runs(other) { left, right in
            // `memcmp` reads at most the shorter run's count.
            let shared = Swift.min(left.count, right.count)
            if shared > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
                let order = memcmp(leftBase, rightBase, shared)
                if order != 0 { return order < 0 }
            }
            return left.count < right.count
        }
    }

    /// Whether this string's UTF-8 bytes are `other`'s: exact sameness, which `==` (canonical
    /// equivalence) is not. Compared with `memcmp`, as `utf8Precedes` is, rather than a byte at a
    /// time through the generic sequence path.
    @inlinable package func utf8Equals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        // Both runs hold `left.count` bytes (checked above).
        return withUTF8Runs(other) { left, right in
            guard left.count > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return left.count == right.count }
            return memcmp(leftBase, rightBase, left.count) == 0
        }
    }

    /// `body` with this string's contiguous UTF-8 and `other`'s. Sound: each run is lent for the
    /// closure only. A native or small string lends its own bytes where they are (copying each
    /// string into a `var` for `withUTF8` retained and released it per comparison); a bridged or
    /// lazy one is made native first.
    @inlinable package func withUTF8Runs<Result>(_ other: String, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let lent = utf8.withContiguousStorageIfAvailable({ left in other.utf8.withContiguousStorageIfAvailable { right in body(left, right) } }),
           let result = lent {
            return result
        }
        var this = self
        var other = other
        return this.withUTF8 { left in other.withUTF8 { right in body(left, right) } }
    }
}

extension String {
    /// The first eight UTF-8 bytes as an integer, the first byte highest, padded with zero bytes:
    /// strings whose integers differ differ (and are in that order by `utf8Precedes`).
    @inlinable package var utf8LeadingWord: UInt64 {
        utf8.withContiguousStorageIfAvailable(leadingWord) ?? leadingWord(Array(utf8.prefix(8)))
    }
}

extension Sequence<String> {
    /// The strings sorted by their UTF-8 bytes (`utf8Precedes`), as a dictionary's keys are written.
    @inlinable package func utf8Sorted() -> [String] {
        let strings = Array(self)
        var sorted: [String] = []
        sorted.reserveCapacity(strings.count)
        forEachInUTF8Order(strings) { sorted.append(strings[$0]) }
        return sorted
    }
}

/// Calls `body` with each position of `strings`, in the order of the strings' UTF-8 bytes
/// (`utf8Precedes`).
///
/// Each string's first eight bytes are read once into an integer, high byte first and zero-padded,
/// and the positions sorted by those integers: two strings whose integers differ are in that order,
/// and only those with the same integer are compared whole. (Sorting the strings themselves retained
/// and released both at every comparison.) The positions are sorted in a temporary buffer, on the
/// stack for a few dozen strings.
@usableFromInline package func forEachInUTF8Order(_ strings: [String], _ body: (Int) throws -> Void) rethrows {
    // Sound: the buffer is lent for the closure; each of its `strings.count` elements is initialised
    // before the sort reads them, and they are plain integers, left without deinitialising.
    try withUnsafeTemporaryAllocation(of: (leading: UInt64, position: Int).self, capacity: strings.count) { buffer in
        var ranked = buffer
        for position in strings.indices {
            (ranked.baseAddress! + position).initialize(to: (strings[position].utf8LeadingWord, position))
        }
        ranked.sort { left, right in
            left.leading != right.leading ? left.leading < right.leading : strings[left.position].utf8Precedes(strings[right.position])
        }
        for entry in ranked {
            try body(entry.position)
        }
    }
}

/// The first eight of `bytes` as an integer, the first byte highest, padded with zero bytes.
@usableFromInline func leadingWord(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    guard let base = bytes.baseAddress else { return 0 }
    if bytes.count >= 8 {
        // Sound: the buffer is lent for the call and holds at least the eight bytes read, which
        // `loadUnaligned` reads wherever they lie.
        return UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
    }
    var word: UInt64 = 0
    // Sound: read only below the buffer's count.
    for index in 0..<bytes.count {
        word |= UInt64(base[index]) << (56 - 8 * index)
    }
    return word
}

@usableFromInline func leadingWord(_ bytes: [UInt8]) -> UInt64 {
    // Sound: the array's buffer is lent for the call only.
    bytes.withUnsafeBufferPointer(leadingWord)
}
