import BaseModelKitJSON
import Foundation

/// The coder of a property whose type is `Codable` and that nothing earlier in the ladder maps (a
/// struct, an enum with associated values, a `Codable` class): the value goes through its own
/// `init(from:)` and `encode(to:)`, over the package's `JSON` values — no `JSONSerialization`, no
/// `JSONDecoder`.
///
/// Inside, the scalars a `Codable` type asks for are read and written by the engine's own coders, so
/// they follow the call's options as a mapped property would: the coercion mode, the date strategy,
/// exact numbers. Errors keep their path: a `DecodingError` of the value's own code, or a mismatch
/// found by the containers, becomes a `MappingError` whose path goes down into the value
/// (`Expected Int at place.position.x (Ticket.place) …`).
struct CodableCoder<Value: Codable>: ValueCoding {
    var typeName: String { String(describing: Value.self) }

    func decode(_ json: JSON, existing: Value?, session: DecodingSession) throws -> Value {
        let decoder = TreeDecoder(value: json, path: [], session: session)
        do {
            return try Value(from: decoder)
        } catch let error as MappingError {
            throw error
        } catch let error as DecodingError {
            throw MappingError(decoding: error)
        }
    }

    func encode(_ value: Value, session: EncodingSession) throws -> JSON {
        let encoder = TreeEncoder(path: [], session: session)
        do {
            try value.encode(to: encoder)
        } catch let error as EncodingError {
            throw MappingError(encoding: error)
        }
        return encoder.node.json
    }
}

extension MappingError {
    /// A `DecodingError` thrown inside a `Codable` value, with its path.
    init(decoding error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(.typeMismatch(expected: String(describing: type), found: context.debugDescription), path: MappingPath(codingPath: context.codingPath))
        case .valueNotFound(let type, let context):
            self.init(.typeMismatch(expected: String(describing: type), found: "null"), path: MappingPath(codingPath: context.codingPath))
        case .keyNotFound(let key, let context):
            self.init(.notFound("key \"\(key.stringValue)\""), path: MappingPath(codingPath: context.codingPath))
        case .dataCorrupted(let context):
            self.init(.transformFailed(error), path: MappingPath(codingPath: context.codingPath))
        @unknown default:
            self.init(.transformFailed(error))
        }
    }

    /// An `EncodingError` thrown inside a `Codable` value, with its path.
    init(encoding error: EncodingError) {
        switch error {
        case .invalidValue(_, let context):
            self.init(.transformFailed(error), path: MappingPath(codingPath: context.codingPath))
        @unknown default:
            self.init(.transformFailed(error))
        }
    }
}

extension MappingPath {
    /// The path a coder's `codingPath` names.
    init(codingPath: [any CodingKey]) {
        self.init(codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) })
    }
}

// MARK: - Decoding

/// A `Decoder` over one `JSON` value, for `CodableCoder`.
private struct TreeDecoder: Decoder {
    let value: JSON
    let path: [any CodingKey]
    let session: DecodingSession

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else { throw mismatch("an object") }
        return KeyedDecodingContainer(TreeKeyedContainer<Key>(object: object, path: path, session: session))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch("an array") }
        return TreeUnkeyedContainer(elements: elements, path: path, session: session)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TreeSingleValueContainer(value: value, path: path, session: session)
    }

    private func mismatch(_ expected: String) -> MappingError {
        MappingError(.typeMismatch(expected: expected, found: value.foundDescription), path: MappingPath(codingPath: path))
    }
}

/// Where a value inside a `Codable` value is: its container's path and its own key or position,
/// joined into a coding path only when one is needed (a nested container, an error), not for each
/// scalar.
private struct CodingPlace {
    var parent: [any CodingKey]
    var key: (any CodingKey)? = nil
    var position: Int? = nil

    var path: [any CodingKey] {
        if let key { return parent + [key] }
        if let position { return parent + [AnyCodingKey(intValue: position)] }
        return parent
    }

    /// `error`, found inside the value here, with this place's path before its own.
    func placing(_ error: MappingError) -> MappingError {
        var error = error
        error.path.components.insert(contentsOf: MappingPath(codingPath: path).components, at: 0)
        return error
    }
}

/// Decodes `T` from `json` at `place`: a scalar through the engine's coder for it, anything else
/// through its own `init(from:)`. `String`, `Int`, `Double` and `Bool` are told by a comparison of
/// metatypes and read by their coders known at compile time: looked up by type, each value took a
/// lock, and the runtime found the metadata of an optional of its type (the coder's `existing`),
/// together several times the value's own cost.
private func decodeValue<T: Decodable>(_ type: T.Type, from json: JSON, at place: CodingPlace, session: DecodingSession) throws -> T {
    if T.self == String.self { return try decodeScalar(json, by: StringCoder(), as: T.self, at: place, session: session) }
    if T.self == Int.self { return try decodeScalar(json, by: IntegerCoder<Int>(), as: T.self, at: place, session: session) }
    if T.self == Double.self { return try decodeScalar(json, by: DoubleCoder(), as: T.self, at: place, session: session) }
    if T.self == Bool.self { return try decodeScalar(json, by: BoolCoder(), as: T.self, at: place, session: session) }
    if let coder = ScalarCoders.coder(for: T.self) { return try decodeScalar(json, by: coder, as: T.self, at: place, session: session) }
    return try T(from: TreeDecoder(value: json, path: place.path, session: session))
}

/// The engine's coder of each scalar type a `Codable` value asks for, found once per type and kept as
/// an unconstrained existential: found for each value as `any ValueCoding<T>`, the cast to that
/// existential made the runtime look its shape up each time, many times the cost of the value.
private enum ScalarCoders {
    private static let known = Lock<[ObjectIdentifier: (any ValueCoding)?]>.make([:])

    static func coder(for type: Any.Type) -> (any ValueCoding)? {
        let key = ObjectIdentifier(type)
        if let found = known.withLock({ $0[key] }) { return found }
        let made = CoderFactory().scalarCoder(of: type)
        known.withLock { $0[key] = made }
        return made
    }
}

/// `json` at `place` read by `coder`, a coder of `T`s: the cast only names the type the coder
/// already has.
private func decodeScalar<Coder: ValueCoding, T>(_ json: JSON, by coder: Coder, as type: T.Type, at place: CodingPlace, session: DecodingSession) throws -> T {
    do {
        return try coder.decode(json, existing: nil, session: session) as! T
    } catch let error as MappingError {
        throw place.placing(error)
    }
}

/// `value`, a `T`, at `place` written by `coder`, a coder of `T`s, into `node` (see `decodeScalar`).
private func encodeScalar<Coder: ValueCoding, T>(_ value: T, as coder: Coder, into node: TreeNode, at place: CodingPlace, session: EncodingSession) throws {
    do {
        node.content = .value(try coder.encode(value as! Coder.Value, session: session))
    } catch let error as MappingError {
        throw place.placing(error)
    }
}

private struct TreeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONObject
    let path: [any CodingKey]
    let session: DecodingSession

    var codingPath: [any CodingKey] { path }
    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { object[key.stringValue] != nil }

    private func value(for key: Key) throws -> JSON {
        guard let value = object[key.stringValue] else {
            throw MappingError(.notFound("key \"\(key.stringValue)\""), path: MappingPath(codingPath: path))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decodeValue(T.self, from: try value(for: key), at: CodingPlace(parent: path, key: key), session: session)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: try value(for: key), path: path + [key], session: session).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try TreeDecoder(value: try value(for: key), path: path + [key], session: session).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        TreeDecoder(value: object["super"] ?? .null, path: path + [AnyCodingKey(stringValue: "super")], session: session)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        TreeDecoder(value: object[key.stringValue] ?? .null, path: path + [key], session: session)
    }
}

private struct TreeUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSON]
    let path: [any CodingKey]
    let session: DecodingSession
    var currentIndex = 0

    init(elements: [JSON], path: [any CodingKey], session: DecodingSession) {
        self.elements = elements
        self.path = path
        self.session = session
    }

    var codingPath: [any CodingKey] { path }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (JSON, CodingPlace) {
        guard !isAtEnd else {
            throw MappingError(.notFound("element \(currentIndex) (the array has \(elements.count))"), path: MappingPath(codingPath: path))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], CodingPlace(parent: path, position: currentIndex))
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, place) = try next()
        return try decodeValue(T.self, from: value, at: place, session: session)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, place) = try next()
        return try TreeDecoder(value: value, path: place.path, session: session).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, place) = try next()
        return try TreeDecoder(value: value, path: place.path, session: session).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, place) = try next()
        return TreeDecoder(value: value, path: place.path, session: session)
    }
}

private struct TreeSingleValueContainer: SingleValueDecodingContainer {
    let value: JSON
    let path: [any CodingKey]
    let session: DecodingSession

    var codingPath: [any CodingKey] { path }

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(T.self, from: value, at: CodingPlace(parent: path), session: session)
    }
}

// MARK: - Encoding

/// What an encoder has written so far: one value, an object or an array whose parts may still
/// change (nested containers write into them after they are handed out).
private final class TreeNode {
    enum Content {
        case empty
        case value(JSON)
        case object(Members)
        case array([TreeNode])
    }

    /// An object's members in the order first encoded. A key encoded again gets its node back; keys
    /// are found by a search in order, and past `JSONObject.indexThreshold` of them through an index,
    /// so that a value of n keys is built in O(n). Keys are exact, as `JSONObject`'s are.
    struct Members {
        var keys: [String] = []
        var nodes: [TreeNode] = []
        var index: [JSONObject.ExactKey: Int]?

        mutating func node(_ key: String) -> TreeNode {
            if let position = index.map({ $0[JSONObject.ExactKey(key)] }) ?? keys.firstIndex(where: { JSONObject.isSameKey($0, key) }) {
                return nodes[position]
            }
            let node = TreeNode()
            keys.append(key)
            nodes.append(node)
            if index != nil {
                index![JSONObject.ExactKey(key)] = keys.count - 1
            } else if keys.count > JSONObject.indexThreshold {
                index = Dictionary(uniqueKeysWithValues: keys.indices.map { (JSONObject.ExactKey(keys[$0]), $0) })
            }
            return node
        }
    }

    var content = Content.empty

    var json: JSON {
        switch content {
        case .empty: return .object(JSONObject())
        case .value(let value): return value
        case .object(let members):
            return .object(JSONObject(distinctMembers: zip(members.keys, members.nodes).map { JSONObject.Member(key: $0, value: $1.json) }))
        case .array(let nodes): return .array(nodes.map(\.json))
        }
    }

    // `member` and `appendElement` take the collections out of `content` while they change them, so
    // that they change in place: a value of n keys or elements is built in O(n), not O(n²).

    /// The node of `key`, made if new; the node becomes an object if it was empty.
    func member(_ key: String) -> TreeNode {
        var members = Members()
        if case .object(let existing) = content { members = existing }
        content = .empty
        let node = members.node(key)
        content = .object(members)
        return node
    }

    /// A new last element; the node becomes an array if it was empty.
    func appendElement() -> TreeNode {
        var nodes: [TreeNode] = []
        if case .array(let existing) = content { nodes = existing }
        content = .empty
        let node = TreeNode()
        nodes.append(node)
        content = .array(nodes)
        return node
    }

    func makeObject() {
        if case .object = content { return }
        content = .object(Members())
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

/// Writes `value` into `node`, at `place`: a scalar through the engine's coder for it (the common
/// ones by their coders known at compile time, as `decodeValue` reads them), anything else through
/// its own `encode(to:)`.
private func encodeValue<T: Encodable>(_ value: T, into node: TreeNode, at place: CodingPlace, session: EncodingSession) throws {
    if T.self == String.self { return try encodeScalar(value, as: StringCoder(), into: node, at: place, session: session) }
    if T.self == Int.self { return try encodeScalar(value, as: IntegerCoder<Int>(), into: node, at: place, session: session) }
    if T.self == Double.self { return try encodeScalar(value, as: DoubleCoder(), into: node, at: place, session: session) }
    if T.self == Bool.self { return try encodeScalar(value, as: BoolCoder(), into: node, at: place, session: session) }
    if let coder = ScalarCoders.coder(for: T.self) { return try encodeScalar(value, as: coder, into: node, at: place, session: session) }
    try value.encode(to: TreeEncoder(path: place.path, session: session, node: node))
}

/// An `Encoder` that builds one `JSON` value, for `CodableCoder`.
private struct TreeEncoder: Encoder {
    let path: [any CodingKey]
    let session: EncodingSession
    let node: TreeNode

    init(path: [any CodingKey], session: EncodingSession, node: TreeNode = TreeNode()) {
        self.path = path
        self.session = session
        self.node = node
    }

    var codingPath: [any CodingKey] { path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(TreeKeyedEncodingContainer<Key>(node: node, path: path, session: session))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return TreeUnkeyedEncodingContainer(node: node, path: path, session: session)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueEncodingContainer(node: node, path: path, session: session)
    }
}

private struct TreeKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: TreeNode
    let path: [any CodingKey]
    let session: EncodingSession

    var codingPath: [any CodingKey] { path }

    mutating func encodeNil(forKey key: Key) throws {
        node.member(key.stringValue).content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: node.member(key.stringValue), at: CodingPlace(parent: path, key: key), session: session)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        TreeEncoder(path: path + [key], session: session, node: node.member(key.stringValue)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        TreeEncoder(path: path + [key], session: session, node: node.member(key.stringValue)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(path: path + [AnyCodingKey(stringValue: "super")], session: session, node: node.member("super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(path: path + [key], session: session, node: node.member(key.stringValue))
    }
}

private struct TreeUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let node: TreeNode
    let path: [any CodingKey]
    let session: EncodingSession

    var codingPath: [any CodingKey] { path }
    var count: Int {
        if case .array(let nodes) = node.content { return nodes.count }
        return 0
    }

    private func nextPlace() -> CodingPlace { CodingPlace(parent: path, position: count) }

    mutating func encodeNil() throws {
        node.appendElement().content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let place = nextPlace()
        try encodeValue(value, into: node.appendElement(), at: place, session: session)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPlace().path
        return TreeEncoder(path: path, session: session, node: node.appendElement()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPlace().path
        return TreeEncoder(path: path, session: session, node: node.appendElement()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPlace().path
        return TreeEncoder(path: path, session: session, node: node.appendElement())
    }
}

private struct TreeSingleValueEncodingContainer: SingleValueEncodingContainer {
    let node: TreeNode
    let path: [any CodingKey]
    let session: EncodingSession

    var codingPath: [any CodingKey] { path }

    mutating func encodeNil() throws {
        node.content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: node, at: CodingPlace(parent: path), session: session)
    }
}
