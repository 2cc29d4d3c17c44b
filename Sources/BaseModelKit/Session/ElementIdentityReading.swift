import BaseModelKitJSON
/// What reads the identities of an array's elements (its coder).
protocol ElementIdentityReading {
    /// Each element's identity and object.
    func identifiedElements(of value: Any) -> [(id: JSON, object: AnyObject)]?
}
