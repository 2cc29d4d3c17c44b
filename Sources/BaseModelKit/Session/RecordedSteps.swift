import BaseModelKitJSON
/// A change's path: `prefix.count` steps of `list` from `prefix.start` (steps it shares with the
/// change before it), then `count` steps from `start`.
struct RecordedSteps {
    let list: StepList
    let prefix: (start: Int, count: Int)
    let start: Int
    let count: Int
    /// The change's identities in `list.identities`: `identityCount` from `identityStart`.
    let identityStart: Int
    let identityCount: Int

    /// The identities noted on the path, with the depths of their steps.
    var identities: ArraySlice<NotedIdentity> { list.identities[identityStart..<identityStart + identityCount] }

    /// The steps, in order.
    private var steps: some Collection<MappingPath.Component> {
        [list.steps[prefix.start..<prefix.start + prefix.count], list.steps[start..<start + count]].joined()
    }

    var path: MappingPath { MappingPath(Array(steps)) }

    /// Whether the two hold the same steps.
    func hasSameSteps(as other: RecordedSteps) -> Bool {
        prefix.count + count == other.prefix.count + other.count && steps.elementsEqual(other.steps)
    }
}

extension RecordedSteps {
    /// A path of its own (a change made by hand).
    init(_ path: MappingPath) {
        let list = StepList()
        list.steps = path.components
        self.init(list: list, prefix: (0, 0), start: 0, count: path.components.count, identityStart: 0, identityCount: 0)
    }
}
