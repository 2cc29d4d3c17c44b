import CBaseModelKitAtomics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells how much of the current thread's stack is left, so that the engine can refuse nesting that
/// would overflow it with an error instead of a crash.
///
/// Models nest through recursion (a model's coder decodes its nested models), and so do `JSON`
/// values when they are written. `maxDepth` bounds that recursion, but it counts levels, not bytes: a
/// user may raise it, a frame's size differs between debug and release builds, and a thread's stack
/// /// may be 64 KB or 8 MB. So each level also asks whether its thread's reserve is left: a call finds its
/// thread's `Limit` once (a session holds it; a writer finds it at its first container), and each level
/// compares the address of a local with it.
///
/// How it is sound: the thread's lowest usable stack address comes from the C library
/// (`pthread_getattr_np`, found with `dlsym` and called through its exact C signature, then
/// `pthread_attr_getstack` on Linux; `pthread_get_stackaddr_np` minus
/// `pthread_get_stacksize_np` on Darwin, where the address is the top) and is cached per thread in
/// C thread-local storage as two integers (lowest and highest address) — no memory is ever read or
/// written through them. The current position is the address of a local variable, taken with
/// `withUnsafeMutablePointer` and only compared, never dereferenced. Stacks grow downwards on every
/// platform Swift supports. If the bounds cannot be found, or the local is not inside them (as under
/// AddressSanitizer), the guard answers "enough" and the depth limits alone apply. The "Nesting depth"
/// tests decode and encode graphs deeper than a small thread's stack allows, on threads with small and
/// large stacks: an error on the first, success on the second, a crash on neither.
@usableFromInline package enum StackGuard {
    /// Bytes kept free below the deepest level the engine enters, on a thread with a large stack:
    /// room for a level's own frames in a debug build (about 6 KB per nested model measured), hooks,
    /// and the error path.
    @usableFromInline package static let largeReserve = 256 * 1024

    /// The least kept free on a small stack: one level of a debug build with hooks, plus the error
    /// path, measured on 64 KB threads (see `reserve(forStackOf:)`).
    @usableFromInline package static let smallReserve = 24 * 1024

    /// The bytes kept free on a thread whose stack is `size` bytes: a quarter of it, between
    /// `smallReserve` and `largeReserve`. A fixed 256 KB would leave nothing usable on a 96 KB
    /// thread; a fixed small one would leave too little for hooks on an 8 MB main thread.
    @inlinable package static func reserve(forStackOf size: UInt) -> UInt {
        min(UInt(largeReserve), max(UInt(smallReserve), size / 4))
    }

    /// The current thread's limit, found once per call so that each level costs a comparison rather
    /// than a lookup of the thread's bounds (the bounds were once looked up per nested model). `nil`
    /// when the bounds are unknown.
    @usableFromInline package static func currentLimit() -> Limit? {
        guard let (low, high) = bounds() else { return nil }
        return Limit(threshold: low + reserve(forStackOf: high - low), low: low, high: high)
    }

    /// The lowest address a level may start at on one thread, with the thread's bounds.
    @usableFromInline package struct Limit: Sendable {
        @usableFromInline package let threshold: UInt
        @usableFromInline package let low: UInt
        @usableFromInline package let high: UInt

        /// Whether the caller, on the thread the limit was found on, has more than the reserve left.
        /// On another thread (a local outside these bounds) it cannot tell, and answers yes.
        @inline(__always)
        @inlinable package func allowsDeeper() -> Bool {
            var marker: UInt8 = 0
            // Sound: the pointer is only turned into a number and compared, never dereferenced.
            let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
            guard here >= low, here < high else { return true }
            return here > threshold
        }
    }

    /// The lowest and highest address of the current thread's stack, found once per thread and
    /// cached in C thread-local storage (`bmk_cached_stack_bounds`).
    private static func bounds() -> (low: UInt, high: UInt)? {
        var low: UInt = 0
        var high: UInt = 0
        // Sound: the C functions write the two integers passed by address for the call only.
        if bmk_cached_stack_bounds(&low, &high) {
            return (low, high)
        }
        guard let (found, size) = queryStack(), found != 0, size > 0 else { return nil }
        bmk_cache_stack_bounds(found, found + size)
        return (found, found + size)
    }

    /// The lowest address and the size of the current thread's stack.
    private static func queryStack() -> (low: UInt, size: UInt)? {
        #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        let size = UInt(pthread_get_stacksize_np(pthread_self()))
        return top > size ? (top - size, size) : nil
        #else
        var attributes = pthread_attr_t()
        guard let getAttributes, getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        // Sound: `pthread_attr_getstack` writes the stack's address here; it is only turned into a number.
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return (UInt(bitPattern: address), UInt(size))
        #endif
    }

    #if !canImport(Darwin)
    /// `pthread_getattr_np`, which the C library has but Swift's module for it does not declare (the
    /// header hides it behind `_GNU_SOURCE`). Looked up by name and called through its C signature,
    /// `int pthread_getattr_np(pthread_t, pthread_attr_t *)`; `nil` if the C library lacks it.
    // Sound: the C function's exact signature, so the call passes its arguments as C expects them.
    private typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> CInt
    private static let getAttributes: GetAttributes? = {
        // A null handle is RTLD_DEFAULT: search the libraries already loaded.
        guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
        // Sound: a C function pointer is one word, and the symbol is the function `GetAttributes` declares.
        return unsafeBitCast(symbol, to: GetAttributes.self)
    }()
    #endif
}
