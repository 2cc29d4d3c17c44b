/// The objects an update in place has changed, each with a copy of its fields from before, so that a
/// failed update can put every one of them back, and the objects it claimed (see the engine's
/// `ModelAccess`), so that it can give them back when it ends.
///
/// Kept flat, for the cost of a small update (callgrind on the live feed: the log was a quarter of an
/// update): the copies of all objects' fields in one array, and no set of the objects recorded unless
/// one is needed. An object this update claims is new to it (an object it recorded before is claimed
/// already), so only an object that was claimed already — reached again, or held by a call further
/// out on the same thread — is looked up, in a set made at the first such look-up.
final class ChangeLog: Sendable {
    private struct Entry {
        let object: AnyObject
        let copiers: FieldCopiers
        /// Where the object's copies start in `saved`.
        let start: Int
        /// Whether this update claimed the object, and must give it back.
        let claimed: Bool
    }

    private struct State {
        var entries: [Entry] = []
        var saved: [Any] = []
        /// The objects of `entries`, once a look-up needed them.
        var recorded: Set<ObjectIdentifier>?

        /// Whether `object` is recorded, making `recorded` if it is not made yet.
        mutating func contains(_ object: AnyObject) -> Bool {
            if recorded == nil { recorded = Set(entries.map { ObjectIdentifier($0.object) }) }
            return recorded!.contains(ObjectIdentifier(object))
        }
    }

    private let state = Lock.make(State())

    /// Whether `object` was recorded already in this update.
    func contains(_ object: AnyObject) -> Bool {
        state.withLock { $0.contains(object) }
    }

    /// Copies the fields of `object` unless it was copied already in this update. `claimed` says
    /// that this update has just claimed the object — so it is new to this update — and must give it
    /// back at the end.
    func record(_ object: AnyObject, copiers: FieldCopiers, claimed: Bool) {
        state.withLock { state in
            if !claimed, state.contains(object) { return }
            state.recorded?.insert(ObjectIdentifier(object))
            state.entries.append(Entry(object: object, copiers: copiers, start: state.saved.count, claimed: claimed))
            for copier in copiers.all {
                state.saved.append(copier.save(from: object))
            }
        }
    }

    /// The objects this update claimed, handed over once (the log is emptied): the caller gives them
    /// back.
    func takeClaimed() -> [AnyObject] {
        state.withLock { state in
            let claimed = state.entries.filter(\.claimed).map(\.object)
            state = State()
            return claimed
        }
    }

    /// Restores every recorded object, the most recent first. The log keeps its entries, for
    /// `takeClaimed`.
    func rollBack() {
        let (entries, saved) = state.withLock { ($0.entries, $0.saved) }
        for entry in entries.reversed() {
            for (offset, copier) in entry.copiers.all.enumerated() {
                copier.restore(saved[entry.start + offset], to: entry.object)
            }
        }
    }
}
