import BaseModelKitJSON
/// Collects report entries during one call, with the path of the value being read. Exists only when
/// the caller asked for a report, so that decoding without one pays a `nil` check per member.
final class ReportRecorder: Sendable {
    private struct State {
        var path: [MappingPath.Component]
        var entries: [MappingReport.Entry] = []
        /// How many steps of the path are the ones it had when `appendPath` last copied it whole:
        /// the depth it has not gone below since.
        var unchangedDepth = 0
        /// The identities of the elements of arrays merged by identity on the path (see
        /// `noteIdentity`), innermost last, and the depth of each one's step: kept apart, so that
        /// `pop` compares an `Int` without copying an identity.
        var identityDepths: [Int] = []
        var identities: [IdentityKey] = []
        /// The last of `identityDepths`, -1 when there is none: what `pop` compares with.
        var innermostIdentityDepth = -1
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

    /// `push`, and `noteIdentity` of `identity` for the step, under one lock.
    func push(_ component: MappingPath.Component, identity: IdentityKey) {
        state.withLock { state in
            state.path.append(component)
            Self.note(identity, in: &state)
        }
    }

    func pop() {
        state.withLock { state in
            _ = state.path.popLast()
            if state.path.count < state.unchangedDepth { state.unchangedDepth = state.path.count }
            // Out of line: most paths note no identity, and inlined here the identities' code kept
            // `popLast` from being inlined (a call per step).
            if state.innermostIdentityDepth >= state.path.count { Self.forgetIdentity(in: &state) }
        }
    }

    /// Forgets the innermost identity noted: its step was just left.
    @inline(never)
    private static func forgetIdentity(in state: inout State) {
        state.identityDepths.removeLast()
        state.identities.removeLast()
        state.innermostIdentityDepth = state.identityDepths.last ?? -1
    }

    /// Notes that the path's last step is an element of an array merged by identity whose identity
    /// is `id`: what a change's `identityPath` names it by.
    func noteIdentity(_ id: IdentityKey) {
        state.withLock { state in
            guard !state.path.isEmpty else { return }
            Self.note(id, in: &state)
        }
    }

    /// Notes `id` as the identity of the path's last step.
    @inline(__always)
    private static func note(_ id: IdentityKey, in state: inout State) {
        state.identityDepths.append(state.path.count - 1)
        state.identities.append(id)
        state.innermostIdentityDepth = state.path.count - 1
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
    /// The identities noted on the path (`noteIdentity`) are appended to `identities`, with their
    /// depths.
    func appendPath(to steps: inout [MappingPath.Component], sharing: Int = 0, identities: inout [NotedIdentity]) -> Int {
        state.withLock { state in
            var noted = 0
            while noted < state.identities.count {
                identities.append(NotedIdentity(depth: state.identityDepths[noted], id: state.identities[noted]))
                noted += 1
            }
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
            if !state.identityDepths.isEmpty {
                state.identityDepths.removeAll(keepingCapacity: true)
                state.identities.removeAll(keepingCapacity: true)
            }
            state.innermostIdentityDepth = -1
            state.unchangedDepth = 0
            state.entries.removeAll(keepingCapacity: state.entries.capacity <= 64)
        }
    }
}
