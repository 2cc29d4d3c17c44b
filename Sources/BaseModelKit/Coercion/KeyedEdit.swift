import BaseModelKitJSON
/// What a merge by key changes in a dictionary of models: the entry of `key`, with the model it held
/// before (`nil`: added) and the one it holds after (`nil`: removed), undone and recorded as the
/// change set's entry changes. (A struct, not a tuple: an array of tuples was destroyed through the
/// runtime's generic tuple code, at the end of every update that changed a dictionary.)
struct KeyedEdit {
    let key: String
    let old: AnyObject?
    let new: AnyObject?
}
