#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value that threads share, reached only while holding a lock: `os_unfair_lock` on Apple
/// platforms (from macOS 10.12 / iOS 10), elsewhere a word taken with a compare-and-swap (acquire)
/// and given back with a store (release), yielding while another thread holds it — both below the
/// package's platform floor, where `Synchronization.Mutex` (macOS 15 / iOS 18) is not.
/// ThreadSanitizer intercepts `os_unfair_lock` and understands C11 atomics, so it sees the order
/// either imposes.
///
/// Why not `pthread_mutex_t` elsewhere: an update makes a few locks and takes them dozens of times,
/// each time alone; a mutex's initialisation, lock, unlock and destruction cost many times a
/// compare-and-swap and a store. Every critical section here is a few field updates, so waiting is
/// rare and short (as for `StripedLocks`).
///
/// One allocation holds both: the value is the header of a `ManagedBuffer` and the lock its one
/// element, whose address the buffer keeps fixed for its life (neither lock may move once used).
/// Copies of a `Lock` share that buffer. `@unchecked Sendable` because `ManagedBuffer` is not: the
/// value is reached only between lock and unlock.
@usableFromInline package struct Lock<Value>: @unchecked Sendable {
    #if canImport(Darwin)
    @usableFromInline package typealias Primitive = os_unfair_lock
    #else
    @usableFromInline package typealias Primitive = Int
    #endif

    @usableFromInline package let storage: Storage

    @usableFromInline package final class Storage: ManagedBuffer<Value, Primitive> {
        deinit {
            // Sound: nobody holds the lock while its buffer is being freed; `ManagedBuffer` destroys
            // the header (the value) itself, the element is ours to tear down.
            withUnsafeMutablePointerToElements { primitive in
                _ = primitive.deinitialize(count: 1)
            }
        }
    }

    /// A lock holding `value`.
    @usableFromInline package static func make(_ value: Value) -> Lock<Value> {
        let buffer = Storage.create(minimumCapacity: 1) { _ in value }
        // Sound: `create` is called on `Storage` itself, so the object it allocates is one.
        let storage = unsafeDowncast(buffer, to: Storage.self)
        // Sound: the element storage has room for one `Primitive` (`minimumCapacity: 1`) and is
        // initialised here, before anyone can take the lock.
        storage.withUnsafeMutablePointerToElements { primitive in
            #if canImport(Darwin)
            primitive.initialize(to: os_unfair_lock())
            #else
            primitive.initialize(to: 0)
            #endif
        }
        return Lock(storage: storage)
    }

    /// Runs `body` with the value while holding the lock.
    @inline(__always)
    @inlinable package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        // Sound: the header and the lock live as long as `storage`, which the call holds; the header
        // is only ever reached between lock and unlock, so no two threads touch it at once.
        try storage.withUnsafeMutablePointers { value, primitive in
            #if canImport(Darwin)
            os_unfair_lock_lock(primitive)
            defer { os_unfair_lock_unlock(primitive) }
            #else
            while !AtomicOperations.compareExchange(primitive, expected: 0, desired: 1) {
                sched_yield()
            }
            defer { AtomicOperations.store(0, to: primitive) }
            #endif
            return try body(&value.pointee)
        }
    }
}
