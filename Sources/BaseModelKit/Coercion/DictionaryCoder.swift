import BaseModelKitJSON
import Foundation

/// `[String: T]` of any mapped type: a JSON object. A dictionary of models merges by key on an update,
/// as JSON Merge Patch (RFC 7396) does it.
struct DictionaryCoder<Value>: ValueCoding {
    let value: any ValueCoding<Value>
    var isLossy = false
    /// For a dictionary of values other than models: an update merges it by key
    /// (`BaseModel.mergedDictionaries`).
    var mergesValues = false
    /// Whether the values are class references (models): such dictionaries are made as
    /// `[String: AnyObject]` (see `ReferenceCollections`).
    let holdsReferences = ReferenceCollections.isReference(Value.self)

    var typeName: String { "[String: \(value.typeName)]" }

    /// A dictionary of models merges by key on an update (see `mergeModels`). One
    /// of anything else — optionals, arrays, dictionaries of models too — is replaced whole, so that
    /// what an update changed is always a key of models or the whole value.
    var mergesIntoExisting: Bool { value.isModel || mergesValues }

    /// Specialised for the scalar value types, and made as `[String: AnyObject]` for models (see
    /// `ArrayCoder.decode(from:session:)`).
    @_specialize(where Value == Int)
    @_specialize(where Value == Int8)
    @_specialize(where Value == Int16)
    @_specialize(where Value == Int32)
    @_specialize(where Value == Int64)
    @_specialize(where Value == UInt)
    @_specialize(where Value == UInt8)
    @_specialize(where Value == UInt16)
    @_specialize(where Value == UInt32)
    @_specialize(where Value == UInt64)
    @_specialize(where Value == Float)
    @_specialize(where Value == Double)
    @_specialize(where Value == Decimal)
    @_specialize(where Value == Bool)
    @_specialize(where Value == String)
    @_specialize(where Value == Character)
    @_specialize(where Value == Date)
    @_specialize(where Value == URL)
    @_specialize(where Value == UUID)
    @_specialize(where Value == Data)
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> [String: Value] {
        if holdsReferences { return ReferenceCollections.dictionary(try decodeObjects(from: &parser, session: session), of: Value.self) }
        return try decodeEntries(from: &parser, session: session)
    }

    @inline(never)
    private func decodeEntries(from parser: inout JSONParser, session: DecodingSession) throws -> [String: Value] {
        guard parser.peekToken() == UInt8(ascii: "{") else { throw try containerMismatch(at: &parser) }
        var result: [String: Value] = [:]
        // A key that repeats is decoded each time and the last value wins, as for members; a last value
        // left out leaves the key out (an earlier one does not stand in for it).
        var entries = try EntryCursor(object: &parser, lossy: isLossy)
        while try entries.next(in: &parser, session: session) {
            do {
                result[entries.key] = try value.decodeElement(from: &parser, session: session)
            } catch {
                try entries.drop(after: error, in: &parser, session: session)
                result[entries.key] = nil
            }
        }
        return result
    }

    /// `decodeEntries` for values that are references, made as `[String: AnyObject]`. A speed path,
    /// kept while a benchmark row gains at least 5 % by it, as `writeObjects` is.
    @inline(never)
    private func decodeObjects(from parser: inout JSONParser, session: DecodingSession) throws -> [String: AnyObject] {
        guard parser.peekToken() == UInt8(ascii: "{") else { throw try containerMismatch(at: &parser) }
        var result: [String: AnyObject] = [:]
        var entries = try EntryCursor(object: &parser, lossy: isLossy)
        while try entries.next(in: &parser, session: session) {
            do {
                result[entries.key] = ReferenceCollections.object(try value.decodeElement(from: &parser, session: session))
            } catch {
                try entries.drop(after: error, in: &parser, session: session)
                result[entries.key] = nil
            }
        }
        return result
    }

    func decode(_ json: JSON, existing: [String: Value]?, session: DecodingSession) throws -> [String: Value] {
        try decodeByReading(json, existing: existing, session: session)
    }

    /// The merge by key of a dictionary of values (`BaseModel.mergedDictionaries`), into `dictionary`
    /// in place, from the object at the parser's position (a `{`): each key listed (`key` reads its
    /// text) gets the value `value` reads, `null` removes the key, keys not listed stay. A key listed
    /// twice is refused (`MappingError.Reason.repeatedKey`), as in any update. A value a lossy
    /// collection drops leaves its key as it was. `edits` gets what puts the changed entries back
    /// and, given `encoding`, each entry changed, by its key's text (`text`): whether the merge
    /// finishes or throws.
    static func mergeEntries<Key: Hashable>(from parser: inout JSONParser, into dictionary: inout [Key: Value], lossy: Bool, value: any ValueCoding<Value>,
                                            session: DecodingSession, encoding: EncodingSession?, edits: inout EntryEdits<[Key: Value]>,
                                            key: (String) throws -> Key, text: (Key) -> String) throws {
        // Each key written, with its value before, in the order written (a key is listed once, but
        // two texts may name one key: `1.5` and `1.50`).
        var old: [(key: Key, value: Value?)] = []
        defer {
            if !old.isEmpty {
                edits.undo = { [old] dictionary in
                    for entry in old.reversed() { dictionary[entry.key] = entry.value }
                }
                if let encoding {
                    func json(_ entry: Value?) -> JSON { entry.flatMap { try? value.encode($0, session: encoding) } ?? .null }
                    // A key once, from the value it had before its first write.
                    var changed = Set<Key>(minimumCapacity: old.count)
                    edits.changes = old.compactMap { entry in
                        guard changed.insert(entry.key).inserted else { return nil }
                        let (before, after) = (json(entry.value), json(dictionary[entry.key]))
                        return before == after ? nil : (text(entry.key), before, after)
                    }
                }
            }
        }
        var seen = ReadKeys()
        var entries = try EntryCursor(object: &parser, lossy: lossy)
        while try entries.next(in: &parser, session: session) {
            let listed = entries.key
            if !seen.insert(listed) { throw MappingError(.repeatedKey).prefixed(by: .dictionaryKey(listed)) }
            do {
                let entryKey = try key(listed)
                var new: Value?
                if parser.peekToken() == UInt8(ascii: "n") {
                    try parser.readLiteral(.null)
                } else {
                    new = try value.decodeElement(from: &parser, session: session)
                }
                old.append((entryKey, dictionary[entryKey]))
                dictionary[entryKey] = new
            } catch {
                try entries.drop(after: error, in: &parser, session: session)
            }
        }
    }

    var entryMerging: EntryMerging<[String: Value]>? {
        guard mergesValues, !holdsReferences else { return nil }
        return EntryMerging(empty: [:]) { [value, isLossy] parser, dictionary, session, encoding, edits in
            try Self.mergeEntries(from: &parser, into: &dictionary, lossy: isLossy, value: value, session: session, encoding: encoding, edits: &edits,
                                  key: { $0 }, text: { $0 })
        }
    }

    /// Not specialised for the scalar value types, unlike `decode`: no benchmark row gains 5 % by it.
    func write(_ dictionary: [String: Value], to writer: inout JSONWriter, session: EncodingSession) throws {
        if holdsReferences { return try writeObjects(ReferenceCollections.objects(dictionary), to: &writer, session: session) }
        try writeEntries(dictionary, to: &writer, session: session)
    }

    @inline(never)
    private func writeEntries(_ dictionary: [String: Value], to writer: inout JSONWriter, session: EncodingSession) throws {
        writer.beginObject()
        // A dictionary has no order; its keys are written sorted so that output stays deterministic
        // (the order `.sortedKeys` gives too). The keys alone are sorted, as `String`s (specialised
        // code), and each value read at its key's index: sorting the key-value pairs ran generic code
        // over tuples of the unknown value type, with a metadata lookup per move, and so does the
        // `Optional<Value>` that a lookup by key returns. The keys are copied into a `[String]` first:
        // `sorted` on the dictionary's `Keys` ran the standard library's generic sort, unspecialised.
        var keys: [String] = []
        keys.reserveCapacity(dictionary.count)
        for key in dictionary.keys {
            keys.append(key)
        }
        keys.sort { $0.utf8Precedes($1) }
        for index in keys.indices {
            let key = keys[index]
            writer.writeKey(key, isFirst: index == 0)
            guard let position = dictionary.index(forKey: key) else { continue }
            do {
                try value.write(dictionary.values[position], to: &writer, session: session)
            } catch let error as MappingError {
                throw error.prefixed(by: .dictionaryKey(key))
            }
        }
        writer.endObject(isEmpty: keys.isEmpty)
    }

    /// `writeEntries` for values that are references (models), looked up as such.
    @inline(never)
    private func writeObjects(_ dictionary: [String: AnyObject], to writer: inout JSONWriter, session: EncodingSession) throws {
        writer.beginObject()
        let keys = dictionary.keys.sorted { $0.utf8Precedes($1) }
        for index in keys.indices {
            let key = keys[index]
            writer.writeKey(key, isFirst: index == 0)
            guard let member = dictionary[key] else { continue }
            do {
                try value.writeReference(member, to: &writer, session: session)
            } catch let error as MappingError {
                throw error.prefixed(by: .dictionaryKey(key))
            }
        }
        writer.endObject(isEmpty: keys.isEmpty)
    }

    func encode(_ dictionary: [String: Value], session: EncodingSession) throws -> JSON {
        try encodeByWriting(dictionary, session: session)
    }
}

/// The keys a dictionary merge has read: the first without an allocation, up to 32 in a list, more
/// in a set, so that a message's key or two cost nothing and 10⁵ keys stay linear. A key in the list
/// is held with its first eight bytes as an integer (`utf8LeadingWord`): a new key is compared whole
/// only with the keys whose integers are its own, which keeps a list of a few dozen keys cheaper than
/// hashing them (an order book's delta lists about twenty).
private struct ReadKeys {
    /// A key, with its first eight bytes as an integer. (A struct: an array of tuples was destroyed
    /// through the runtime's generic tuple code.)
    private struct Read {
        let leading: UInt64
        let key: String
    }

    private static let listed = 32
    private var first: String?
    /// Once a second key is read: every key read, the first too.
    private var few: [Read] = []
    private var many: Set<JSONObject.ExactKey> = []

    /// Adds `key`; `false` when it was read before.
    mutating func insert(_ key: String) -> Bool {
        guard let first else {
            self.first = key
            return true
        }
        guard few.count < Self.listed else { return many.insert(JSONObject.ExactKey(key)).inserted }
        if few.isEmpty {
            // Room for all of them at once: grown by doubling, the list was made several times.
            few.reserveCapacity(Self.listed)
            few.append(Read(leading: first.utf8LeadingWord, key: first))
        }
        let read = Read(leading: key.utf8LeadingWord, key: key)
        if few.contains(where: { isRead(read, as: $0) }) { return false }
        few.append(read)
        if few.count == Self.listed { many = Set(few.map { JSONObject.ExactKey($0.key) }) }
        return true
    }

    private func isRead(_ read: Read, as earlier: Read) -> Bool {
        read.leading == earlier.leading && read.key.utf8Equals(earlier.key)
    }
}

extension DictionaryCoder: ModelDictionaryMerging {
    var mergesModels: Bool { holdsReferences && value.isModel }
    var modelDictionaryMerging: (any ModelDictionaryMerging)? { mergesModels ? self : nil }

    /// An update of a dictionary of models: a key listed with an object updates the model the key
    /// holds in place (the same object), or inserts a new one; a key listed with `null` removes its
    /// entry; keys not listed stay.
    func mergeModels(from parser: inout JSONParser, into result: inout [String: AnyObject], session: DecodingSession,
                     changing: (String, AnyObject?, AnyObject?) -> Void) throws {
        guard parser.peekToken() == UInt8(ascii: "{") else { throw try containerMismatch(at: &parser) }
        // A key merged into its model must appear once (`MappingError.Reason.repeatedKey`). Most
        // messages carry a key or two.
        var read = ReadKeys()
        var entries = try EntryCursor(object: &parser, lossy: isLossy)
        while try entries.next(in: &parser, session: session) {
            let key = entries.key
            if !read.insert(key) { throw MappingError(.repeatedKey).prefixed(by: .dictionaryKey(key)) }
            if parser.peekToken() == UInt8(ascii: "n") {
                try parser.readLiteral(.null)
                // Removed at the index its lookup found: the key is hashed once. (`changing` may take
                // the dictionary's field out, which leaves `result` and its index as they are.)
                if let index = result.index(forKey: key) {
                    changing(key, result.values[index], nil)
                    result.remove(at: index)
                }
                continue
            }
            let existing = result[key]
            do {
                if let existing {
                    // Being the object already there, a model merged in place is not written back.
                    if let replaced = try value.merge(from: &parser, intoReference: existing, session: session) {
                        changing(key, existing, replaced)
                        result[key] = replaced
                    }
                } else {
                    let added = ReferenceCollections.object(try value.decodeElement(from: &parser, session: session))
                    changing(key, nil, added)
                    result[key] = added
                }
            } catch {
                // A model merged in place fails the update rather than leave the dictionary; a new
                // one that the rules drop is not added.
                try entries.drop(after: error, mayDrop: existing == nil, in: &parser, session: session)
            }
        }
    }

    /// The model `id` names in `models`, the dictionary as its references, for a coder that
    /// `mergesModels` (see `ModelCollectionMerge`).
    func addressModel(_ id: JSON?, among models: [String: AnyObject], positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        Self.address(id) { models[$0] }
    }

    /// The model `model` gives for the key `id` names.
    static func address(_ id: JSON?, lookingUp model: (String) -> AnyObject?) -> AddressedModel {
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
