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
        guard identity != nil else { return .notAddressable("an array not named in identities") }
        guard id != nil else { return .notAddressable(Self.stepWithoutIdentity) }
        guard let elements = references(in: value) else { return .absent }
        return addressModel(id, among: elements, positions: &positions, session: session)
    }
}

extension DictionaryCoder: ModelAddressing {
    func address(_ id: JSON?, in value: Any, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        guard self.value.isModel else { return .notAddressable("a dictionary of values that are not models") }
        return Self.address(id) { key in (value as? [String: Value])?[key].flatMap(anyObject) }
    }
}

extension OptionalCoder: ModelAddressing {
    func address(_ id: JSON?, in value: Any, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        guard let addressing = wrapped as? any ModelAddressing else { return .notAddressable("a value that holds no models") }
        guard let wrapped = value as? Wrapped else { return .absent }
        return addressing.address(id, in: wrapped, positions: &positions, session: session)
    }
}
