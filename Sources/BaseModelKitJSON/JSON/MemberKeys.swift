/// The keys a reader and writer of objects takes as its own (a model's member table: the keys of
/// its map and their alternatives, and any key when it keeps unknown ones): what an object it wrote
/// may hold, and what its reading of an object may have consumed rather than passed over.
@usableFromInline package protocol MemberKeys: AnyObject, Sendable {
    /// Whether `key` is one of them; `false` only when it cannot be.
    func isMember(_ key: String) -> Bool
}
