import BaseModelKitJSON
/// A top-level JSON key a decode requires, with the property named when it is missing.
struct RequiredKey: Sendable {
    let key: String
    let property: String
}
