/// Collects report entries during one call, with the path of the value being read. Exists only when
/// the caller asked for a report, so that decoding without one pays a `nil` check per member.
final class ReportRecorder: Sendable {
    private struct State {
        var path: [MappingPath.Component]
        var entries: [MappingReport.Entry] = []
        /// How many steps of the path are the ones it had when `appendPath` last copied it whole:
        /// the depth it has not gone below since.
        var unchangedDepth = 0
        /// The identities of the elements of arrays merged by identity on the path, by the depth of
        /// their step, innermost last (see `noteIdentity`).
        var identities: [(depth: Int, id: JSON)] = []
    }

    /// Room for paths 16 steps deep from the start: the path does not grow one step at a time.
    private let state: Lock<State> = {
        var path: [MappingPath.Component] = []
        path.reserveCapacity(16)
        return Lock.make(State(path: path))
    }()

    func push(_ component: MappingPath.Component) {
        state.withLock { $0.path.append(component) }
    }

    func pop() {
        state.withLock { state in
            _ = state.path.popLast()
            if state.path.count < state.unchangedDepth { state.unchangedDepth = state.path.count }
            if let last = state.identities.last, last.depth >= state.path.count { state.identities.removeLast() }
        }
    }

    /// Notes that the path's last step is an element of an array merged by identity whose identity
    /// is `id`: what a change's `identityPath` names it by.
    func noteIdentity(_ id: JSON) {
        state.withLock { state in
            guard !state.path.isEmpty else { return }
            state.identities.append((state.path.count - 1, id))
        }
    }

    /// Records `kind` at the current path, with `last` appended when given.
    func record(_ kind: MappingReport.Entry.Kind, at last: MappingPath.Component? = nil) {
        state.withLock { state in
            var components = state.path
            if let last { components.append(last) }
            state.entries.append(MappingReport.Entry(kind: kind, path: MappingPath(components)))
        }
    }

    /// Records a collection element left out, at the current path (which ends with the element),
    /// with the error's path made whole: from the top of the document, not from the collection.
    func recordSkipped(_ error: MappingError) {
        state.withLock { state in
            var whole = error
            whole.path.components.insert(contentsOf: state.path.dropLast(), at: 0)
            state.entries.append(MappingReport.Entry(kind: .elementSkipped(whole), path: MappingPath(state.path)))
        }
    }

    /// Appends the path of the value being read to `steps` (a change recorder's, which holds its own
    /// lock meanwhile: see `ChangeRecorder.state`).
    ///
    /// With `sharing` the number of steps of the path that the last whole copy holds (0 for none),
    /// only the steps after those still the same are appended, and their number returned; when none
    /// are the same, the whole path is, and 0 returned: the copy made is then the whole one the next
    /// call shares. (The changes of one object, or of elements of one array, share all but their
    /// last steps: copying them whole, and freeing the copies, would repeat that work per change.)
    /// `identities` gets the identities noted on the path (`noteIdentity`), by depth.
    func appendPath(to steps: inout [MappingPath.Component], sharing: Int = 0, identities: inout [(depth: Int, id: JSON)]) -> Int {
        state.withLock { state in
            identities = state.identities
            let shared = min(sharing, state.unchangedDepth, state.path.count)
            if shared == 0 { state.unchangedDepth = state.path.count }
            // Step by step: `append(contentsOf:)` copied through the runtime's generic array copy
            // at every step.
            var index = shared
            while index < state.path.count {
                steps.append(state.path[index])
                index += 1
            }
            return shared
        }
    }

    var entries: [MappingReport.Entry] {
        state.withLock { $0.entries }
    }

    /// Forgets the entries and the path, keeping the room they had: for the next call that reuses
    /// the session (see `DecodingSession.recycle`).
    func reset() {
        state.withLock { state in
            state.path.removeAll(keepingCapacity: true)
            state.identities.removeAll(keepingCapacity: true)
            state.unchangedDepth = 0
            state.entries.removeAll(keepingCapacity: state.entries.capacity <= 64)
        }
    }
}
