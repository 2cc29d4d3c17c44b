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
    /// The identities of the path's elements of arrays merged by identity, by the depth of their
    /// step: what `identityPath` names them by.
    var identities: [(depth: Int, id: JSON)] = []

    /// Where in the update's document the new value was: `e[3].m["7-0"].pr`.
    public var path: MappingPath { steps.path }

    /// Where the change is in the graph, by identities: `path` with each element of an array merged
    /// by identity named by its identity, and each key of a dictionary of models by the key —
    /// `mc[id: "1.2"].rc[id: 58805].ltp` where `path` says `mc[0].rc[0].ltp` (positions in the
    /// delta). The steps before the last name the model the change is of (`model`), in the form
    /// `model(at:)` and `update(from:at:)` take; the last is the property's key (for an element added
    /// or removed, the array's key with the element's identity; a position there, the key the map
    /// writes: `"1"` of a positional model, `sc.0` for `"sc.0"`). `nil` when a step on the way is a
    /// position without an identity: an element of an array replaced whole.
    public var identityPath: IdentityPath? {
        var built: [IdentityPath.Step] = []
        for (depth, component) in path.components.enumerated() {
            switch component {
            case .key(let key):
                built.append(IdentityPath.Step(key: key))
            case .dictionaryKey(let key):
                guard let last = built.indices.last, built[last].identity == nil else { return nil }
                built[last].identity = .string(key)
            case .index(let position):
                guard let last = built.indices.last, built[last].identity == nil,
                      let id = identities.last(where: { $0.depth == depth })?.id else {
                    // A position as the last step is the property's key (`"1"` of a positional
                    // model, `"sc.0"` of a nested array).
                    guard depth == path.components.count - 1 else { return nil }
                    built.append(IdentityPath.Step(key: String(position)))
                    continue
                }
                built[last].identity = id
            }
        }
        return IdentityPath(built)
    }

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
}

/// A change's path: `prefix.count` steps of `list` from `prefix.start` (steps it shares with the
/// change before it), then `count` steps from `start`.
struct RecordedSteps {
    let list: StepList
    let prefix: (start: Int, count: Int)
    let start: Int
    let count: Int

    /// A path of its own (a change made by hand).
    init(_ path: MappingPath) {
        list = StepList()
        list.steps = path.components
        prefix = (0, 0)
        start = 0
        count = path.components.count
    }

    init(list: StepList, prefix: (start: Int, count: Int), start: Int, count: Int) {
        self.list = list
        self.prefix = prefix
        self.start = start
        self.count = count
    }

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
