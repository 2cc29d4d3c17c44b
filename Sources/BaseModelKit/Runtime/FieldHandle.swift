/// Typed access to one stored field of an object, at the field's offset.
///
/// A handle can only be made from a `StoredField` whose type is exactly `Value` and which is a strong
/// `var` (`init?(field:)` checks both), so every read and write goes to real storage of that exact type:
/// the store uses `Value`'s own value witnesses (assignment releases the old value and retains the new),
/// exactly as a direct assignment to the property would. `weak`, `unowned` and `let` fields never get
/// a handle: a typed store into them would corrupt the reference count or be ignored by the optimizer.
///
/// What such a store does not do: run `willSet`/`didSet` observers or property-wrapper logic (the
/// schema refuses wrapped properties), or take part in the dynamic exclusivity checks. The engine only
/// writes to objects it created or that the caller handed to it for the duration of the call.
///
/// `extendLifetime(object)` after each access keeps the object alive until the access is done, so the
/// optimizer cannot release it between taking its address and using it. (It replaces a
/// `withExtendedLifetime` closure, which was not inlined: a generic call and a closure call per field,
/// about 40 instructions per member decoded, callgrind.)
struct FieldHandle<Value> {
    let offset: Int

    init?(field: StoredField) {
        guard field.type == Value.self, field.isWritable else { return nil }
        offset = field.offset
    }

    /// The field's current value in `object`, which must be an instance of the class (or a subclass
    /// of the class) the field was read from.
    func read(from object: AnyObject) -> Value {
        // Sound: the field at `offset` is a strong `var` of exactly `Value` (checked by `init?`), and
        // `object` is an instance of its class, alive until `extendLifetime`.
        let value = Unmanaged.passUnretained(object).toOpaque()
            .advanced(by: offset)
            .assumingMemoryBound(to: Value.self)
            .pointee
        extendLifetime(object)
        return value
    }

    /// Replaces the field's value in `object`, releasing the old value.
    func write(_ value: Value, to object: AnyObject) {
        // Sound: as for `read`; the assignment uses `Value`'s own value witnesses (old value released).
        Unmanaged.passUnretained(object).toOpaque()
            .advanced(by: offset)
            .assumingMemoryBound(to: Value.self)
            .pointee = value
        extendLifetime(object)
    }
}

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
