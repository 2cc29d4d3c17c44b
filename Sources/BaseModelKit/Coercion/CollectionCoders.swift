// Coders for the containers of DESIGN.md §2: `Optional`, `Array`, `Set` and `[String: T]`, nested to
// any depth. Elements are decoded by the element's coder; an error in one element carries its index
// or key in the path.

struct OptionalCoder<Wrapped>: ValueCoding {
    let wrapped: any ValueCoding<Wrapped>

    var typeName: String { wrapped.typeName }
    var acceptsNull: Bool { true }
    var mergesIntoExisting: Bool { wrapped.mergesIntoExisting }

    func decode(_ json: JSON, existing: Wrapped??, session: DecodingSession) throws -> Wrapped? {
        if case .null = json { return nil }
        do {
            return try wrapped.decode(json, existing: existing ?? nil, session: session)
        } catch let unknown as UnknownEnumCase {
            // An enum case this build does not know: the optional keeps its default, nil.
            unknown.note(in: session)
            return nil
        }
    }

    func encode(_ value: Wrapped?, session: EncodingSession) throws -> JSON {
        guard let value else { return .null }
        return try wrapped.encode(value, session: session)
    }

    func isNil(_ value: Wrapped?) -> Bool { value == nil }
}

/// The elements of an array already there, by identity, for a merge to take each match from once:
/// a short array is searched in order (comparing a few identities costs less than hashing them), a
/// long one through a dictionary. A repeated identity matches its first element.
///
/// It keeps positions in the array, not elements: code generic over the element type, which this
/// runs as, paid metadata lookups for every tuple and optional of an element (callgrind).
struct IdentityIndex {
    private var short: [JSON?] = []
    private var long: [JSON: Int] = [:]
    private let isShort: Bool

    init<Element>(_ elements: [Element], identity: ElementIdentity) {
        isShort = elements.count <= 16
        if isShort { short.reserveCapacity(elements.count) }
        // Counted loops in this generic code: `indices` is a generic call (see `ArrayCoder.write`).
        let count = elements.count
        var position = 0
        while position < count {
            defer { position += 1 }
            // Elements are models (the schema admits identities only for arrays of models).
            let id = anyObject(elements[position]).flatMap(identity.of)
            if isShort {
                short.append(id)
            } else if let id, long[id] == nil {
                long[id] = position
            }
        }
    }

    /// The position of the element whose identity is `id`, if any is left; it is not found again.
    mutating func take(_ id: JSON) -> Int? {
        guard isShort else { return long.removeValue(forKey: id) }
        for position in short.indices where short[position] == id {
            short[position] = nil
            return position
        }
        return nil
    }
}

/// `value` as an object reference, when `Value` is a class type; `nil` otherwise. (`as AnyObject`
/// went through the runtime's general bridging, about 2 700 instructions per element: callgrind.)
func anyObject<Value>(_ value: Value) -> AnyObject? {
    guard Value.self is AnyObject.Type, MemoryLayout<Value>.size == MemoryLayout<AnyObject>.size else { return value as AnyObject? }
    // Sound: a value of a class type (checked above: a class metatype, one reference in size) is a
    // single strong reference, the representation of `AnyObject`; the cast copies it (retained).
    // `IdentityMergeTests` merges arrays of models through it.
    return unsafeBitCast(value, to: AnyObject.self)
}

/// How the elements of an array of models are matched on an update (`BaseModel.identities`): by the
/// JSON key of their identity property, and the identity of an element already in the array, read
/// by the schema (which knows the element's plan).
struct ElementIdentity: Sendable {
    /// The identity property's JSON key in the elements' objects.
    let key: String
    /// The identity property of a model, as the maps write it; `nil` if it cannot be read.
    let of: @Sendable (AnyObject) -> JSON?
}

struct ArrayCoder<Element>: ValueCoding {
    let element: any ValueCoding<Element>
    /// Drops elements that fail to map, whatever `DecodingOptions.collections` says.
    var isLossy = false
    /// For an array of models declared in `identities`: an update merges elements by identity.
    var identity: ElementIdentity?

    var typeName: String { "[\(element.typeName)]" }
    var mergesIntoExisting: Bool { identity != nil }

    func decode(_ json: JSON, existing: [Element]?, session: DecodingSession) throws -> [Element] {
        guard case .array(let items) = json else { throw mismatch(json) }
        if let identity, let existing, session.changeLog != nil {
            return try merge(items, into: existing, by: identity, session: session)
        }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let value = try decodeElement(item, at: .index(index), by: element, lossy: isLossy, session: session) {
                result.append(value)
            }
        }
        return result
    }

    /// An update of an array of models declared in `identities`: an element whose identity matches an
    /// element already there updates that object in place; any other is a new object; the order is
    /// the JSON's, and elements the JSON no longer lists are removed.
    func merge(_ items: [JSON], into existing: [Element], by identity: ElementIdentity, session: DecodingSession) throws -> [Element] {
        var current = IdentityIndex(existing, identity: identity)
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if case .object(let object) = item, let id = object[identity.key], let position = current.take(id) {
                let match = existing[position]
                session.enter(.index(index))
                defer { session.leave() }
                do {
                    result.append(try element.decode(item, existing: match, session: session))
                } catch let error as MappingError {
                    throw error.prefixed(by: .index(index))
                }
            } else if let value = try decodeElement(item, at: .index(index), by: element, lossy: isLossy, session: session) {
                result.append(value)
            }
        }
        return Self.unchanged(result, from: existing)
    }

    /// `existing` itself when `merged` holds the same objects in the same order — so that the property
    /// keeps its buffer, and a change set sees at once that no element came or went — else `merged`.
    static func unchanged(_ merged: [Element], from existing: [Element]) -> [Element] {
        let count = merged.count
        guard count == existing.count else { return merged }
        var index = 0
        while index < count {
            if !isSameObject(merged[index], existing[index]) { return merged }
            index += 1
        }
        return existing
    }

    /// Each element's identity and object, for the change set (`nil` without `identities`).
    func identities(of value: [Element]) -> [(id: JSON, object: AnyObject)]? {
        guard let identity else { return nil }
        return value.compactMap { item in anyObject(item).flatMap { object in identity.of(object).map { ($0, object) } } }
    }

    func encode(_ value: [Element], session: EncodingSession) throws -> JSON {
        var items: [JSON] = []
        let count = value.count
        items.reserveCapacity(count)
        var index = 0
        while index < count {
            do {
                items.append(try element.encode(value[index], session: session))
            } catch let error as MappingError {
                throw error.prefixed(by: .index(index))
            }
            index += 1
        }
        return .array(items)
    }
}

struct SetCoder<Element: Hashable>: ValueCoding {
    let element: any ValueCoding<Element>
    var isLossy = false

    var typeName: String { "Set<\(element.typeName)>" }

    func decode(_ json: JSON, existing: Set<Element>?, session: DecodingSession) throws -> Set<Element> {
        guard case .array(let items) = json else { throw mismatch(json) }
        var result = Set<Element>(minimumCapacity: items.count)
        for (index, item) in items.enumerated() {
            if let value = try decodeElement(item, at: .index(index), by: element, lossy: isLossy, session: session) {
                result.insert(value)
            }
        }
        return result
    }

    func encode(_ value: Set<Element>, session: EncodingSession) throws -> JSON {
        var items: [JSON] = []
        items.reserveCapacity(value.count)
        for item in value {
            items.append(try element.encode(item, session: session))
        }
        // A set has no order; sort the written elements so that output stays deterministic.
        let keyed = try items.map { (try $0.serializedBytes(options: EncodingOptions()), $0) }
        return .array(keyed.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1))
    }
}

struct DictionaryCoder<Value>: ValueCoding {
    let value: any ValueCoding<Value>
    var isLossy = false

    var typeName: String { "[String: \(value.typeName)]" }

    /// A dictionary of models merges by key on an update (see `decode(from:merging:session:)`).
    var mergesIntoExisting: Bool { value.mergesIntoExisting }

    func decode(_ json: JSON, existing: [String: Value]?, session: DecodingSession) throws -> [String: Value] {
        guard case .object(let object) = json else { throw mismatch(json) }
        if let existing, mergesIntoExisting, session.changeLog != nil {
            return try merge(object, into: existing, session: session)
        }
        var result = [String: Value](minimumCapacity: object.count)
        for (key, item) in object {
            if let decoded = try decodeElement(item, at: .dictionaryKey(key), by: value, lossy: isLossy, session: session) {
                result[key] = decoded
            }
        }
        return result
    }

    /// An update of a dictionary of models, as JSON Merge Patch (RFC 7396) does it: a key present
    /// with an object updates the model already there in place (the same object), or inserts a new
    /// one; a key present with `null` removes its entry; keys absent from the JSON stay.
    func merge(_ object: JSONObject, into existing: [String: Value], session: DecodingSession) throws -> [String: Value] {
        var result = existing
        for (key, item) in object {
            if case .null = item {
                result[key] = nil
                continue
            }
            if let current = existing[key] {
                session.enter(.dictionaryKey(key))
                defer { session.leave() }
                do {
                    let merged = try value.decode(item, existing: current, session: session)
                    if !isSameObject(merged, current) { result[key] = merged }
                } catch let error as MappingError {
                    throw error.prefixed(by: .dictionaryKey(key))
                }
            } else if let decoded = try decodeElement(item, at: .dictionaryKey(key), by: value, lossy: isLossy, session: session) {
                result[key] = decoded
            }
        }
        return result
    }

    func encode(_ dictionary: [String: Value], session: EncodingSession) throws -> JSON {
        try jsonObject(of: dictionary.map { ($0.key, $0.value) }, by: value, session: session)
    }
}

/// The JSON object of a dictionary's entries, keyed by their text: in the order of the keys' bytes
/// (a dictionary has none of its own, and output stays deterministic), each value written by `coder`,
/// an error carrying its key.
private func jsonObject<Value>(of entries: [(key: String, value: Value)], by coder: any ValueCoding<Value>, session: EncodingSession) throws -> JSON {
    var object = JSONObject()
    for entry in entries.sorted(by: { $0.key.utf8Precedes($1.key) }) {
        do {
            object[entry.key] = try coder.encode(entry.value, session: session)
        } catch let error as MappingError {
            throw error.prefixed(by: .dictionaryKey(entry.key))
        }
    }
    return .object(object)
}

/// Decodes one element of a collection, putting its index or key in front of the path of any error.
/// `null` is an element only of types that accept it: it cannot be "left unchanged" inside a new
/// collection. Returns `nil` for an element that a lossy collection leaves out.
private func decodeElement<Element>(_ item: JSON, at place: MappingPath.Component, by element: any ValueCoding<Element>, lossy: Bool, session: DecodingSession) throws -> Element? {
    session.enter(place)
    defer { session.leave() }
    do {
        if case .null = item, !element.acceptsNull {
            throw element.mismatch(item)
        }
        return try element.decode(item, existing: nil, session: session)
    } catch let unknown as UnknownEnumCase {
        // An enum case this build does not know, where the default is kept: the element is left out.
        unknown.note(in: session)
        return nil
    } catch let error as MappingError {
        let located = error.prefixed(by: place)
        guard session.dropsFailedElements(lossy: lossy, after: located) else { throw located }
        return nil
    }
}

/// How the keys of a dictionary that is not keyed by `String` are written as JSON object keys: an
/// integer or a `LosslessStringConvertible` value as its text, a raw-value enum as its raw value.
///
/// The key type's conformance is looked up again for each key (a cast to the protocol, cached by the
/// runtime) rather than kept in closures: a closure may not capture a metatype that is not
/// `Sendable`.
struct DictionaryKeys<Key: Hashable>: Sendable {
    private enum Kind: Sendable {
        case stringRawValue, intRawValue, lossless
    }

    private let kind: Kind

    /// The key type, as named in messages.
    var name: String { String(describing: Key.self) }

    static func make() -> DictionaryKeys? {
        if let raw = Key.self as? any RawRepresentable.Type {
            func kind<Raw: RawRepresentable>(_: Raw.Type) -> Kind? {
                Raw.RawValue.self == String.self ? .stringRawValue : Raw.RawValue.self == Int.self ? .intRawValue : nil
            }
            if let kind = kind(raw) { return DictionaryKeys(kind: kind) }
        }
        if Key.self is any LosslessStringConvertible.Type {
            return DictionaryKeys(kind: .lossless)
        }
        return nil
    }

    /// The key whose text is `text`, or `nil`.
    func key(_ text: String) -> Key? {
        switch kind {
        case .stringRawValue, .intRawValue:
            // `make` checked the conformance.
            let raw = Key.self as! any RawRepresentable.Type
            return Self.fromRawValue(text, numeric: kind == .intRawValue, as: raw)
        case .lossless:
            let lossless = Key.self as! any LosslessStringConvertible.Type
            return Self.fromText(text, as: lossless)
        }
    }

    private static func fromRawValue<Raw: RawRepresentable>(_ text: String, numeric: Bool, as type: Raw.Type) -> Key? {
        let raw: Raw.RawValue? = numeric ? Int(text).flatMap { $0 as? Raw.RawValue } : text as? Raw.RawValue
        return raw.flatMap { Raw(rawValue: $0) } as? Key
    }

    private static func fromText<Text: LosslessStringConvertible>(_ text: String, as type: Text.Type) -> Key? {
        Text(text) as? Key
    }

    /// The text of `key`.
    func text(of key: Key) -> String {
        switch kind {
        case .stringRawValue, .intRawValue:
            let raw = (key as! any RawRepresentable).rawValue
            return raw as? String ?? String(describing: raw)
        case .lossless:
            return (key as! any LosslessStringConvertible).description
        }
    }
}

/// A dictionary keyed by something other than `String` (`[Int: T]`, `[Side: T]`): a JSON object whose
/// keys are the keys' text. A key whose text is not a key of the type is an error at that key (or,
/// in a lossy collection, left out).
struct KeyedDictionaryCoder<Key: Hashable, Value>: ValueCoding {
    let keys: DictionaryKeys<Key>
    let value: any ValueCoding<Value>
    var isLossy = false

    var typeName: String { "[\(keys.name): \(value.typeName)]" }

    func decode(_ json: JSON, existing: [Key: Value]?, session: DecodingSession) throws -> [Key: Value] {
        guard case .object(let object) = json else { throw mismatch(json) }
        var result = [Key: Value](minimumCapacity: object.count)
        for (text, item) in object {
            guard let key = keys.key(text) else {
                let error = MappingError(.typeMismatch(expected: "a key of type \(keys.name)", found: "the key \"\(text)\""), path: MappingPath([.dictionaryKey(text)]))
                if session.dropsFailedElements(lossy: isLossy, after: error) { continue }
                throw error
            }
            if let decoded = try decodeElement(item, at: .dictionaryKey(text), by: value, lossy: isLossy, session: session) {
                result[key] = decoded
            }
        }
        return result
    }

    func encode(_ dictionary: [Key: Value], session: EncodingSession) throws -> JSON {
        try jsonObject(of: dictionary.map { (keys.text(of: $0.key), $0.value) }, by: value, session: session)
    }
}

/// Whether `first` and `second` are the same value, bit for bit: a model an update merged in place
/// comes back as itself (the same reference), and then nothing needs writing back. Compares the bits
/// of values the size of a reference (`BufferIdentity`); larger values are never the same. (A cast to
/// `AnyObject` per element cost a quarter of an update: callgrind.)
func isSameObject<Value>(_ first: Value, _ second: Value) -> Bool {
    guard let bits = BufferIdentity.of(first) else { return false }
    return bits == BufferIdentity.of(second)
}
