import CBaseModelKitAtomics

/// One address per thread, which the calling thread alone reads and sets (C thread-local storage):
/// `nil` on a thread that never set it. What it points to, and for how long, is the setter's rule.
/// Sound here whatever it points to: the address is only kept and handed back, never read through.
@usableFromInline package enum ThreadAddress {
    @inlinable package static var current: UnsafeRawPointer? {
        get { bmk_current_encoding() }
        set { bmk_set_current_encoding(newValue) }
    }
}
