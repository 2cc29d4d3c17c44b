import CBaseModelKitAtomics

/// One machine word that threads read and change without a lock (C11 atomics from
/// `CBaseModelKitAtomics`, which exist below the package's platform floor, where `Synchronization`'s
/// `Atomic` does not). Loads acquire, stores release, read-modify-writes do both.
///
/// The word is the single element of a `ManagedBuffer`, whose address is fixed for the buffer's
/// life, so every operation addresses the same memory; copies share the word. `@unchecked Sendable`
/// because `ManagedBuffer` is not: only atomic operations touch the word once it is shared.
struct AtomicWord: @unchecked Sendable {
    private let storage: ManagedBuffer<Void, Int>

    /// A word holding `value`.
    static func make(_ value: Int) -> AtomicWord {
        let storage = ManagedBuffer<Void, Int>.create(minimumCapacity: 1) { _ in }
        // Sound: room for one `Int` (`minimumCapacity: 1`), initialised before the word is shared. An
        // `Int` needs no deinitialisation, so the buffer may free it without being told.
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: value) }
        return AtomicWord(storage: storage)
    }

    @inline(__always)
    func load() -> Int {
        // Sound: the element lives as long as `storage`, and only these atomic operations touch it.
        storage.withUnsafeMutablePointerToElements { AtomicOperations.load($0) }
    }

    @inline(__always)
    func store(_ value: Int) {
        // Sound: as in `load`.
        storage.withUnsafeMutablePointerToElements { AtomicOperations.store(value, to: $0) }
    }

    /// Replaces `expected` by `desired` if the word holds `expected`; whether it did.
    @inline(__always)
    func compareExchange(expected: Int, desired: Int) -> Bool {
        // Sound: as in `load`.
        storage.withUnsafeMutablePointerToElements { AtomicOperations.compareExchange($0, expected: expected, desired: desired) }
    }

    /// Adds `delta`; the value before.
    @inline(__always)
    @discardableResult
    func add(_ delta: Int) -> Int {
        // Sound: as in `load`.
        storage.withUnsafeMutablePointerToElements { AtomicOperations.add(delta, to: $0) }
    }
}

/// The calling thread, as a number no other running thread has: even and never 0.
enum ThreadIdentity {
    static var current: Int { bmk_thread_identity() }
}

/// One address per thread, which the calling thread alone reads and sets (C thread-local storage):
/// `nil` on a thread that never set it. What it points to, and for how long, is the setter's rule.
enum ThreadAddress {
    static var current: UnsafeRawPointer? {
        get { bmk_current_encoding() }
        set { bmk_set_current_encoding(newValue) }
    }
}

/// The atomic operations on a word at a fixed address that only they touch once it is shared
/// (`AtomicWord`'s element, the access word of a model).
enum AtomicOperations {
    @inline(__always)
    static func load(_ word: UnsafeMutablePointer<Int>) -> Int {
        // Sound: `Int` and `intptr_t` are the same type on every supported platform (the importer maps
        // one to the other), so the call reads exactly the caller's word.
        bmk_atomic_load(word)
    }

    @inline(__always)
    static func store(_ value: Int, to word: UnsafeMutablePointer<Int>) {
        // Sound: as in `load`.
        bmk_atomic_store(word, value)
    }

    /// Replaces `expected` by `desired` if the word holds `expected`; whether it did.
    @inline(__always)
    static func compareExchange(_ word: UnsafeMutablePointer<Int>, expected: Int, desired: Int) -> Bool {
        // Sound: as in `load`.
        bmk_atomic_compare_exchange(word, expected, desired)
    }

    /// Adds `delta`; the value before.
    @inline(__always)
    static func add(_ delta: Int, to word: UnsafeMutablePointer<Int>) -> Int {
        // Sound: as in `load`.
        bmk_atomic_fetch_add(word, delta)
    }
}
