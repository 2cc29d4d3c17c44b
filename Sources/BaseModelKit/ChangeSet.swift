/// One property whose value an update in place changed.
public struct Change {
    /// The model whose property changed (the object in the graph, after the update).
    public let model: BaseModel
    /// The property's name.
    public let property: String
    /// Where in the update's document the new value was: `e[3].m["7-0"].pr`.
    public let path: MappingPath
    /// The value before, as the maps write it (`null` for `nil`).
    public let oldValue: JSON
    /// The value after.
    public let newValue: JSON
    /// The whole property, a key of a dictionary of models, or an element of an array merged by
    /// identity: what a PATCH body writes for the change.
    let scope: ChangeScope
}

/// What an `update(from:)` changed — or what changed since a `snapshot()` (`changes(since:)`): one
/// `Change` per property whose value is different afterwards, in document order (declaration order
/// for `changes(since:)`). Writing a value equal to the one there is not a change. A nested model that the
/// update merged into is not a change of its parent's property — its own properties are listed —
/// while one that was replaced (a new object, `nil`, another class) is, with both objects as JSON.
///
///     let changes = try event.update(from: message)
///     for change in changes where change.property == "price" { flash(change.model, from: change.oldValue) }
public struct ChangeSet: RandomAccessCollection {
    /// The changes, in document order.
    public let changes: [Change]
    /// The model the update or the snapshot started from: where a PATCH body starts.
    let root: BaseModel?

    init(_ changes: [Change], root: BaseModel?) {
        self.changes = changes
        self.root = root
    }

    /// The changes `recorder` recorded below `root`.
    init(recordedBy recorder: ChangeRecorder, root: BaseModel?) {
        self.init(recorder.recorded.map { entry in
            // Only models are recorded (their member loops compare).
            Change(model: entry.object as! BaseModel, property: entry.property, path: entry.path,
                   oldValue: entry.old, newValue: entry.new, scope: entry.scope)
        }, root: root)
    }

    /// The position of the first change.
    public var startIndex: Int { changes.startIndex }
    /// The position after the last change.
    public var endIndex: Int { changes.endIndex }
    /// The change at `position`.
    public subscript(position: Int) -> Change { changes[position] }

    /// The changes of `model`'s own properties.
    public func changes(of model: BaseModel) -> ChangeSet {
        ChangeSet(changes.filter { $0.model === model }, root: root)
    }
}
