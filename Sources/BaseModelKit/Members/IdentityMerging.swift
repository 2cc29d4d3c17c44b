import BaseModelKitJSON
/// A coder that merges an array by identity, and tells the identities of its elements.
protocol IdentityMerging: ElementIdentityReading {
    /// The identity's JSON key, when the coder merges by identity.
    var identityKey: String? { get }
    /// Whether an update lists only the elements that changed.
    var isPartial: Bool { get }
    /// How the elements are matched, when the coder merges by identity.
    var elementIdentity: ElementIdentity? { get }
}
