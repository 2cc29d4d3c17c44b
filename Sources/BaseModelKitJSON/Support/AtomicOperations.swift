import CBaseModelKitAtomics

/// The atomic operations on a word at a fixed address that only they touch once it is shared
/// (`AtomicWord`'s element, the access word of a model). Sound on a word that lives for the call and
/// that nothing but these operations touches once it is shared: each caller says why its word is one.
@usableFromInline package enum AtomicOperations {
    @inline(__always)
    @inlinable package static func load(_ word: UnsafeMutablePointer<Int>) -> Int {
        // Sound: `Int` and `intptr_t` are the same type on every supported platform (the importer maps
        // one to the other), so the call reads exactly the caller's word.
        bmk_atomic_load(word)
    }

    @inline(__always)
    @inlinable package static func store(_ value: Int, to word: UnsafeMutablePointer<Int>) {
        // Sound: as in `load`.
        bmk_atomic_store(word, value)
    }

    /// Replaces `expected` by `desired` if the word holds `expected`; whether it did.
    @inline(__always)
    @inlinable package static func compareExchange(_ word: UnsafeMutablePointer<Int>, expected: Int, desired: Int) -> Bool {
        // Sound: as in `load`.
        bmk_atomic_compare_exchange(word, expected, desired)
    }

    /// Adds `delta`; the value before.
    @inline(__always)
    @inlinable package static func add(_ delta: Int, to word: UnsafeMutablePointer<Int>) -> Int {
        // Sound: as in `load`.
        bmk_atomic_fetch_add(word, delta)
    }
}
