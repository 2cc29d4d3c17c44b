import BaseModelKitJSON
/// Reads one field's value out as `Any`, and writes such a value back.
class FieldCopier: @unchecked Sendable {
    /// The field's offset in its object.
    var offset: Int { -1 }
    /// The field's value in `object`.
    func save(from object: AnyObject) -> Any { () }
    /// Writes `saved`, which `save` returned for the same field, back into `object`.
    func restore(_ saved: Any, to object: AnyObject) {}
    /// The bits of `saved`, which `save` returned for the same field, for a value one word long (a
    /// collection's storage: `BufferIdentity`); `nil` for any other.
    func identity(of saved: Any) -> UInt? { nil }

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

    override var offset: Int { handle.offset }

    override func save(from object: AnyObject) -> Any {
        handle.read(from: object)
    }

    override func identity(of saved: Any) -> UInt? {
        (saved as? Value).flatMap { BufferIdentity.of($0) }
    }

    override func restore(_ saved: Any, to object: AnyObject) {
        // `saved` came from `save` of this same field: always a `Value`.
        guard let value = saved as? Value else { return }
        handle.write(value, to: object)
    }
}
