import BaseModelKitJSON
/// Collects report entries during one call, with the path of the value being read. Exists only when
/// the caller asked for a report or an update records changes (whose paths it keeps), so that
/// decoding without either pays a `nil` check per member.
final class ReportRecorder: Sendable {
    private struct State {
        /// The steps walked that are still needed: those on the path being read and those of the
        /// changes' paths (see `StepTree`).
        var tree = StepTree()
        /// The node of the value being read; -1 at the top level.
        var current = -1
        /// The last node a change holds (-1: none). Nodes are appended depth first, so a node after
        /// it, when the path leaves it, is held by nothing and is let go.
        var pinned = -1
        /// Whether `tree` is a call's that ended (`reset`), renewed at the next step or change.
        var isStale = false
        var entries: [MappingReport.Entry] = []

        /// Before the first step of a call after `reset`: the tree emptied to be used again when
        /// nothing else holds it (the change set of the call before, handed out, may), a new one
        /// otherwise. Out of line: it runs once a call, and inlined it made every step longer.
        @inline(never)
        mutating func renew() {
            isStale = false
            if isKnownUniquelyReferenced(&tree), tree.nodes.capacity <= 256 {
                // Emptied from the end: `removeAll(keepingCapacity:)` went through the general
                // `replaceSubrange`, unspecialised, at every node.
                while tree.nodes.popLast() != nil {}
            } else {
                tree = StepTree()
            }
        }

        /// The path being read.
        var path: [MappingPath.Component] { tree.steps(to: current).map(\.step) }
    }

    private let state = Lock.make(State())

    /// Steps into `component`.
    func push(_ component: MappingPath.Component) {
        state.withLock { state in
            if state.isStale { state.renew() }
            state.tree.nodes.append(StepTree.Node(parent: state.current, step: component))
            state.current = state.tree.nodes.count - 1
        }
    }

    /// Steps into `component`, an element of an array merged by identity whose identity is `id`:
    /// what a change's `identityPath` names it by.
    func push(_ component: MappingPath.Component, identity id: IdentityKey) {
        state.withLock { state in
            if state.isStale { state.renew() }
            state.tree.nodes.append(StepTree.Node(parent: state.current, step: component, identity: id))
            state.current = state.tree.nodes.count - 1
        }
    }

    /// Steps out of the step `push` took last.
    func pop() {
        state.withLock { state in
            let left = state.current
            guard left >= 0 else { return }
            state.current = state.tree.nodes[left].parent
            if left > state.pinned, left == state.tree.nodes.count - 1 { state.tree.nodes.removeLast() }
        }
    }

    /// Notes that the path's last step is an element of an array merged by identity whose identity
    /// is `id`.
    func noteIdentity(_ id: IdentityKey) {
        state.withLock { state in
            guard state.current >= 0 else { return }
            state.tree.nodes[state.current].identity = id
        }
    }

    /// The path being read, then `below` and `tail` when given (`identity`: `tail`'s), as a change
    /// holds it, kept for the change. The recorder's lock is held meanwhile (see `ChangeRecorder.state`).
    func pinPath(below: MappingPath.Component? = nil, tail: MappingPath.Component?, identity: IdentityKey?) -> RecordedSteps {
        state.withLock { state in
            if state.isStale { state.renew() }
            var node = state.current
            if let below, tail != nil {
                // A step of its own, taken from the current one.
                state.tree.nodes.append(StepTree.Node(parent: node, step: below))
                node = state.tree.nodes.count - 1
            }
            if node > state.pinned { state.pinned = node }
            return RecordedSteps(tree: state.tree, node: node, tail: tail ?? below, tailIdentity: tail == nil ? nil : identity)
        }
    }

    /// `path`, with the identities at their depths and `tail` after it, as a change holds it: a path
    /// given whole (a comparison with a snapshot), kept beside the path being read.
    func pinPath(_ path: MappingPath, identities: [NotedIdentity], tail: MappingPath.Component?, identity: IdentityKey?) -> RecordedSteps {
        state.withLock { state in
            if state.isStale { state.renew() }
            let node = state.tree.appendChain(path, identities: identities)
            if node > state.pinned { state.pinned = node }
            return RecordedSteps(tree: state.tree, node: node, tail: tail, tailIdentity: identity)
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

    var entries: [MappingReport.Entry] {
        state.withLock { $0.entries }
    }

    /// Forgets the entries and the path: for the next call that reuses the session (see
    /// `DecodingSession.recycle`). The steps are let go at the next call's first one.
    func reset() {
        state.withLock { state in
            state.isStale = true
            state.current = -1
            state.pinned = -1
            state.entries.removeAll(keepingCapacity: state.entries.capacity <= 64)
        }
    }
}
