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
        var this = self
        var other = other
        // Sound: `withUTF8` lends each string's contiguous UTF-8 (making a bridged or lazy string
        // native first) for its closure only, and `memcmp` reads at most the shorter count of both.
        return this.withUTF8 { left in
            other.withUTF8 { right in
                let shared = Swift.min(left.count, right.count)
                if shared > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
                    let order = memcmp(leftBase, rightBase, shared)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }

    /// Whether this string's UTF-8 bytes are `other`'s: exact sameness, which `==` (canonical
    /// equivalence) is not. Compared with `memcmp`, as `utf8Precedes` is, rather than a byte at a
    /// time through the generic sequence path.
    @inlinable package func utf8Equals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        var this = self
        var other = other
        // Sound: as in `utf8Precedes`; both runs hold `left.count` bytes (checked above).
        return this.withUTF8 { left in
            other.withUTF8 { right in
                guard left.count > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return left.count == right.count }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
    }
}
