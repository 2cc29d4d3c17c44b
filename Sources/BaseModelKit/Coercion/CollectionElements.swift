// How the coders of collections read their elements from the bytes: one loop for arrays and one for
// objects, holding the rules every collection shares — each element's index or key in the paths,
// `null` only for element types that accept it, failed elements dropped by lossy collections, unknown
// enum cases left out. The coders themselves say what to do with each element (`ArrayCoder`,
// `SetCoder`, `DictionaryCoder`, `KeyedDictionaryCoder`).

extension ValueCoding {
    /// The collection element at the parser's position. `null` is an element only of a type that
    /// accepts it: it cannot be "left unchanged" inside a new collection.
    @inline(__always)
    func decodeElement(from parser: inout JSONParser, session: DecodingSession) throws -> Value {
        if parser.peekToken() == UInt8(ascii: "n"), !acceptsNull {
            try parser.readLiteral(.null)
            throw mismatch(.null)
        }
        return try decode(from: &parser, session: session)
    }

    /// The error for a value at the parser's position that is not the container the coder reads: the
    /// value is read, to name it.
    func containerMismatch(at parser: inout JSONParser) throws -> MappingError {
        mismatch(try parser.readValue())
    }
}

/// Reads the array at the parser's position (a `[`), calling `element` with each element's index at
/// the element. An element that fails is left out — the parser skipping it — when it is an unknown
/// enum case, or when the collection is lossy (`lossy`, or `DecodingOptions.collections`) and the
/// error is about the value, unless `element` cleared its `mayDrop` flag (an element merged in place);
/// otherwise its error is thrown with the index in front.
@inline(__always)
func readElements(from parser: inout JSONParser, lossy: Bool, session: DecodingSession, _ element: (Int, inout JSONParser, inout Bool) throws -> Void) throws {
    try parser.enterContainer()
    if parser.closesImmediately(UInt8(ascii: "]")) { return }
    var index = 0
    repeat {
        session.enter(.index(index))
        let start = (position: parser.position, depth: parser.depth)
        var mayDrop = true
        do {
            try element(index, &parser, &mayDrop)
        } catch {
            // Still inside the element: a report notes a skipped element at its own path.
            do {
                try skipFailedElement(after: error, at: .index(index), lossy: lossy, mayDrop: mayDrop, from: start, in: &parser, session: session)
            } catch {
                session.leave()
                throw error
            }
        }
        session.leave()
        index += 1
    } while try parser.nextMember(closing: UInt8(ascii: "]"))
}

/// Reads the object at the parser's position (a `{`) as entries of a dictionary, calling `entry` with
/// each key at its value; failures as in `readElements`, with the key in the path, and `dropped`
/// called with the key of an entry left out.
@inline(__always)
func readEntries(from parser: inout JSONParser, lossy: Bool, session: DecodingSession, _ entry: (String, inout JSONParser, inout Bool) throws -> Void, dropped: (String) -> Void) throws {
    try parser.enterContainer()
    if parser.closesImmediately(UInt8(ascii: "}")) { return }
    repeat {
        let key = try parser.readStreamingKeyText()
        session.enter(.dictionaryKey(key))
        let start = (position: parser.position, depth: parser.depth)
        var mayDrop = true
        do {
            try entry(key, &parser, &mayDrop)
        } catch {
            do {
                try skipFailedElement(after: error, at: .dictionaryKey(key), lossy: lossy, mayDrop: mayDrop, from: start, in: &parser, session: session)
            } catch {
                session.leave()
                throw error
            }
            dropped(key)
        }
        session.leave()
    } while try parser.nextMember(closing: UInt8(ascii: "}"))
}

/// After the element at `place` failed with `error`: rethrows it with the place in its path, unless
/// the element may be dropped and is — an unknown enum case, or a lossy collection's failed value —
/// in which case the parser goes back to the element's start and skips it whole.
private func skipFailedElement(after error: any Error, at place: MappingPath.Component, lossy: Bool, mayDrop: Bool, from start: (position: Int, depth: Int), in parser: inout JSONParser, session: DecodingSession) throws {
    guard mayDrop else { throw (error as? MappingError)?.prefixed(by: place) ?? error }
    if let unknown = error as? UnknownEnumCase {
        // An enum case this build does not know, where the default is kept: in a collection the
        // element is left out.
        unknown.note(in: session)
    } else {
        guard let error = error as? MappingError else { throw error }
        let located = error.prefixed(by: place)
        guard session.dropsFailedElements(lossy: lossy, after: located) else { throw located }
    }
    parser.position = start.position
    parser.depth = start.depth
    try parser.skipValue()
}

extension JSONParser {
    /// The value of member `key` of the object at the parser's position, read from a copy of the
    /// parser (this one does not move); `nil` when the value is not an object, lacks the key, or is
    /// malformed (the reader that follows reports that).
    func identity(named key: String) throws -> JSON? {
        var scan = self
        guard scan.peekToken() == UInt8(ascii: "{") else { return nil }
        do {
            try scan.enterContainer()
            guard let found = try scan.lastMemberValue(named: key) else { return nil }
            scan.position = found.position
            scan.depth = found.depth
            return try scan.readValue()
        } catch {
            return nil
        }
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

/// Whether `first` and `second` are the same value, bit for bit: a model an update merged in place
/// comes back as itself (the same reference), and then nothing needs writing back. Compares the bits
/// of values the size of a reference (`BufferIdentity`); larger values are never the same. (A cast to
/// `AnyObject` per element cost a quarter of an update: callgrind.)
func isSameObject<Value>(_ first: Value, _ second: Value) -> Bool {
    guard let bits = BufferIdentity.of(first) else { return false }
    return bits == BufferIdentity.of(second)
}
