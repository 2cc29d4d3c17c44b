import BaseModelKitJSON
/// The steps of the paths one call walks, as a tree: each step a node that names the step it was
/// taken from. The path being read is a node (`ReportRecorder`), and a change holds the node of its
/// path (`RecordedSteps`): recording a change copies no step, and changes of one object share all
/// their steps but the last.
///
/// The report recorder appends to it under its lock while the call runs, lets go of a node when the
/// path leaves it unless a change holds it or a node after it, and empties it for the next call
/// only when no change set handed out holds it (`ReportRecorder.State.renew`). Once handed out, a
/// tree is only read. Not `Sendable`, like `Change`.
final class StepTree {
    struct Node {
        /// The node this step was taken from; -1 for a step from the top level.
        let parent: Int
        let step: MappingPath.Component
        /// For an element of an array merged by identity, its identity as the document wrote it
        /// (`Change.identityPath`).
        var identity: IdentityKey?
    }

    /// Without Swift's dynamic exclusivity check (a call into the runtime per step): written only
    /// under the recorder's lock, by one call at a time, and never once a change set holds the tree
    /// (see above), so no access overlaps a write.
    @exclusivity(unchecked)
    var nodes: [Node] = []

    /// Appends `path` as a chain of nodes from the top level, each step with the identity noted at
    /// its depth; returns the last node (-1 for the empty path).
    func appendChain(_ path: MappingPath, identities: [NotedIdentity] = []) -> Int {
        var parent = -1
        for (depth, step) in path.components.enumerated() {
            nodes.append(Node(parent: parent, step: step, identity: identities.last { $0.depth == depth }?.id))
            parent = nodes.count - 1
        }
        return parent
    }

    /// The steps from the top level to `node` (-1: none), outermost first, each with its identity.
    func steps(to node: Int) -> [(step: MappingPath.Component, identity: IdentityKey?)] {
        var steps: [(step: MappingPath.Component, identity: IdentityKey?)] = []
        var node = node
        while node >= 0 {
            steps.append((nodes[node].step, nodes[node].identity))
            node = nodes[node].parent
        }
        return steps.reversed()
    }
}
