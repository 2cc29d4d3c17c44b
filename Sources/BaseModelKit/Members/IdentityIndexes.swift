import BaseModelKitJSON
/// The identity → position indexes of one model's arrays merged by identity: by member for the steps
/// of `IdentityPath`s (`IdentityLookup`), by field for partial collections' merges
/// (`ModelCollectionMerge`). Owned by the model (`ModelExtras`), so they go with it and a model never
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
/// it can claim the model, leaving it to the next lookup otherwise (`IdentityLookup`).
final class IdentityIndexes {
    private struct Entry {
        /// A member's index (an identity path's step), or `-1 - offset` for the field at `offset` (a
        /// partial collection's merge).
        let slot: Int
        var positions: [IdentityKey: Int]
        /// A partial collection's removed positions (`PartialPositions.removed`).
        var removed: [Int]
        var source: [AnyObject]?
    }

    /// Reached only under the model's access word (see above), by one thread at a time and never
    /// from inside another access to it, so the run-time exclusivity check, which every merge of a
    /// long partial collection paid, is left out.
    @exclusivity(unchecked)
    private var entries: [Entry] = []

    /// Whether any index is kept.
    var isEmpty: Bool { entries.isEmpty }

    /// The index kept in `slot`, if any.
    func positions(inSlot slot: Int) -> [IdentityKey: Int]? {
        entries.first { $0.slot == slot }?.positions
    }

    /// Keeps `positions` in `slot` (with a partial collection's `removed` positions), made for
    /// `source` when it is a partial collection's.
    func store(_ positions: [IdentityKey: Int], removed: [Int] = [], source: [AnyObject]?, inSlot slot: Int) {
        if let at = entries.firstIndex(where: { $0.slot == slot }) {
            entries[at].positions = positions
            entries[at].removed = removed
            entries[at].source = source
        } else {
            entries.append(Entry(slot: slot, positions: positions, removed: removed, source: source))
        }
    }

    // MARK: Partial collections

    /// For a partial collection's merge, which holds `owner` claimed (its extras in `extras`): the
    /// index kept for the field at `offset`, when it was made for `elements` (the same buffer), taken
    /// out so that the merge holds the array's only other reference (`keep(_:for:ofField:in:extras:)`
    /// puts it back).
    static func take(ofField offset: Int, for elements: [AnyObject], in owner: AnyObject, extras: FieldHandle<ModelExtras?>) -> PartialPositions? {
        guard let indexes = extras.read(from: owner)?.indexes, let at = indexes.entries.firstIndex(where: { $0.slot == -1 - offset }) else { return nil }
        let taken = indexes.entries.remove(at: at)
        guard let source = taken.source, BufferIdentity.of(source) == BufferIdentity.of(elements) else { return nil }
        return PartialPositions(held: taken.positions, removed: taken.removed)
    }

    /// Keeps `positions` as the index of `elements`, the partial collection in the field at `offset`
    /// of `owner`, which the caller holds claimed.
    static func keep(_ positions: PartialPositions, for elements: [AnyObject], ofField offset: Int, in owner: AnyObject, extras: FieldHandle<ModelExtras?>) {
        let current = extras.read(from: owner)
        let kept = ModelExtras.indexing(after: current)
        if kept !== current { extras.write(kept, to: owner) }
        kept.indexes?.store(positions.held, removed: positions.removed, source: elements, inSlot: -1 - offset)
    }
}
