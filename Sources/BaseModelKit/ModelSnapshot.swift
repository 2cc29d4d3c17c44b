import BaseModelKitJSON
/// What a model graph held at one moment, to list later what changed since: `model.snapshot()`, then
/// `model.changes(since:)`.
///
/// It holds every model object the graph reached through its maps, and what each mapped property held
/// — its value as compact JSON, or the model objects of a property that an update would merge into
/// (a model, a dictionary of models, an array merged by identity). It is not a copy of the graph: the
/// objects it holds are the graph's own, which later writes change. It keeps them alive, so an object
/// in the graph now is the one that was there then exactly when it is the same object.
public struct ModelSnapshot {
    /// The model the snapshot was taken of.
    let root: BaseModel
    /// What each object reached held, member table by member table (a nested key path's members
    /// have a table of their own).
    let objects: [ObjectIdentifier: ObjectState]
}
