import BaseModelKitJSON
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
