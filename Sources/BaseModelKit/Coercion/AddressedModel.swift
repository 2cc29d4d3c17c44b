import BaseModelKitJSON
/// What a step of an `IdentityPath` found in a property (see `ModelAddressing`, above this layer):
/// declared here, where the coders of collections of models find it on their references.
enum AddressedModel {
    /// The model, with its step in a `MappingPath` below the property (`nil` for a model property).
    case found(AnyObject, MappingPath.Component?)
    /// No model has the identity (or the property holds `nil`).
    case absent
    /// The property holds nothing a step can name: why.
    case notAddressable(String)
}
