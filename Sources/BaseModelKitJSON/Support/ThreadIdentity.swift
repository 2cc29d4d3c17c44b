import CBaseModelKitAtomics

/// The calling thread, as a number no other running thread has: even and never 0.
@usableFromInline package enum ThreadIdentity {
    /// Inlinable, so that the engine calls the C function itself (the hand-over of each hooked
    /// object asks it three times).
    @inlinable package static var current: Int { bmk_thread_identity() }
}
