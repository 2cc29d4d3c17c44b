import BaseModelKitJSON
/// A change's path: the steps to `node` in `tree` (-1: none), then `tail` when there is one (a
/// member not stepped into, an element or a key of a collection), with its identity.
struct RecordedSteps {
    let tree: StepTree
    let node: Int
    let tail: MappingPath.Component?
    let tailIdentity: IdentityKey?

    /// The steps, outermost first, each with its identity.
    private var steps: [(step: MappingPath.Component, identity: IdentityKey?)] {
        var steps = tree.steps(to: node)
        if let tail { steps.append((tail, tailIdentity)) }
        return steps
    }

    var path: MappingPath { MappingPath(steps.map(\.step)) }

    /// The identities noted on the path, with the depths of their steps.
    var identities: [NotedIdentity] {
        steps.enumerated().compactMap { depth, step in step.identity.map { NotedIdentity(depth: depth, id: $0) } }
    }

    /// Whether the two hold the same steps.
    func hasSameSteps(as other: RecordedSteps) -> Bool {
        (tree === other.tree && node == other.node && tail == other.tail) || path == other.path
    }
}

extension RecordedSteps {
    /// A path of its own (a change made by hand).
    init(_ path: MappingPath) {
        let tree = StepTree()
        for step in path.components {
            tree.nodes.append(StepTree.Node(parent: tree.nodes.count - 1, step: step))
        }
        self.init(tree: tree, node: tree.nodes.count - 1, tail: nil, tailIdentity: nil)
    }
}
