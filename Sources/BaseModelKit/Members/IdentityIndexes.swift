import BaseModelKitJSON
/// The identity → position indexes of one model's arrays merged by identity (`IdentityPositions`),
/// one per array, shared by the steps of `IdentityPath`s (`IdentityLookup`) and a partial
/// collection's merges (`ModelCollectionMerge`). Owned by the model (`ModelExtras`), so they go with
/// it and a model never looked up in or merged into pays nothing.
///
/// A step takes an index as a hint, never trusted: it takes the element at the position it gives only
/// when that element has the identity looked for, in the array the model holds now
/// (`ArrayCoder.address`). A merge takes it as complete, and so only for the array it was made for
/// (`IdentityPositions.source`).
///
/// Reached under the model's access word (`ModelAccess`), like its fields: a merge holds the model
/// claimed for its update; a lookup, which only reads the graph (any number of threads may look up
/// in one graph at once), reads an index while counted in as a reader and keeps a new one only when
/// it can claim the model, leaving it to the next lookup otherwise (`IdentityLookup`).
final class IdentityIndexes {
    private struct Entry {
        /// The array's slot: its member's index, or `slot(ofField:)` for a partial collection.
        let slot: Int
        var positions: IdentityPositions
    }

    /// Reached only under the model's access word (see above), by one thread at a time and never
    /// from inside another access to it, so the run-time exclusivity check, which every merge of a
    /// long partial collection paid, is left out.
    @exclusivity(unchecked)
    private var entries: [Entry] = []

    /// Whether any index is kept.
    var isEmpty: Bool { entries.isEmpty }

    /// The slot of the partial collection in the field at `offset`: its merges and the steps into it
    /// share it (`MemberTable.indexSlot(ofMember:)`).
    static func slot(ofField offset: Int) -> Int { -1 - offset }

    /// The index kept in `slot`, if any.
    func positions(inSlot slot: Int) -> IdentityPositions? {
        entries.first { $0.slot == slot }?.positions
    }

    /// Keeps `positions` in `slot`. (Consumed, as by `keep`: an index is three references, which a
    /// copy retains and releases.)
    func store(_ positions: consuming IdentityPositions, inSlot slot: Int) {
        if let at = entries.firstIndex(where: { $0.slot == slot }) {
            entries[at].positions = positions
        } else {
            entries.append(Entry(slot: slot, positions: positions))
        }
    }

    // MARK: Partial collections

    /// For a partial collection's merge, which holds `owner` claimed (its extras in `extras`): the
    /// index kept for the field at `offset`, when it was made for `elements` (the same buffer), taken
    /// out so that the merge holds the array's only other reference (`keep(_:for:ofField:in:extras:)`
    /// puts it back).
    static func take(ofField offset: Int, for elements: [AnyObject], in owner: AnyObject, extras: FieldHandle<ModelExtras?>) -> IdentityPositions? {
        guard let indexes = extras.read(from: owner)?.indexes, let at = indexes.entries.firstIndex(where: { $0.slot == slot(ofField: offset) }) else { return nil }
        var taken = indexes.entries.remove(at: at).positions
        guard let source = taken.source.take(), BufferIdentity.of(source) == BufferIdentity.of(elements) else { return nil }
        return taken
    }

    /// Keeps `positions` as the index of `elements`, the partial collection in the field at `offset`
    /// of `owner`, which the caller holds claimed.
    static func keep(_ positions: consuming IdentityPositions, for elements: [AnyObject], ofField offset: Int, in owner: AnyObject, extras: FieldHandle<ModelExtras?>) {
        let current = extras.read(from: owner)
        let kept = ModelExtras.indexing(after: current)
        if kept !== current { extras.write(kept, to: owner) }
        positions.source = elements
        kept.indexes?.store(positions, inSlot: slot(ofField: offset))
    }
}
