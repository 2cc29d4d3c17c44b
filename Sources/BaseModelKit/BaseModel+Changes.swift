import BaseModelKitJSON
import Foundation

extension BaseModel {
    /// What this model's graph holds now, to ask later what changed: `changes(since:)`.
    ///
    ///     let snapshot = bet.snapshot()
    ///     bet.stake = 5                      // the app edits the model…
    ///     let body = try bet.changes(since: snapshot).jsonData()   // {"s":5}
    ///
    /// The snapshot keeps the graph's objects alive and records what each mapped property holds, as
    /// compact JSON (models that an update would merge into — nested models, dictionaries of models,
    /// arrays in `identities` — as the objects). Take it, and compare with it, on the thread that
    /// owns the graph: like reading the properties, it does not claim the objects.
    public func snapshot() -> ModelSnapshot {
        ModelSnapshots.take(of: self)
    }

    /// What changed in this model's graph since `snapshot` (taken of this model), as an update would
    /// have listed it: properties whose value is different now, objects added to or removed from
    /// dictionaries of models and arrays in `identities`, and the changes of the objects the graph
    /// still holds where it held them — in the order the maps declare the properties, a nested
    /// model's before its parent's, with paths from this model. `didUpdate(_:)` is not called: no
    /// update ran.
    public func changes(since snapshot: ModelSnapshot) -> ChangeSet {
        ModelSnapshots.changes(of: self, since: snapshot)
    }
}

extension ChangeSet {
    /// The minified JSON of just these changes, from the model the update or snapshot started at —
    /// a PATCH body that `update(from:)` applies to make the same changes (JSON Merge Patch,
    /// RFC 7396): a changed property with its new value (`null` for `nil`), a model merged in place
    /// as an object of its changes, a dictionary of models as the keys that changed (`null` for a
    /// removed one), an array in `identities` as all its elements (the unchanged ones as their
    /// identity alone), and nothing for what did not change: `{}` for no changes.
    ///
    /// - Throws: `MappingError` only for a value JSON cannot represent (as `jsonData(options:)` of a
    ///   model would); the values are JSON already.
    public func jsonData(options: EncodingOptions = EncodingOptions()) throws -> Data {
        Data(try PatchBody.json(of: self).serializedBytes(options: options))
    }
}
