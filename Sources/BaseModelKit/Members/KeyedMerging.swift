import BaseModelKitJSON
/// A coder of a dictionary that an update merges by key, possibly inside an optional: one of models
/// (`mergesByKey`), or one of other values (`mergesValuesByKey`, `BaseModel.mergedDictionaries`).
protocol KeyedMerging {
    var mergesByKey: Bool { get }
    var mergesValuesByKey: Bool { get }
}
