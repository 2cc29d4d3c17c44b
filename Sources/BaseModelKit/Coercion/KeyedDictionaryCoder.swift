import BaseModelKitJSON
/// A dictionary keyed by something other than `String` (`[Int: T]`, `[Side: T]`): a JSON object whose
/// keys are the keys' text. A key whose text is not a key of the type is an error at that key (or,
/// in a lossy collection, left out).
struct KeyedDictionaryCoder<Key: Hashable, Value>: ValueCoding {
    let keys: DictionaryKeys<Key>
    let value: any ValueCoding<Value>
    var isLossy = false
    /// An update merges the dictionary by key (`BaseModel.mergedDictionaries`); otherwise it is
    /// replaced.
    var mergesValues = false

    var typeName: String { "[\(keys.name): \(value.typeName)]" }
    var mergesIntoExisting: Bool { mergesValues }

    var entryMerging: EntryMerging<[Key: Value]>? {
        guard mergesValues else { return nil }
        return EntryMerging(empty: [:]) { parser, dictionary, session, encoding, edits in
            try DictionaryCoder<Value>.mergeEntries(from: &parser, into: &dictionary, lossy: isLossy, value: value, session: session, encoding: encoding,
                                                    edits: &edits, key: key(_:), text: keys.text(of:))
        }
    }

    /// The key whose text is `text`: an error at the key when it is not one of the key type's.
    private func key(_ text: String) throws -> Key {
        guard let key = keys.key(text) else {
            throw MappingError(.typeMismatch(expected: "a key of type \(keys.name)", found: "the key \"\(text)\""))
        }
        return key
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> [Key: Value] {
        guard parser.peekToken() == UInt8(ascii: "{") else { throw try containerMismatch(at: &parser) }
        var result: [Key: Value] = [:]
        var entries = try EntryCursor(object: &parser, lossy: isLossy)
        while try entries.next(in: &parser, session: session) {
            let key = keys.key(entries.key)
            do {
                guard let key else {
                    throw MappingError(.typeMismatch(expected: "a key of type \(keys.name)", found: "the key \"\(entries.key)\""))
                }
                result[key] = try value.decodeElement(from: &parser, session: session)
            } catch {
                try entries.drop(after: error, in: &parser, session: session)
                if let key { result[key] = nil }
            }
        }
        return result
    }

    func decode(_ json: JSON, existing: [Key: Value]?, session: DecodingSession) throws -> [Key: Value] {
        try decodeByReading(json, existing: existing, session: session)
    }

    /// Written as a `[String: Value]` of the keys' text.
    func write(_ dictionary: [Key: Value], to writer: inout JSONWriter, session: EncodingSession) throws {
        let byText = Dictionary(dictionary.map { (keys.text(of: $0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        try DictionaryCoder(value: value).write(byText, to: &writer, session: session)
    }

    func encode(_ dictionary: [Key: Value], session: EncodingSession) throws -> JSON {
        try encodeByWriting(dictionary, session: session)
    }
}
