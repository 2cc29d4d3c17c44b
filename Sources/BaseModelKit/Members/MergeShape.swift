import BaseModelKitJSON
/// How an update merges a property into what it holds, which decides how the property is compared.
enum MergeShape {
    /// The property is replaced: compared by its written JSON.
    case none
    /// A model, merged in place.
    case model
    /// A dictionary of models, merged by key.
    case keyed
    /// An array of models, merged by identity (the identity's key, and the coder that reads them).
    case identified(key: String, coder: any IdentityMerging)
    /// A dictionary of other values, merged by key (`BaseModel.mergedDictionaries`).
    case entries

    init<Coder: ValueCoding>(of coder: Coder) {
        guard coder.mergesIntoExisting else {
            self = .none
            return
        }
        if let merging = coder as? any IdentityMerging, let key = merging.identityKey {
            self = .identified(key: key, coder: merging)
        } else if (coder as? any KeyedMerging)?.mergesByKey == true {
            self = .keyed
        } else if (coder as? any KeyedMerging)?.mergesValuesByKey == true {
            self = .entries
        } else {
            self = .model
        }
    }
}
