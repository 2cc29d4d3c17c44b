import BaseModelKitJSON
/// How the engine tells the observers of an `@Observable` model which properties an update changed:
/// each property's key path (`observedKeyPaths`), and the macro's registrar that holds the observers
/// (of the class that declared the property, should classes along the chain both be `@Observable`).
///
/// `@unchecked Sendable` for the key paths alone: a key path is an immutable object once made, and the
/// engine only hands it to the registrar, which compares it; the registrar fields are `Sendable`.
struct ObservedProperties: @unchecked Sendable {
    /// The name the `@Observable` macro gives its registrar.
    static let registrarName = "_$observationRegistrar"

    /// Property → the key path observers read it through.
    let keyPaths: [String: AnyKeyPath]
    /// Property → the registrar field of the class that declares it.
    let registrars: [String: StoredField]
}
