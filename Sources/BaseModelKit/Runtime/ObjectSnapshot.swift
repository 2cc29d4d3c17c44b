/// A copy of every writable stored field of one object, to put back after a failed update.
///
/// `@unchecked Sendable` because the compiler cannot check it: the copies hold the object and its old
/// values, which are not `Sendable`. It is sound because a snapshot never crosses threads in practice:
/// it is made, kept in the `ChangeLog` of one update and restored or dropped by that same update, on
/// the thread that runs it; the log is `Sendable` only so that the update's session can be reached
/// from the model hooks through a task-local value.
struct ObjectSnapshot: @unchecked Sendable {
    private let restoreActions: [() -> Void]

    /// Copies the writable fields of `object` (strong `var`s: the only fields the engine writes and
    /// the only ones a typed copy can restore soundly).
    init(of object: AnyObject, fields: [StoredField]) {
        var actions: [() -> Void] = []
        actions.reserveCapacity(fields.count)
        for field in fields where field.isWritable {
            if let action = ObjectSnapshot.restoreAction(for: field, in: object, as: field.type) {
                actions.append(action)
            }
        }
        restoreActions = actions
    }

    private static func restoreAction<Value>(for field: StoredField, in object: AnyObject, as type: Value.Type) -> (() -> Void)? {
        guard let handle = FieldHandle<Value>(field: field) else { return nil }
        let saved = handle.read(from: object)
        return { handle.write(saved, to: object) }
    }

    /// Writes every copied value back.
    func restore() {
        for action in restoreActions {
            action()
        }
    }
}
