import BaseModelKitJSON
/// `ModelDictionaryMerging` for an array of models merged by identity.
protocol ModelArrayMerging {
    /// Whether an update merges the coder's arrays (of models, by identity).
    var mergesModels: Bool { get }

    /// `current` merged with the array at the parser's position, as an update merges a whole list;
    /// `nil` when the result holds the same objects in the same order.
    func mergeModels(from parser: inout JSONParser, into current: [AnyObject], session: DecodingSession) throws -> [AnyObject]?

    /// Whether an update lists only the elements that changed (`BaseModel.partialCollections`): then
    /// it merges with `mergePart`.
    var mergesInPart: Bool { get }

    /// `ArrayCoder.mergePart` on the coder's array of models, for a coder that `mergesInPart`.
    func mergePart(from parser: inout JSONParser, into elements: inout [AnyObject], positions: inout IdentityPositions?, session: DecodingSession,
                   editing: (PartialEdit) -> Void) throws

    /// The model `id` names in `elements`, as `ModelAddressing.address(_:in:positions:session:)`
    /// finds it in the array.
    func addressModel(_ id: JSON?, among elements: [AnyObject], positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel

    /// The identity of `element`, a model of the array, as the maps write it.
    func identity(of element: AnyObject) -> JSON?
}
