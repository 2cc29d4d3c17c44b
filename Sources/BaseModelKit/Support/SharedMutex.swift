#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A `Mutex` for state that threads really share (the plan cache), whose locking ThreadSanitizer can
/// see.
///
/// `Synchronization.Mutex` waits on the kernel directly (a futex on Linux), where ThreadSanitizer
/// cannot see it, so every access to the protected value from a second thread is reported as a race
/// although the mutex orders it (reproduced with a 15-line program of two threads and one `Mutex`).
/// This wrapper tells the sanitizer what the mutex does: after taking the lock it calls
/// `__tsan_acquire`, before giving it up `__tsan_release`, on the wrapper's own address — the
/// documented annotations for locks the sanitizer does not know. The two functions exist only in a
/// program built with `-sanitize=thread`; they are looked up by name once, and elsewhere the wrapper
/// is the plain `Mutex` plus one check of a `nil` function pointer. The address is passed only as an
/// identifier; nothing reads or writes through it. `Scripts/sanitizers.sh thread` runs the test suite,
/// with `ConcurrencyTests` racing eight threads on first use of the plans, clean under the sanitizer.
final class SharedMutex<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in
            // Sound: the address only names this lock to the sanitizer; nothing is read or written
            // through it, and `self` outlives the call.
            let identity = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
            ThreadSanitizerAnnotations.acquire?(identity)
            defer { ThreadSanitizerAnnotations.release?(identity) }
            return try body(&value)
        }
    }
}

/// ThreadSanitizer's annotation functions, when the program was built with it.
private enum ThreadSanitizerAnnotations {
    // Sound: the exact C signature of both annotation functions, `void f(void *addr)`.
    typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

    /// `void __tsan_acquire(void *addr)`.
    static let acquire: Annotation? = function(named: "__tsan_acquire")
    /// `void __tsan_release(void *addr)`.
    static let release: Annotation? = function(named: "__tsan_release")

    private static func function(named name: String) -> Annotation? {
        // RTLD_DEFAULT (a null handle): search everything already loaded.
        guard let symbol = dlsym(nil, name) else { return nil }
        // Sound: a C function pointer is one word, and the symbol is the function `Annotation` declares.
        return unsafeBitCast(symbol, to: Annotation.self)
    }
}
