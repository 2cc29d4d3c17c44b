/// A reference that any thread reads without taking a lock, and that is replaced only under a lock.
///
/// Why: a nested model looked its plan up, and a raw-value enum its learned cases, under a mutex for
/// every value decoded. A lock and unlock per value is a poor price for data that is written a handful
/// of times and then only read.
///
/// How: the current object's address sits in an atomic word. `publish` stores a new address with
/// release ordering while holding `writers`, and `read` loads it with acquire ordering, so a reader
/// that sees an address also sees the fully initialised object behind it.
///
/// Why it is sound: every object ever published is also appended to `kept`, which holds it strongly
/// until this reference itself is freed. An address loaded from the atomic word therefore always
/// points to a live object for as long as the caller holds this reference, which it does for the
/// duration of `read` — so `read` may lend the object without retaining it
/// (`_withUnsafeGuaranteedRef`). Published objects are never mutated (`Object` is `Sendable`, and
/// the users publish immutable values or classes with only `let`s). Only addresses of `Object`
/// instances are ever stored, so the conversion back to `Object` is exact. `PublishedReferenceTests`
/// races readers against a writer and checks that every read sees a complete object, also under
/// ThreadSanitizer (`Scripts/sanitizers.sh thread`).
@usableFromInline package final class PublishedReference<Object: AnyObject & Sendable>: Sendable {
    @usableFromInline package let address = AtomicWord.make(0)
    @usableFromInline package let writers = Lock<[Object]>.make([])

    @inlinable package init() {}

    /// Calls `body` with the object published last, or `nil` before the first `publish`.
    @inline(__always)
    @inlinable package func read<Result>(_ body: (Object?) throws -> Result) rethrows -> Result {
        guard let object = published() else { return try body(nil) }
        return try object._withUnsafeGuaranteedRef { try body($0) }
    }

    /// Calls `body` with the object published last, lent as a non-optional reference (handing it on
    /// as an `Optional` copied, and so retained, it); `nil` before the first `publish`, without
    /// calling `body`. Sound: as `read`.
    @inline(__always)
    @inlinable package func withPublished<Result>(_ body: (Object) throws -> Result) rethrows -> Result? {
        guard let object = published() else { return nil }
        return try object._withUnsafeGuaranteedRef { try body($0) }
    }

    /// The object published last, unretained; `nil` before the first `publish`. Sound: see the type.
    @inline(__always)
    @inlinable package func published() -> Unmanaged<Object>? {
        guard let pointer = UnsafeRawPointer(bitPattern: address.load()) else { return nil }
        return Unmanaged<Object>.fromOpaque(pointer)
    }

    /// Under the writers' lock, calls `replacement` with the current object; publishes what it
    /// returns, unless that is `nil`, and returns the object current afterwards.
    @discardableResult
    @inlinable package func publish(_ replacement: (Object?) throws -> Object?) rethrows -> Object? {
        try writers.withLock { kept in
            let current = kept.last
            guard let next = try replacement(current) else { return current }
            kept.append(next)
            address.store(Int(bitPattern: Unmanaged.passUnretained(next).toOpaque()))
            return next
        }
    }
}
