import BaseModelKitJSON
/// Finding one model in a property by its identity: a step of an `IdentityPath`.
///
/// A dictionary of models is looked up by key. An array merged by identity is looked up through an
/// index of identity → position kept by the object that holds it (`IdentityIndexes`): used when
/// the element at the position it gives still has that identity, rebuilt from the array when not (an
/// update reordered the array, or added the element). So a step costs a hash lookup and a check of one
/// element while the array keeps its order — as a live feed's updates of prices do — and one pass over
/// the array after a change of order. A partial collection's merges keep its index up to date
/// through their additions and removals, so steps into it stay at a look-up.
protocol ModelAddressing {
    /// The model `id` names in `value` (the property's value, of the coder's type), with its step in
    /// a path; `positions` is the array's index (see above), read and brought up to date.
    func address(_ id: JSON?, in value: Any, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel
}

extension ArrayCoder: ModelAddressing {
    func address(_ id: JSON?, in value: Any, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        guard let identity else { return .notAddressable("an array not named in identities") }
        guard let id else { return .notAddressable(Self.stepWithoutIdentity) }
        guard let elements = references(in: value) else { return .absent }
        return address(id, among: elements, by: identity, positions: &positions, session: session)
    }

    /// `address(_:in:positions:session:)` on the array as its references, for a coder that
    /// `mergesModels` (see `ModelCollectionMerge`).
    func addressModel(_ id: JSON?, among elements: [AnyObject], positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        // Only coders that merge models (and so have an identity) are asked.
        guard let identity else { preconditionFailure("addressModel(_:among:positions:session:) of an array coder without identity") }
        guard let id else { return .notAddressable(Self.stepWithoutIdentity) }
        return address(id, among: elements, by: identity, positions: &positions, session: session)
    }

    private static var stepWithoutIdentity: String { "an array: the step needs the identity of an element" }

    /// The element of `elements` whose identity is `id`.
    private func address(_ id: JSON, among elements: [AnyObject], by identity: ElementIdentity, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        func element(at position: Int, is wanted: IdentityKey) -> AnyObject? {
            guard position < elements.count, identity.keyOf(elements[position]) == wanted else { return nil }
            return elements[position]
        }
        // The identity as given, then as the identity property reads and writes it (`"7"` for an
        // `Int` identity is `7`): made only when the first is not in the index.
        let given = IdentityKey(id)
        if let position = positions?.position(of: given), let object = element(at: position, is: given) {
            return .found(object, .index(position))
        }
        let canonical = identity.canonical(id, session).map(IdentityKey.init)
        if let canonical, canonical != given, let position = positions?.position(of: canonical), let object = element(at: position, is: canonical) {
            return .found(object, .index(position))
        }
        var rebuilt = IdentityPositions(of: elements, by: identity)
        // Made for these elements, which a partial collection's merge can then use (kept only for one).
        rebuilt.source = elements
        positions = rebuilt
        for wanted in [given, canonical] {
            if let wanted, let found = rebuilt.position(of: wanted), let object = element(at: found, is: wanted) { return .found(object, .index(found)) }
        }
        return .absent
    }
}

extension DictionaryCoder: ModelAddressing {
    func address(_ id: JSON?, in value: Any, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        guard self.value.isModel else { return .notAddressable("a dictionary of values that are not models") }
        return Self.address(id) { key in (value as? [String: Value])?[key].flatMap(anyObject) }
    }

    /// `address(_:in:positions:session:)` on the dictionary as its references, for a coder that
    /// `mergesModels` (see `ModelCollectionMerge`).
    func addressModel(_ id: JSON?, among models: [String: AnyObject], positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        Self.address(id) { models[$0] }
    }

    /// The model `model` gives for the key `id` names.
    private static func address(_ id: JSON?, lookingUp model: (String) -> AnyObject?) -> AddressedModel {
        guard let id else { return .notAddressable("a dictionary: the step needs a key") }
        guard let key = id.dictionaryStepKey else { return .notAddressable("a dictionary, whose keys are strings, not \(id.foundDescription)") }
        guard let found = model(key) else { return .absent }
        return .found(found, .dictionaryKey(key))
    }
}

extension JSON {
    /// The key of a dictionary an identity names in a step of an `IdentityPath`: a string as it is, a
    /// number as written; `nil` for anything else.
    var dictionaryStepKey: String? {
        switch self {
        case .string(let text): text
        case .number(let number): number.description
        default: nil
        }
    }
}

extension OptionalCoder: ModelAddressing {
    func address(_ id: JSON?, in value: Any, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        guard let addressing = wrapped as? any ModelAddressing else { return .notAddressable("a value that holds no models") }
        guard let wrapped = value as? Wrapped else { return .absent }
        return addressing.address(id, in: wrapped, positions: &positions, session: session)
    }
}
