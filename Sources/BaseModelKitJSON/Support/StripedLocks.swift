import CBaseModelKitAtomics

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Locks shared by many small, short-lived objects: an object's state is guarded by one of a fixed
/// set of locks, chosen by the object's address, instead of a lock of its own.
///
/// Why: a decoded object whose hook runs gets a `DeferredObject`; a lock of its own was one more
/// allocation (and a mutex initialisation) per object, and a `pthread_mutex_t` lock and unlock cost
/// many times what a compare-and-swap and a store cost. Each stripe is one word, taken with a
/// compare-and-swap (acquire) and given back with a store (release), in a cache line of its own; a
/// thread that finds it taken yields until it is free. Every critical section is a few field
/// updates or one parse, so waiting is rare and short. Two objects that share a stripe only wait
/// for each other if they are used at the same moment on two threads.
///
/// A body must not take a striped lock again (not even for another object, which may share the
/// stripe): the locks are not recursive.
@usableFromInline package enum StripedLocks {
    @usableFromInline package static let count = Int(BMK_LOCK_STRIPES)

    /// Runs `body` holding the lock of `object`'s stripe.
    @inline(__always)
    @inlinable package static func withLock<Result>(for object: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        // Objects are at least 16-byte aligned: the address bits above those pick the stripe. (The
        // address itself: `hashValue` would run the hasher per object.)
        let stripe = Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(object)) >> 4) & (count - 1)
        // Sound: the words are a C array with static storage (they live as long as the program),
        // the index is below `BMK_LOCK_STRIPES`, and only the atomic operations below touch them.
        let word = bmk_lock_stripe(stripe)!
        while !AtomicOperations.compareExchange(word, expected: 0, desired: 1) {
            sched_yield()
        }
        defer { AtomicOperations.store(0, to: word) }
        return try body()
    }
}
