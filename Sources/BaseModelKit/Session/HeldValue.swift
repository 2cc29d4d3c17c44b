import BaseModelKitJSON
/// What a property held, to tell afterwards whether an update changed it: its JSON, or — for a
/// property holding a model, which an update merges into in place — the object itself.
enum HeldValue {
    /// The property is not compared (a nested object of several properties: they compare themselves).
    case untracked
    /// The value as compact JSON text: equal values write equal bytes (dictionaries and sets in a
    /// fixed order), and comparing bytes needs no tree — comparing trees of written models read
    /// them back into members.
    case written([UInt8])
    /// A model property: the object (or `nil`); the same object after the update means its own
    /// properties carry the changes.
    case object(AnyObject?)
    /// A dictionary of models, which an update merges by key. Keys added, removed or given another
    /// object are changes of their own (`byName["k"]`); a model merged in place lists its own
    /// properties.
    case objects(KeyedModels)
    /// An array of models merged by identity, with the identity's JSON key in the elements. Elements
    /// added or removed (or given another object) are changes of their own (`m[2]`).
    case elements(key: String, IdentifiedModels)
    /// A dictionary of other values, which an update merges by key (`BaseModel.mergedDictionaries`),
    /// as compact JSON text: keys added, removed or given another value are changes of their own
    /// (`ladder["1.01"]`).
    case entries([UInt8])
}
