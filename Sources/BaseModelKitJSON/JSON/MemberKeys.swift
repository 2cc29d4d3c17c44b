/// The keys a reader and writer of objects takes as its own (a model's member table: the keys of
/// its map and their alternatives, and any key when it keeps unknown ones): what an object it wrote
/// may hold, and what its reading of an object may have consumed rather than passed over.
///
/// A final class, not a protocol its owner conforms to: asked through an existential, the keys were
/// retained and released at each question.
@usableFromInline package final class MemberKeys: Sendable {
    /// Each key's UTF-8 bytes.
    @usableFromInline let keys: [[UInt8]]
    /// The first bytes of the keys, so that most other keys are answered with one test.
    @usableFromInline let starts: ByteSet
    /// Whether every key is one of them (a model that keeps unknown keys).
    @usableFromInline let takesEveryKey: Bool

    package init(_ keys: [[UInt8]], takesEveryKey: Bool) {
        self.keys = keys
        starts = ByteSet(keys.compactMap(\.first))
        self.takesEveryKey = takesEveryKey
    }

    /// Whether `key` is one of them; `false` only when it cannot be. Compared by bytes, as member
    /// names are (`"é"` and `"e\u{301}"` are two).
    @inlinable package func isMember(_ key: String) -> Bool {
        if takesEveryKey { return true }
        // A key no key starts like (an override's own field, most often) is none.
        // (Read from the key's bytes where they lie: `utf8.first` was a call of its own.)
        if let first = key.utf8.withContiguousStorageIfAvailable({ $0.first }) ?? key.utf8.first, !starts.contains(first) { return false }
        var key = key
        return key.withUTF8 { key in keys.contains { $0.count == key.count && $0.elementsEqual(key) } }
    }
}
