/// Finding one model in a property by its identity: a step of an `IdentityPath`.
///
/// A dictionary of models is looked up by key. An array merged by identity is looked up through an
/// index of identity → position kept for the object that holds it (`IdentityPositions`): used when
/// the element at the position it gives still has that identity, rebuilt from the array when not (an
/// update reordered the array, or added the element). So a step costs a hash lookup and a check of one
/// element while the array keeps its order — as a live feed's updates of prices do — and one pass over
/// the array after a change of order.
protocol ModelAddressing {
    /// The model `id` names in `value` (the property's value, of the coder's type), with its step in
    /// a path; `positions` is the array's index (see above), read and brought up to date.
    func address(_ id: JSON?, in value: Any, positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel
}

/// What a step of an `IdentityPath` found in a property.
enum AddressedModel {
    /// The model, with its step in a `MappingPath` below the property (`nil` for a model property).
    case found(AnyObject, MappingPath.Component?)
    /// No model has the identity (or the property holds `nil`).
    case absent
    /// The property holds nothing a step can name: why.
    case notAddressable(String)
}

/// The identity → position indexes of models' arrays merged by identity, by model and member, for
/// lookups through `IdentityPath`s: kept beside the models rather than in them, so that a model that
/// is never looked up in pays nothing (a word in every model raised the odds feed's decode peak by
/// 1 MB, past its bar).
///
/// Keyed by the model's address and the member. An entry is not trusted, only used: the element at
/// the position it gives is taken only when it has the identity looked for, in the array the model
/// holds now (`ArrayCoder.address`), so an entry left by a freed model whose address another model
/// took gives a right answer or none. Each entry's model is held weakly beside it, looked at only
/// when the table grows, to drop the entries of freed models. (Read with each step, with the
/// model's identifier and then the member hashed in turn, the weak reference cost a step about 700
/// instructions more, callgrind.)
///
/// A lookup only reads a graph, so two threads may look up in one graph at once: the table is reached
/// only under its lock.
enum IdentityPositions {
    /// A model, by address, and one of its members.
    private struct Key: Hashable {
        let owner: UInt
        let member: Int

        /// One word hashed: the address mixed with the member.
        func hash(into hasher: inout Hasher) {
            hasher.combine(owner &+ UInt(bitPattern: member) &* 0x9E37_79B9_7F4A_7C15)
        }
    }

    private struct Owner {
        weak var object: AnyObject?
    }

    private struct Table {
        var entries: [Key: [IdentityKey: Int]] = [:]
        /// Each entry's model, for dropping the entries of freed models.
        var owners: [Key: Owner] = [:]
        /// The size at which entries of freed models are next dropped.
        var pruneAt = 1_024
    }

    private static let table = Lock.make(Table())

    private static func key(_ member: Int, _ owner: AnyObject) -> Key {
        Key(owner: UInt(bitPattern: ObjectIdentifier(owner)), member: member)
    }

    /// The index kept for member `member` of `owner`, if any.
    static func positions(ofMember member: Int, in owner: AnyObject) -> [IdentityKey: Int]? {
        let key = key(member, owner)
        return table.withLock { $0.entries[key] }
    }

    /// How many indexes the table holds (for tests: entries of freed models are dropped).
    static var count: Int { table.withLock { $0.entries.count } }

    /// Keeps `positions` as the index of member `member` of `owner`.
    static func keep(_ positions: [IdentityKey: Int], ofMember member: Int, in owner: AnyObject) {
        let key = key(member, owner)
        table.withLock { table in
            table.entries[key] = positions
            table.owners[key] = Owner(object: owner)
            if table.entries.count >= table.pruneAt {
                table.owners = table.owners.filter { $0.value.object != nil }
                table.entries = table.entries.filter { table.owners[$0.key] != nil }
                table.pruneAt = max(1_024, 2 * table.entries.count)
            }
        }
    }
}

/// The members a model keeps that its maps do not name (`BaseModel.keepsUnknownKeys`). Never changed
/// once made: an update that changes them stores a new one.
final class KeptMembers: Sendable {
    let members: JSONObject

    init(_ members: JSONObject) {
        self.members = members
    }
}

extension ArrayCoder: ModelAddressing {
    func address(_ id: JSON?, in value: Any, positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel {
        guard let identity else { return .notAddressable("an array not named in identities") }
        guard let id else { return .notAddressable("an array: the step needs the identity of an element") }
        guard let elements = references(in: value) else { return .absent }
        func element(at position: Int, is wanted: IdentityKey) -> AnyObject? {
            guard position < elements.count, identity.keyOf(elements[position]) == wanted else { return nil }
            return elements[position]
        }
        // The identity as given, then as the identity property reads and writes it (`"7"` for an
        // `Int` identity is `7`): made only when the first is not in the index.
        let given = IdentityKey(id)
        if let position = positions?[given], let object = element(at: position, is: given) {
            return .found(object, .index(position))
        }
        let canonical = identity.canonical(id, session).map(IdentityKey.init)
        if let canonical, canonical != given, let position = positions?[canonical], let object = element(at: position, is: canonical) {
            return .found(object, .index(position))
        }
        var rebuilt: [IdentityKey: Int] = [:]
        rebuilt.reserveCapacity(elements.count)
        // From the end, so that an identity the array holds twice names its first element.
        var position = elements.count - 1
        while position >= 0 {
            if let id = identity.keyOf(elements[position]) { rebuilt[id] = position }
            position -= 1
        }
        positions = rebuilt
        for wanted in [given, canonical] {
            if let wanted, let found = rebuilt[wanted], let object = element(at: found, is: wanted) { return .found(object, .index(found)) }
        }
        return .absent
    }
}

extension DictionaryCoder: ModelAddressing {
    func address(_ id: JSON?, in value: Any, positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel {
        guard self.value.isModel else { return .notAddressable("a dictionary of values that are not models") }
        guard let id else { return .notAddressable("a dictionary: the step needs a key") }
        let key: String
        switch id {
        case .string(let text): key = text
        case .number(let number): key = number.description
        default: return .notAddressable("a dictionary, whose keys are strings, not \(id.foundDescription)")
        }
        guard let models = value as? [String: Value], let model = models[key].flatMap(anyObject) else { return .absent }
        return .found(model, .dictionaryKey(key))
    }
}

extension OptionalCoder: ModelAddressing {
    func address(_ id: JSON?, in value: Any, positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel {
        guard let addressing = wrapped as? any ModelAddressing else { return .notAddressable("a value that holds no models") }
        guard let wrapped = value as? Wrapped else { return .absent }
        return addressing.address(id, in: wrapped, positions: &positions, session: session)
    }
}
