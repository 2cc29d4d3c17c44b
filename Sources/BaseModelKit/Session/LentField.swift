/// What the copy of an object's fields (`UndoLog.record`) holds in the place of a collection it lent
/// to a merge in place (`UndoLog.lend`): while the merge runs, nothing; once it is done, `restore`,
/// which puts the collection back as it was before the merge, and which a rollback calls where it
/// would have written the collection the copy held.
struct LentField {
    var restore: ((AnyObject) -> Void)?
}
