import BaseModelKitJSON
extension UndoLog {
    /// Logs the reversal of a merge in place of the collection in `handle`'s field of `object`:
    /// `revert` (`nil` when the merge changed nothing) applied to the field's collection, with `empty`
    /// left in the field meanwhile, so that the collection is reverted without a copy, and written
    /// back. When the copy of the object's fields lent the merge its collection (`lent`, see `lend`),
    /// the reversal is applied to `merged`, the collection as the merge left it, and given back to the
    /// copy, which writes it into the field when it rolls back, whatever the field holds by then (an
    /// overridden `deserialize(_:)` may write it after `super`).
    /// `Collection` represents `Value` bit for bit: it is the field's own type, or the references of a
    /// collection of models (see `ModelCollectionMerge`).
    func noteMerge<Value, Collection>(of handle: FieldHandle<Value>, in object: AnyObject, lent: Int?, merged: Collection, empty: Collection,
                                      revert: ((inout Collection) -> Void)?) {
        // Sound, each `unsafeBitCast` and the `read(from:as:)` below: `Collection` represents `Value`,
        // as said above (`read(from:as:)` checks that their sizes agree).
        func write(_ collection: Collection, to object: AnyObject) {
            handle.write(unsafeBitCast(collection, to: Value.self), to: object)
        }
        if let lent {
            var held: Collection? = merged
            giveBack(toSlot: lent) { object in
                write(empty, to: object)
                guard var collection = held.take() else { return }
                revert?(&collection)
                write(collection, to: object)
            }
        } else if let revert {
            noteUndo(in: object) {
                var collection = handle.read(from: object, as: Collection.self)
                write(empty, to: object)
                revert(&collection)
                write(collection, to: object)
            }
        }
    }
}
