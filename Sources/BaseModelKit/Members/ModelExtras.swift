/// What a model keeps beside its mapped properties, in its one `extras` word: the members its maps do
/// not name (`BaseModel.keepsUnknownKeys`), and the identity indexes of its arrays merged by identity
/// (`IdentityIndexes`). Made the first time a model keeps either, so a model that keeps neither pays
/// the word alone (a second word in every model raised the odds feed's decode peak by 1 MB).
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
}

/// The identity → position indexes of one model's arrays merged by identity: by member for the steps
/// of `IdentityPath`s (`IdentityLookup`), by field for partial collections' merges
/// (`ModelCollectionMember`). Owned by the model (`ModelExtras`), so they go with it and a model never
/// looked up in or merged into pays nothing.
///
/// An index is a hint, never trusted: a step takes the element at the position it gives only when
/// that element has the identity looked for, in the array the model holds now
/// (`ArrayCoder.address`); a partial collection's index holds the array it was made for (`source`)
/// and serves only that buffer, since code that changes the array copies the buffer first.
///
/// Reached under the model's access word (`ModelAccess`), like its fields: a merge holds the model
/// claimed for its update; a lookup, which only reads the graph (any number of threads may look up
/// in one graph at once), reads an index while counted in as a reader and keeps a new one only when
/// it can claim the model, leaving it to the next lookup otherwise.
final class IdentityIndexes {
    private struct Entry {
        /// A member's index (an identity path's step), or `-1 - offset` for the field at `offset` (a
        /// partial collection's merge).
        let slot: Int
        var positions: [IdentityKey: Int]
        var source: [AnyObject]?
    }

    private var entries: [Entry] = []

    /// The indexes `model` keeps, made and stored if it keeps none. Only for a caller that holds
    /// `model` claimed (see above).
    private static func of(_ model: BaseModel) -> IdentityIndexes {
        if let indexes = model.extras?.indexes { return indexes }
        let indexes = IdentityIndexes()
        model.extras = ModelExtras(members: model.extras?.members ?? JSONObject(), indexes: indexes)
        return indexes
    }

    // MARK: Identity paths

    /// The index `owner` keeps for member `member`, if any, and if no other thread is changing
    /// `owner`.
    static func positions(ofMember member: Int, in owner: BaseModel) -> [IdentityKey: Int]? {
        let thread = ThreadIdentity.current
        guard let counted = try? ModelAccess.beginReading(owner, thread: thread) else { return nil }
        defer { if counted { ModelAccess.endReading(owner) } }
        return owner.extras?.indexes?.entries.first { $0.slot == member }?.positions
    }

    /// Keeps `positions` as the index of member `member` of `owner`, when this thread can claim
    /// `owner` for it; otherwise drops it.
    static func keep(_ positions: [IdentityKey: Int], ofMember member: Int, in owner: BaseModel) {
        let thread = ThreadIdentity.current
        guard let claimed = try? ModelAccess.beginUpdate(owner, thread: thread) else { return }
        defer { if claimed { ModelAccess.endUpdate(owner) } }
        of(owner).store(positions, source: nil, slot: member)
    }

    // MARK: Partial collections

    /// For a partial collection's merge, which holds `owner` claimed: the index kept for the field
    /// at `offset`, when it was made for `elements` (the same buffer), taken out so that the merge
    /// holds the array's only other reference (`keep(_:for:ofField:in:)` puts it back).
    static func take(ofField offset: Int, for elements: [AnyObject], in owner: BaseModel) -> [IdentityKey: Int]? {
        guard let indexes = owner.extras?.indexes, let at = indexes.entries.firstIndex(where: { $0.slot == -1 - offset }) else { return nil }
        let taken = indexes.entries.remove(at: at)
        guard let source = taken.source, BufferIdentity.of(source) == BufferIdentity.of(elements) else { return nil }
        return taken.positions
    }

    /// Keeps `positions` as the index of `elements`, the partial collection in the field at `offset`
    /// of `owner`, which the caller holds claimed.
    static func keep(_ positions: [IdentityKey: Int], for elements: [AnyObject], ofField offset: Int, in owner: BaseModel) {
        of(owner).store(positions, source: elements, slot: -1 - offset)
    }

    private func store(_ positions: [IdentityKey: Int], source: [AnyObject]?, slot: Int) {
        if let at = entries.firstIndex(where: { $0.slot == slot }) {
            entries[at].positions = positions
            entries[at].source = source
        } else {
            entries.append(Entry(slot: slot, positions: positions, source: source))
        }
    }

    /// Whether `model` keeps an index (for tests).
    static func holdsIndexes(_ model: BaseModel) -> Bool {
        !(model.extras?.indexes?.entries.isEmpty ?? true)
    }
}
