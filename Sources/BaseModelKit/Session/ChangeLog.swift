/// The objects an update in place has changed, each with a copy of its fields from before, so that a
/// failed update can put every one of them back, and the objects it claimed (see the engine's
/// `ModelAccess`), so that it can give them back when it ends.
final class ChangeLog: Sendable {
    private struct State {
        var recorded: Set<ObjectIdentifier> = []
        var snapshots: [(object: AnyObject, snapshot: ObjectSnapshot)] = []
        var claimed: [AnyObject] = []
    }

    private let state = Lock.make(State())

    /// Whether `object` was recorded already in this update.
    func contains(_ object: AnyObject) -> Bool {
        state.withLock { $0.recorded.contains(ObjectIdentifier(object)) }
    }

    /// Copies the fields of `object` unless it was copied already in this update; `claimed` says
    /// that this update claimed the object and must give it back at the end.
    func record(_ object: AnyObject, copiers: FieldCopiers, claimed: Bool) {
        let identifier = ObjectIdentifier(object)
        let isNew = state.withLock { state in
            if claimed { state.claimed.append(object) }
            return state.recorded.insert(identifier).inserted
        }
        guard isNew else { return }
        let snapshot = ObjectSnapshot(of: object, copiers: copiers)
        state.withLock { $0.snapshots.append((object, snapshot)) }
    }

    /// The objects this update claimed, handed over once: the caller gives them back.
    func takeClaimed() -> [AnyObject] {
        state.withLock { state in
            let claimed = state.claimed
            state.claimed = []
            return claimed
        }
    }

    /// Restores every recorded object, the most recent first.
    func rollBack() {
        let snapshots = state.withLock { state in
            let taken = state.snapshots
            state.snapshots = []
            state.recorded = []
            return taken
        }
        for (object, snapshot) in snapshots.reversed() {
            snapshot.restore(to: object)
        }
    }
}
