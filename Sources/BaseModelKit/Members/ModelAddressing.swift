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
/// Keyed by the model's address. A model's indexes go when it is freed: `BaseModel`'s `deinit` drops
/// them, looking for them only while the table holds any (`mayHoldIndexes`, one atomic load) and
/// only for a model of a class whose models have had some (`forget`), so no entry outlives its
/// model and no other model at the same address finds it. (Held weakly beside the entries, to drop
/// those of freed models, the models kept their reference counts in side tables, which made every
/// retain and release of them slower: about 1 600 instructions a delta addressed by two steps,
/// callgrind. Dropped by use instead, an index of a model that lives could go and be rebuilt, and a
/// stream of short-lived graphs beside a live one made the table grow without bound.)
///
/// An entry is still not trusted, only used: the element at the position it gives is taken only
/// when it has the identity looked for, in the array the model holds now (`ArrayCoder.address`),
/// since code may change the array between lookups.
///
/// A lookup only reads a graph, so two threads may look up in one graph at once: the table is reached
/// only under its lock. The lock is never taken with a model to free inside it (the table holds
/// addresses and positions only), so a `deinit` on the same thread cannot wait for itself.
enum IdentityPositions {
    /// The indexes kept for one model, by member (an identity path's step: the member's index) or by
    /// field (a partial collection's merge: `-1 - offset`). A partial collection's index also holds
    /// the array it is complete for (`source`).
    private typealias Indexes = [(member: Int, positions: [IdentityKey: Int], source: [AnyObject]?)]

    private static let table = Lock.make(AddressTable<Indexes>())

    /// The index kept for member `member` of `owner`, if any.
    static func positions(ofMember member: Int, in owner: AnyObject) -> [IdentityKey: Int]? {
        let address = UInt(bitPattern: ObjectIdentifier(owner))
        return table.withLock { table in
            guard let indexes = table[address] else { return nil }
            for index in indexes where index.member == member { return index.positions }
            return nil
        }
    }

    /// Keeps `positions` as the index of member `member` of `owner`.
    static func keep(_ positions: [IdentityKey: Int], ofMember member: Int, in owner: AnyObject) {
        _ = keep(positions, source: nil, slot: member, in: owner)
    }

    /// For a partial collection's merge: the index kept for the field at `offset` of `owner`, with
    /// the array it is complete for, taken out of the table (the merge puts it back, brought up to
    /// date, with `keep(_:for:ofField:in:)`).
    static func take(ofField offset: Int, in owner: AnyObject) -> (positions: [IdentityKey: Int], source: [AnyObject])? {
        let address = UInt(bitPattern: ObjectIdentifier(owner))
        let slot = -1 - offset
        return table.withLock { table -> (positions: [IdentityKey: Int], source: [AnyObject])? in
            guard var indexes = table[address], let at = indexes.firstIndex(where: { $0.member == slot }) else { return nil }
            let taken = indexes.remove(at: at)
            table[address] = indexes.isEmpty ? nil : indexes
            // Sound: as in `keep`.
            AtomicOperations.store(table.count, to: ProcessWords.indexedModels)
            return taken.source.map { (taken.positions, $0) }
        }
    }

    /// Keeps `positions` as the index of the partial collection `source` in the field at `offset`
    /// of `owner`. Holding `source` keeps its buffer from changing unseen: code that changes the
    /// array copies the buffer first, and the next merge, finding another buffer, makes a new index.
    static func keep(_ positions: [IdentityKey: Int], for source: [AnyObject], ofField offset: Int, in owner: AnyObject) {
        let replaced = keep(positions, source: source, slot: -1 - offset, in: owner)
        // Freed here, outside the lock: an array may hold the last reference to a model.
        _ = replaced
    }

    /// Keeps an index in `slot`; returns the array the index it replaced held, to be let go of
    /// outside the lock.
    private static func keep(_ positions: [IdentityKey: Int], source: [AnyObject]?, slot member: Int, in owner: AnyObject) -> [AnyObject]? {
        let address = UInt(bitPattern: ObjectIdentifier(owner))
        return table.withLock { table -> [AnyObject]? in
            var indexes = table[address] ?? []
            var replaced: [AnyObject]?
            if let at = indexes.firstIndex(where: { $0.member == member }) {
                replaced = indexes[at].source
                indexes[at].positions = positions
                indexes[at].source = source
            } else {
                indexes.append((member, positions, source))
            }
            table[address] = indexes
            noteIndexes(forModelOf: type(of: owner))
            // Sound: the word is a C global, alive for the whole process, touched only atomically.
            AtomicOperations.store(table.count, to: ProcessWords.indexedModels)
            return replaced
        }
    }

    /// Notes that models of `type` may have indexes, under the table's lock: in the first word of
    /// `ProcessWords.indexedClasses` that is free or holds it, or, when none is, as -1 in the last
    /// (any class may). Never undone: an app has few model classes that hold arrays merged by identity.
    private static func noteIndexes(forModelOf type: AnyObject.Type) {
        let identifier = Int(bitPattern: ObjectIdentifier(type))
        let words = ProcessWords.indexedClasses
        for index in 0..<ProcessWords.indexedClassCount {
            // Sound: `words` is the first of `indexedClassCount` C globals, alive for the whole
            // process and touched only atomically; only this function, under the lock, stores.
            let word = AtomicOperations.load(words + index)
            if word == identifier || word == -1 { return }
            if word == 0 {
                AtomicOperations.store(identifier, to: words + index)
                return
            }
        }
        // Sound: as above.
        AtomicOperations.store(-1, to: words + ProcessWords.indexedClassCount - 1)
    }

    /// Whether models of `type` may have indexes kept (see `noteIndexes(forModelOf:)`).
    private static func mayHoldIndexes(forModelOf type: AnyObject.Type) -> Bool {
        let identifier = Int(bitPattern: ObjectIdentifier(type))
        let words = ProcessWords.indexedClasses
        for index in 0..<ProcessWords.indexedClassCount {
            // Sound: as in `noteIndexes(forModelOf:)`.
            let word = AtomicOperations.load(words + index)
            if word == identifier || word == -1 { return true }
            if word == 0 { return false }
        }
        return false
    }

    /// Whether any model has indexes kept (a model being freed need not look for its own when not).
    static var mayHoldIndexes: Bool {
        // Sound: as in `keep`.
        AtomicOperations.load(ProcessWords.indexedModels) != 0
    }

    /// Drops the indexes of `model`, which is being freed (`BaseModel`'s `deinit`), when its class
    /// is one whose models have had some: a model of any other class is freed without the lock.
    /// Out of line: inlined, it made every model's `deinit` save and restore registers for it, about
    /// 15 instructions a model freed while no model has indexes (callgrind).
    @inline(never)
    static func forget(_ model: AnyObject) {
        guard mayHoldIndexes(forModelOf: type(of: model)) else { return }
        let address = UInt(bitPattern: ObjectIdentifier(model))
        let dropped = table.withLock { table -> Indexes? in
            guard let dropped = table.removeValue(for: address) else { return nil }
            // Sound: as in `keep`.
            AtomicOperations.store(table.count, to: ProcessWords.indexedModels)
            return dropped
        }
        // Freed here, outside the lock.
        _ = dropped
    }

    /// Whether the model at `address` has indexes kept (for tests).
    static func holdsIndexes(forModelAt address: UInt) -> Bool {
        table.withLock { $0[address] != nil }
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
    func address(_ id: JSON?, in value: Any, positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel {
        guard let addressing = wrapped as? any ModelAddressing else { return .notAddressable("a value that holds no models") }
        guard let wrapped = value as? Wrapped else { return .absent }
        return addressing.address(id, in: wrapped, positions: &positions, session: session)
    }
}
