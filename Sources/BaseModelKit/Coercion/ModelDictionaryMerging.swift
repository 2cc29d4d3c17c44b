import BaseModelKitJSON
/// A coder of a dictionary of models, which an update merges by key, merging on the dictionary as
/// its references: what the member loop of an update calls for such a property
/// (`ModelCollectionMerge`), with no value of the property's own type in between. (Through the
/// property's access and the generic member decode, each such merge copied the dictionary through
/// its value witnesses and retained and released the access.)
protocol ModelDictionaryMerging {
    /// Whether an update merges the coder's dictionaries (of models) rather than reading them anew.
    var mergesModels: Bool { get }

    /// Merges the object at the parser's position into `models` in place, as an update merges it,
    /// telling `changing` of each entry it changes — its key, the model it holds (`nil`: none) and
    /// the one it is to hold — right before the change, which cannot fail, so that an error thrown
    /// later leaves every change told. A model merged in place is not an entry changed: its own
    /// member loop logs and records its writes. A merge that changes no entry changes nothing of
    /// `models`.
    func mergeModels(from parser: inout JSONParser, into models: inout [String: AnyObject], session: DecodingSession,
                     changing: (_ key: String, _ old: AnyObject?, _ new: AnyObject?) -> Void) throws

    /// The model `id` names in `models`, as `ModelAddressing.address(_:in:positions:session:)`
    /// finds it in the dictionary.
    func addressModel(_ id: JSON?, among models: [String: AnyObject], positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel
}
