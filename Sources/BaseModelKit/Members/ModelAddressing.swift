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

/// The identity → position indexes of models' arrays merged by identity, by model and member, for
/// lookups through `IdentityPath`s: kept beside the models rather than in them, so that a model that
/// is never looked up in pays nothing (a word in every model raised the odds feed's decode peak by
/// 1 MB, past its bar).
///
/// Keyed by the model's address and the member. An entry is not trusted, only used: the element at
/// the position it gives is taken only when it has the identity looked for, in the array the model
/// holds now (`ArrayCoder.address`), so an entry left by a freed model whose address another model
/// took gives a right answer or none.
///
/// Entries go by use, not by their models' lives: each notes the period of its last use, and when
/// the table reaches its limit it keeps only the entries used in the period then ending, and allows
/// twice as many (at least 1 024). A freed model's entry is not used again, so it goes within two
/// periods; a model whose entry went has its index rebuilt by its next lookup, one pass over its
/// array. (Held weakly beside each entry, the models kept their reference counts in side tables,
/// which made every retain and release of them slower: about 700 instructions a delta addressed by
/// two steps, callgrind.)
///
/// A lookup only reads a graph, so two threads may look up in one graph at once: the table is reached
/// only under its lock.
enum IdentityPositions {
    /// A class, so that a lookup notes its use without writing into the table. Reached only under
    /// the table's lock.
    private final class Entry {
        let positions: [IdentityKey: Int]
        /// The period of the entry's last use.
        var used: Int

        init(positions: [IdentityKey: Int], used: Int) {
            self.positions = positions
            self.used = used
        }
    }

    /// A place in the table: a model, by address (0 for a free place), one of its members, and
    /// the member's index.
    private struct Slot {
        var owner: UInt = 0
        var member = 0
        var entry: Entry?
    }

    /// An open-addressing table, probed linearly, at most half full. (A `Dictionary` hashed the
    /// address and member with `Hasher`, about 250 instructions a step, callgrind; an address is no
    /// text from outside, so one multiplication spreads it well enough.)
    private struct Table {
        var slots = [Slot](repeating: Slot(), count: 64)
        var count = 0
        /// The period now: how many times entries were dropped.
        var period = 0
        /// The count at which entries not used in this period are dropped.
        var pruneAt = 1_024

        /// The place of `member` of `owner`, or the free place where it would go.
        func place(of owner: UInt, _ member: Int) -> Int {
            let mask = slots.count - 1
            // Fibonacci hashing: the product's high bits, which every bit of the address reaches.
            let mixed = (owner ^ UInt(bitPattern: member) &* 0x9E37_79B9_7F4A_7C15) &* 0x9E37_79B9_7F4A_7C15
            var index = Int(truncatingIfNeeded: mixed >> UInt(UInt.bitWidth - slots.count.trailingZeroBitCount))
            while slots[index].owner != 0, slots[index].owner != owner || slots[index].member != member {
                index = (index + 1) & mask
            }
            return index
        }

        mutating func insert(_ entry: Entry, for owner: UInt, _ member: Int) {
            let index = place(of: owner, member)
            if slots[index].owner == 0 {
                slots[index] = Slot(owner: owner, member: member, entry: entry)
                count += 1
                if 2 * count > slots.count { rebuild(capacity: 2 * slots.count, keeping: { _ in true }) }
            } else {
                slots[index].entry = entry
            }
        }

        /// The table again with room for `capacity` places, and only the entries `keeping` keeps.
        mutating func rebuild(capacity: Int, keeping: (Entry) -> Bool) {
            let old = slots
            slots = [Slot](repeating: Slot(), count: capacity)
            count = 0
            for slot in old where slot.owner != 0 {
                guard let entry = slot.entry, keeping(entry) else { continue }
                slots[place(of: slot.owner, slot.member)] = slot
                count += 1
            }
        }
    }

    private static let table = Lock.make(Table())

    private static func address(_ owner: AnyObject) -> UInt {
        UInt(bitPattern: ObjectIdentifier(owner))
    }

    /// The index kept for member `member` of `owner`, if any.
    static func positions(ofMember member: Int, in owner: AnyObject) -> [IdentityKey: Int]? {
        let owner = address(owner)
        return table.withLock { table in
            guard let entry = table.slots[table.place(of: owner, member)].entry else { return nil }
            entry.used = table.period
            return entry.positions
        }
    }

    /// How many indexes the table holds (for tests: entries of freed models are dropped).
    static var count: Int { table.withLock { $0.count } }

    /// Keeps `positions` as the index of member `member` of `owner`.
    static func keep(_ positions: [IdentityKey: Int], ofMember member: Int, in owner: AnyObject) {
        let owner = address(owner)
        table.withLock { table in
            table.insert(Entry(positions: positions, used: table.period), for: owner, member)
            if table.count >= table.pruneAt {
                let period = table.period
                // Room for twice the entries kept, at most half full (the table shrinks when its
                // models went).
                let kept = table.slots.reduce(0) { $0 + ($1.entry?.used == period ? 1 : 0) }
                var capacity = 64
                while capacity < 4 * kept { capacity *= 2 }
                table.rebuild(capacity: capacity, keeping: { $0.used == period })
                table.period += 1
                table.pruneAt = max(1_024, 2 * table.count)
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
        guard let id else { return .notAddressable(Self.stepWithoutIdentity) }
        guard let elements = references(in: value) else { return .absent }
        return address(id, among: elements, by: identity, positions: &positions, session: session)
    }

    /// `address(_:in:positions:session:)` on the array as its references, for a coder that
    /// `mergesModels` (see `ModelCollectionMember`).
    func addressModel(_ id: JSON?, among elements: [AnyObject], positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel {
        // Only coders that merge models (and so have an identity) are asked.
        guard let identity else { preconditionFailure("addressModel(_:among:positions:session:) of an array coder without identity") }
        guard let id else { return .notAddressable(Self.stepWithoutIdentity) }
        return address(id, among: elements, by: identity, positions: &positions, session: session)
    }

    private static var stepWithoutIdentity: String { "an array: the step needs the identity of an element" }

    /// The element of `elements` whose identity is `id`.
    private func address(_ id: JSON, among elements: [AnyObject], by identity: ElementIdentity, positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel {
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
        return Self.address(id) { key in (value as? [String: Value])?[key].flatMap(anyObject) }
    }

    /// `address(_:in:positions:session:)` on the dictionary as its references, for a coder that
    /// `mergesModels` (see `ModelCollectionMember`).
    func addressModel(_ id: JSON?, among models: [String: AnyObject], positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel {
        Self.address(id) { models[$0] }
    }

    /// The model `model` gives for the key `id` names.
    private static func address(_ id: JSON?, lookingUp model: (String) -> AnyObject?) -> AddressedModel {
        guard let id else { return .notAddressable("a dictionary: the step needs a key") }
        let key: String
        switch id {
        case .string(let text): key = text
        case .number(let number): key = number.description
        default: return .notAddressable("a dictionary, whose keys are strings, not \(id.foundDescription)")
        }
        guard let found = model(key) else { return .absent }
        return .found(found, .dictionaryKey(key))
    }
}

extension OptionalCoder: ModelAddressing {
    func address(_ id: JSON?, in value: Any, positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel {
        guard let addressing = wrapped as? any ModelAddressing else { return .notAddressable("a value that holds no models") }
        guard let wrapped = value as? Wrapped else { return .absent }
        return addressing.address(id, in: wrapped, positions: &positions, session: session)
    }
}
