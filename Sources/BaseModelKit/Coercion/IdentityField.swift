import BaseModelKitJSON
import Foundation

/// An identity property held as an integer, a `String` or a `Double` (a price), read in place (see
/// `ElementIdentity.keyOf`).
enum IdentityField: Sendable {
    case int(FieldHandle<Int>)
    case string(FieldHandle<String>)
    /// An integer of another fixed width.
    case integer(IntegerField)
    case double(FieldHandle<Double>)

    /// The identity of `object`, which must be of the class whose field the handle is; `nil` for a
    /// `Double` that JSON cannot hold.
    @inline(__always)
    func key(of object: AnyObject) -> IdentityKey? {
        switch self {
        case .int(let handle): .int(handle.read(from: object))
        case .string(let handle): .string(handle.read(from: object))
        case .integer(let field): field.identityKey(of: object)
        case .double(let handle): IdentityKey(double: handle.read(from: object))
        }
    }
}
