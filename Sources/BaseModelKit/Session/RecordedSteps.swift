import BaseModelKitJSON
/// A change's path: the steps to `node` in `tree` (-1: none), then `tail` when there is one (a
/// member not stepped into, an element or a key of a collection), with its identity.
struct RecordedSteps {
    let tree: StepTree
    let node: Int
    let tail: MappingPath.Component?
    let tailIdentity: IdentityKey?

    /// The steps, outermost first, each with the identity noted for it (`Change.identityPath`).
    var identifiedSteps: [(step: MappingPath.Component, identity: IdentityKey?)] {
        var steps = tree.steps(to: node)
        if let tail { steps.append((tail, tailIdentity)) }
        return steps
    }

    var path: MappingPath { MappingPath(identifiedSteps.map(\.step)) }

    /// Whether the two hold the same steps.
    func hasSameSteps(as other: RecordedSteps) -> Bool {
        (tree === other.tree && node == other.node && tail == other.tail) || path == other.path
    }
}

extension RecordedSteps {
    /// A path of its own (a change made by hand).
    init(_ path: MappingPath) {
        let tree = StepTree()
        self.init(tree: tree, node: tree.appendChain(path), tail: nil, tailIdentity: nil)
    }
}
