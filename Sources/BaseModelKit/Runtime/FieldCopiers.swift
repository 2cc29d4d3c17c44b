/// A copy of every writable stored field of one object, to put back after a failed update.
///
/// `@unchecked Sendable` because the compiler cannot check it: the copies hold the object's old
/// values, which are not `Sendable`. It is sound because a snapshot never crosses threads in practice:
/// it is made, kept in the `ChangeLog` of one update and restored or dropped by that same update, on
/// the thread that runs it; the log is `Sendable` only so that the update's session can be reached
/// from the model hooks through a task-local value.
struct ObjectSnapshot: @unchecked Sendable {
    private let copiers: FieldCopiers
    private let saved: [Any]

    /// Copies the fields `copiers` stand for out of `object`.
    init(of object: AnyObject, copiers: FieldCopiers) {
        self.copiers = copiers
        saved = copiers.all.map { $0.save(from: object) }
    }

    /// Copies the writable fields of `object` (strong `var`s: the only fields the engine writes and
    /// the only ones a typed copy can restore soundly).
    init(of object: AnyObject, fields: [StoredField]) {
        self.init(of: object, copiers: FieldCopiers(fields))
    }

    /// Writes every copied value back into the object the snapshot was taken of.
    func restore(to object: AnyObject) {
        for (copier, value) in zip(copiers.all, saved) {
            copier.restore(value, to: object)
        }
    }
}

/// What copies the writable fields of a class, made once per class (its plan keeps it): a snapshot
/// then costs one array and a call per field. (Making a typed copy per field per snapshot was a
/// fifth of every update, in generic metadata lookups and closures.)
final class FieldCopiers: Sendable {
    let all: [FieldCopier]

    init(_ fields: [StoredField]) {
        all = fields.filter(\.isWritable).compactMap(FieldCopier.make)
    }
}

/// Reads one field's value out as `Any`, and writes such a value back.
class FieldCopier: @unchecked Sendable {
    /// The field's value in `object`.
    func save(from object: AnyObject) -> Any { () }
    /// Writes `saved`, which `save` returned for the same field, back into `object`.
    func restore(_ saved: Any, to object: AnyObject) {}

    static func make(for field: StoredField) -> FieldCopier? {
        func make<Value>(_: Value.Type) -> FieldCopier? {
            FieldHandle<Value>(field: field).map(TypedFieldCopier.init)
        }
        return make(field.type)
    }
}

/// `@unchecked Sendable` as `FieldCopier`: its only property is a `let` of a `Sendable` type.
private final class TypedFieldCopier<Value>: FieldCopier, @unchecked Sendable {
    let handle: FieldHandle<Value>

    init(_ handle: FieldHandle<Value>) {
        self.handle = handle
    }

    override func save(from object: AnyObject) -> Any {
        handle.read(from: object)
    }

    override func restore(_ saved: Any, to object: AnyObject) {
        // `saved` came from `save` of this same field: always a `Value`.
        guard let value = saved as? Value else { return }
        handle.write(value, to: object)
    }
}
