import CBaseModelKitAtomics

/// One machine word that threads read and change without a lock (C11 atomics from
/// `CBaseModelKitAtomics`, which exist below the package's platform floor, where `Synchronization`'s
/// `Atomic` does not). Loads acquire, stores release, read-modify-writes do both.
///
/// The word is the single element of a `ManagedBuffer`, whose address is fixed for the buffer's
/// life, so every operation addresses the same memory; copies share the word. `@unchecked Sendable`
/// because `ManagedBuffer` is not: only atomic operations touch the word once it is shared.
@usableFromInline package struct AtomicWord: @unchecked Sendable {
    @usableFromInline package let storage: ManagedBuffer<Void, Int>

    /// A word holding `value`.
    @usableFromInline package static func make(_ value: Int) -> AtomicWord {
        let storage = ManagedBuffer<Void, Int>.create(minimumCapacity: 1) { _ in }
        // Sound: room for one `Int` (`minimumCapacity: 1`), initialised before the word is shared. An
        // `Int` needs no deinitialisation, so the buffer may free it without being told.
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: value) }
        return AtomicWord(storage: storage)
    }

    @inline(__always)
    @inlinable package func load() -> Int {
        // Sound: the element lives as long as `storage`, and only these atomic operations touch it.
        storage.withUnsafeMutablePointerToElements { AtomicOperations.load($0) }
    }

    @inline(__always)
    @inlinable package func store(_ value: Int) {
        // Sound: as in `load`.
        storage.withUnsafeMutablePointerToElements { AtomicOperations.store(value, to: $0) }
    }

    /// Replaces `expected` by `desired` if the word holds `expected`; whether it did.
    @inline(__always)
    @inlinable package func compareExchange(expected: Int, desired: Int) -> Bool {
        // Sound: as in `load`.
        storage.withUnsafeMutablePointerToElements { AtomicOperations.compareExchange($0, expected: expected, desired: desired) }
    }

    /// Adds `delta`; the value before.
    @inline(__always)
    @discardableResult
    @inlinable package func add(_ delta: Int) -> Int {
        // Sound: as in `load`.
        storage.withUnsafeMutablePointerToElements { AtomicOperations.add(delta, to: $0) }
    }
}
