import BaseModelKitJSON
/// What a model keeps beside its mapped properties, in its one `extras` word: the members its maps do
/// not name (`BaseModel.keepsUnknownKeys`), and the identity indexes of its arrays merged by identity
/// (`IdentityIndexes`). Made the first time a model keeps either, so a model that keeps neither pays
/// the word alone (a second word in every model raised the odds feed's decode peak past its bar).
///
/// Never changed in place: a model that keeps other unknown members stores a new one, which takes
/// over the indexes, so that an update's undo log can put the old one back. An undo that drops
/// indexes made since loses nothing the next lookup cannot make again.
final class ModelExtras {
    /// The members no map names, in the order first seen.
    let members: JSONObject
    /// The model's identity indexes, once it has any.
    let indexes: IdentityIndexes?

    init(members: JSONObject, indexes: IdentityIndexes?) {
        self.members = members
        self.indexes = indexes
    }

    /// What a model keeps with `members` as its unknown members, the indexes of `current` kept;
    /// `nil` when that is nothing.
    static func keeping(_ members: JSONObject, after current: ModelExtras?) -> ModelExtras? {
        let indexes = current?.indexes
        return members.isEmpty && indexes == nil ? nil : ModelExtras(members: members, indexes: indexes)
    }

    /// What a model keeps once it has indexes: `current`, or a new one with its unknown members and
    /// new, empty indexes.
    static func indexing(after current: ModelExtras?) -> ModelExtras {
        if let current, current.indexes != nil { return current }
        return ModelExtras(members: current?.members ?? JSONObject(), indexes: IdentityIndexes())
    }
}
