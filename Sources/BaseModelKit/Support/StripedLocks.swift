/// Locks shared by many small, short-lived objects: an object's state is guarded by one of a fixed
/// set of locks, chosen by the object's address, instead of a lock of its own.
///
/// Why: a decoded object whose hook runs gets a `DeferredObject`; a lock of its own was one more
/// allocation (and a mutex initialisation) per object, about 5 % of decoding with an empty hook
/// (callgrind). Two objects that share a stripe only wait for each other if they are used at the
/// same moment on two threads, and every critical section is a few field updates or one parse.
///
/// A body must not take a striped lock again (not even for another object, which may share the
/// stripe): the locks are not recursive.
enum StripedLocks {
    private static let stripes: [Lock<Void>] = (0..<64).map { _ in Lock.make(()) }

    /// Runs `body` holding the lock of `object`'s stripe.
    @inline(__always)
    static func withLock<Result>(for object: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        // Objects are at least 16-byte aligned: the address bits above those pick the stripe. (The
        // address itself: `hashValue` would run the hasher, 350 M instructions of a hooked decode.)
        let index = Int(truncatingIfNeeded: UInt(bitPattern: ObjectIdentifier(object)) >> 4) & 63
        return try stripes[index].withLock { _ in try body() }
    }
}
