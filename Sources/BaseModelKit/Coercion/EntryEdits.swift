import BaseModelKitJSON
/// What a merge by key changed in a dictionary of values (`EntryMerging`): for the update's undo log,
/// what puts the changed entries back; for its change set, each entry changed.
struct EntryEdits<Dictionary> {
    /// Puts back the entries the merge changed, in the dictionary it merged into; `nil` when it
    /// changed none.
    var undo: ((inout Dictionary) -> Void)?
    /// Each entry changed, by its key's text as the dictionary writes it, with its value before and
    /// after as JSON (`null`: absent); listed only when the merge was given an encoding session.
    var changes: [(key: String, old: JSON, new: JSON)] = []
}
