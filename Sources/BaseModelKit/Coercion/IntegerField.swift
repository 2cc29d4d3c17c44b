import BaseModelKitJSON
/// A field holding an integer of a fixed width other than `Int` (`Int64` … `UInt8`): decoded and
/// written in place by the member loop (`MemberDispatch.integer`), and read in place as an identity
/// by a merge (`IdentityField.integer`).
enum IntegerField: Sendable {
    case int64(FieldHandle<Int64>)
    case int32(FieldHandle<Int32>)
    case int16(FieldHandle<Int16>)
    case int8(FieldHandle<Int8>)
    case uint(FieldHandle<UInt>)
    case uint64(FieldHandle<UInt64>)
    case uint32(FieldHandle<UInt32>)
    case uint16(FieldHandle<UInt16>)
    case uint8(FieldHandle<UInt8>)

    /// The field's value in `object` as an identity.
    func identityKey(of object: AnyObject) -> IdentityKey {
        switch self {
        case .int64(let handle): IdentityKey(integer: handle.read(from: object))
        case .int32(let handle): IdentityKey(integer: handle.read(from: object))
        case .int16(let handle): IdentityKey(integer: handle.read(from: object))
        case .int8(let handle): IdentityKey(integer: handle.read(from: object))
        case .uint(let handle): IdentityKey(integer: handle.read(from: object))
        case .uint64(let handle): IdentityKey(integer: handle.read(from: object))
        case .uint32(let handle): IdentityKey(integer: handle.read(from: object))
        case .uint16(let handle): IdentityKey(integer: handle.read(from: object))
        case .uint8(let handle): IdentityKey(integer: handle.read(from: object))
        }
    }
}
