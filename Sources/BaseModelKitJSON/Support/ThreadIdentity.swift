import CBaseModelKitAtomics

/// The calling thread, as a number no other running thread has: even and never 0.
@usableFromInline package enum ThreadIdentity {
    /// Inlinable, and inline in C, so that the engine reads the thread-local word where it asks
    /// (the hand-over of each hooked object asks three times).
    @inlinable package static var current: Int { bmk_thread_identity() }
}
