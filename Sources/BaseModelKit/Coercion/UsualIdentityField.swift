import BaseModelKitJSON
import Foundation

/// The identity field of the class of elements a merge meets most (`ElementIdentity.usualField`).
final class UsualIdentityField: Sendable {
    /// The class, whose objects alone are read through `field`.
    let type: ObjectIdentifier
    let field: IdentityField
    /// Whether the class runs code of its own during a decode (overrides `deserialize(_:)`,
    /// `didDeserialize()` or `modelClass(for:)`): then its member loop may not see every member
    /// of an element, and the identity is read over all of them (`ElementIdentity.leadingKey`).
    let runsDecodingHooks: Bool

    init(type: ObjectIdentifier, field: IdentityField, runsDecodingHooks: Bool) {
        self.type = type
        self.field = field
        self.runsDecodingHooks = runsDecodingHooks
    }
}
