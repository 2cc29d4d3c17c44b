/// One property whose value an update in place changed.
///
/// `print(change)` reads `price at m["7-0"].o[1].p: 2.15 → 2.2`.
///
/// Declared with the recorder that makes it (`ChangeRecorder`), which keeps its changes as these
/// values and hands them to the `ChangeSet` as they are: converting each recorded change into a
/// `Change` copied every field once more. The members that name a model (`model`,
/// `init(model:…)`) are declared with `ChangeSet`, where models are known.
public struct Change: CustomStringConvertible {
    /// The model whose property changed (the object in the graph, after the update): only models are
    /// recorded, their member loops compare (`model` reads it as one).
    let object: AnyObject
    /// The property's name.
    public let property: String
    /// Where the new value was, in the list of steps the update's changes share.
    let steps: RecordedSteps
    /// The value before, as the maps write it (`null` for `nil`).
    public let oldValue: JSON
    /// The value after.
    public let newValue: JSON
    /// The whole property, a key of a dictionary of models, or an element of an array merged by
    /// identity: what a PATCH body writes for the change.
    let scope: ChangeScope

    /// Where in the update's document the new value was: `e[3].m["7-0"].pr`.
    public var path: MappingPath { steps.path }

    /// `price at m["7-0"].o[1].p: 2.15 → 2.2`.
    public var description: String {
        "\(property) at \(path): \(oldValue) → \(newValue)"
    }
}

/// The steps of the paths of one update's changes, one after the other: a change's path is a range
/// of them (`RecordedSteps`). One list for all the changes, not an array for each: made, copied into
/// and freed per change, paths would cost more than the changes.
///
/// The recorder appends to it under its lock while the update runs, and only to a list no change set
/// handed out holds (see `ChangeRecorder.State.startRecording`); once handed out, a list is only read.
/// Not `Sendable`, like `Change`.
final class StepList {
    /// Without Swift's dynamic exclusivity check (a call into the runtime per change): written only
    /// under the recorder's lock, by one update at a time, and never once a change set holds the
    /// list (see above), so no access overlaps a write.
    @exclusivity(unchecked)
    var steps: [MappingPath.Component] = []
    /// The identities of the elements of arrays merged by identity on the changes' paths
    /// (`Change.identityPath`), a change's after the one before's.
    @exclusivity(unchecked)
    var identities: [NotedIdentity] = []
}

/// The identity of an element of an array merged by identity, noted on a path at the depth of its
/// step (`Change.identityPath`).
struct NotedIdentity {
    let depth: Int
    /// As the document wrote it (`"7"` for an `Int` identity 7 read leniently).
    let id: IdentityKey
}

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

    /// A path of its own (a change made by hand).
    init(_ path: MappingPath) {
        list = StepList()
        list.steps = path.components
        prefix = (0, 0)
        start = 0
        count = path.components.count
        identityStart = 0
        identityCount = 0
    }

    init(list: StepList, prefix: (start: Int, count: Int), start: Int, count: Int, identityStart: Int = 0, identityCount: Int = 0) {
        self.list = list
        self.prefix = prefix
        self.start = start
        self.count = count
        self.identityStart = identityStart
        self.identityCount = identityCount
    }

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
