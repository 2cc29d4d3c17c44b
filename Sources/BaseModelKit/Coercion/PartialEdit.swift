import BaseModelKitJSON
/// What a partial collection's merge changes in the array itself, in the order it changes it — the
/// replacements as the elements are read, then the removals, then the additions — undone in the
/// reverse order, and recorded as the change set's element changes.
enum PartialEdit {
    /// The element at `position` was replaced by another object with its identity (one of another
    /// class, which `modelClass(for:)` picked).
    case replaced(position: Int, old: AnyObject, new: AnyObject)
    /// The element at `position` was removed. Removals run from the last position to the first, so
    /// each position is also the element's position before the merge.
    case removed(position: Int, old: AnyObject)
    /// An element was added at the end.
    case appended(AnyObject)
}
