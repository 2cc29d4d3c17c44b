/// The objects an update in place has changed, each with a copy of its fields from before, so that a
/// failed update can put every one of them back.
final class ChangeLog: Sendable {
    private struct State {
        var recorded: Set<ObjectIdentifier> = []
        var snapshots: [ObjectSnapshot] = []
    }

    private let state = Lock.make(State())

    /// Copies the fields of `object` unless it was copied already in this update.
    func record(_ object: AnyObject, fields: [StoredField]) {
        let identifier = ObjectIdentifier(object)
        let isNew = state.withLock { $0.recorded.insert(identifier).inserted }
        guard isNew else { return }
        let snapshot = ObjectSnapshot(of: object, fields: fields)
        state.withLock { $0.snapshots.append(snapshot) }
    }

    /// Restores every recorded object, the most recent first.
    func rollBack() {
        let snapshots = state.withLock { state in
            let taken = state.snapshots
            state.snapshots = []
            state.recorded = []
            return taken
        }
        for snapshot in snapshots.reversed() {
            snapshot.restore()
        }
    }
}
