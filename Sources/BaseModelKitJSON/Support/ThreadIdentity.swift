import CBaseModelKitAtomics

/// The calling thread, as a number no other running thread has: even and never 0.
@usableFromInline package enum ThreadIdentity {
    @usableFromInline package static var current: Int { bmk_thread_identity() }
}
