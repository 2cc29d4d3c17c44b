import BaseModelKitJSON
extension Change {
    /// The model whose property changed (the object in the graph, after the update).
    public var model: BaseModel {
        // Only models are recorded (see `object`).
        object as! BaseModel
    }

    /// A change of the whole value of `property` of `model`, at `path` (for a change set made by
    /// hand: in tests, or to hand on changes a server described).
    public init(model: BaseModel, property: String, path: MappingPath, oldValue: JSON, newValue: JSON) {
        self.init(object: model, property: property, steps: RecordedSteps(path), oldValue: oldValue, newValue: newValue, scope: .value)
    }

    /// Where the change is in the graph, by identities: `path` with each element of an array merged
    /// by identity named by its identity, and each key of a dictionary of models by the key —
    /// `mc[id: "1.2"].rc[id: 58805].ltp` where `path` says `mc[0].rc[0].ltp` (positions in the
    /// delta). The steps before the last name the model the change is of (`model`), in the form
    /// `model(at:)` and `update(from:at:)` take, each identity as the document wrote it (a lenient
    /// `"7"` for an `Int` 7, which those find the same way); the last is the property's key (for an
    /// element added or removed, the array's key with the element's identity; a position there, the
    /// key the map writes: `"1"` of a positional model, `sc.0` for `"sc.0"`). `nil` when a step on
    /// the way is a position without an identity: an element of an array replaced whole.
    public var identityPath: IdentityPath? {
        var built: [IdentityPath.Step] = []
        let identified = steps.identifiedSteps
        for (depth, (component, identity)) in identified.enumerated() {
            switch component {
            case .key(let key):
                built.append(IdentityPath.Step(key: key))
            case .dictionaryKey(let key):
                guard let last = built.indices.last, built[last].identity == nil else { return nil }
                built[last].identity = .string(key)
            case .index(let position):
                guard let last = built.indices.last, built[last].identity == nil,
                      let id = identity else {
                    // A position as the last step is the property's key (`"1"` of a positional
                    // model, `"sc.0"` of a nested array).
                    guard depth == identified.count - 1 else { return nil }
                    built.append(IdentityPath.Step(key: String(position)))
                    continue
                }
                built[last].identity = id.json
            }
        }
        return IdentityPath(built)
    }
}

/// What an `update(from:)` changed — or what changed since a `snapshot()` (`changes(since:)`): one
/// `Change` per property whose value is different afterwards, in document order (declaration order
/// for `changes(since:)`). Writing a value equal to the one there is not a change. A nested model that the
/// update merged into is not a change of its parent's property — its own properties are listed —
/// while one that was replaced (a new object, `nil`, another class) is, with both objects as JSON.
///
///     let changes = try event.update(from: message)
///     for change in changes where change.property == "price" { flash(change.model, from: change.oldValue) }
public struct ChangeSet: RandomAccessCollection, CustomStringConvertible {
    /// The changes, in document order.
    public let changes: [Change]
    /// The model the update or the snapshot started from: where a PATCH body starts.
    let root: BaseModel?

    init(_ changes: [Change], root: BaseModel?) {
        self.changes = changes
        self.root = root
    }

    /// A change set of these changes, starting from `root` (the model a PATCH body of them starts
    /// from; without one, `jsonData()` writes `{}`).
    public init(_ changes: [Change] = [], from root: BaseModel? = nil) {
        self.init(changes, root: root)
    }

    /// One change per line, as `Change` describes it; `no changes` when empty.
    public var description: String {
        changes.isEmpty ? "no changes" : changes.map(\.description).joined(separator: "\n")
    }

    /// The changes `recorder` recorded below `root`.
    init(recordedBy recorder: ChangeRecorder, root: BaseModel?) {
        self.init(recorder.recorded, root: root)
    }

    /// The position of the first change.
    public var startIndex: Int { changes.startIndex }
    /// The position after the last change.
    public var endIndex: Int { changes.endIndex }
    /// The change at `position`.
    public subscript(position: Int) -> Change { changes[position] }

    /// The changes of `model`'s own properties.
    public func changes(of model: BaseModel) -> ChangeSet {
        ChangeSet(changes.filter { $0.object === model }, root: root)
    }
}
