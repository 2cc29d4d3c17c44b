// Streaming fast paths of the common coders: each reads the token it expects straight from the bytes
// and leaves anything else (lenient spellings, wrong types) to the coder's `JSON` path, so results and
// error messages are the same either way.

extension StringCoder {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> String {
        guard parser.peekToken() == UInt8(ascii: "\"") else {
            return try decodeTree(from: &parser, session: session)
        }
        return try parser.readString()
    }
}

extension BoolCoder {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Bool {
        switch parser.peekToken() {
        case UInt8(ascii: "t"):
            try parser.readLiteral(.true)
            return true
        case UInt8(ascii: "f"):
            try parser.readLiteral(.false)
            return false
        default:
            return try decodeTree(from: &parser, session: session)
        }
    }
}

extension IntegerCoder {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Integer {
        guard let token = parser.peekToken(), token == UInt8(ascii: "-") || token &- UInt8(ascii: "0") < 10 else {
            return try decodeTree(from: &parser, session: session)
        }
        // Most integers are short and plain: read them without a `JSONNumber`.
        let start = parser.position
        if let plain = parser.readPlainInteger() {
            if let value = Integer(exactly: plain) { return value }
            parser.position = start
        }
        let number = try parser.readNumber()
        guard let value = number.int(exactly: Integer.self) else { throw notExact(.number(number)) }
        return value
    }
}

extension DoubleCoder {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Double {
        guard let value = try readNumberAsDouble(from: &parser, for: self) else {
            return try decodeTree(from: &parser, session: session)
        }
        return value
    }
}

/// The number at the parser's position as a `Double`, or `nil` (reading nothing) when a number is not
/// next. A number too large for a `Double` is an error of `coder`'s type.
func readNumberAsDouble<Coder: ValueCoding>(from parser: inout JSONParser, for coder: Coder) throws -> Double? {
    guard let token = parser.peekToken(), token == UInt8(ascii: "-") || token &- UInt8(ascii: "0") < 10 else {
        return nil
    }
    let start = parser.position
    guard let value = try parser.readDouble() else {
        parser.position = start
        throw coder.notExact(.number(try parser.readNumber()))
    }
    return value
}

extension OptionalCoder {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Wrapped? {
        if parser.peekToken() == UInt8(ascii: "n") {
            try parser.readLiteral(.null)
            return nil
        }
        do {
            return try wrapped.decode(from: &parser, session: session)
        } catch let unknown as UnknownEnumCase {
            // An enum case this build does not know: the optional keeps its default, nil.
            unknown.note(in: session)
            return nil
        }
    }

    func decode(from parser: inout JSONParser, merging current: Wrapped?, session: DecodingSession) throws -> Wrapped? {
        if parser.peekToken() == UInt8(ascii: "n") {
            try parser.readLiteral(.null)
            return nil
        }
        guard let current else { return try decode(from: &parser, session: session) }
        return try wrapped.decode(from: &parser, merging: current, session: session)
    }
}

extension ArrayCoder {
    /// On an update, an array declared in `identities` merges by identity (`merge`); otherwise it is
    /// read anew.
    func decode(from parser: inout JSONParser, merging current: [Element], session: DecodingSession) throws -> [Element] {
        guard let identity, session.changeLog != nil else { return try decode(from: &parser, session: session) }
        guard parser.peekToken() == UInt8(ascii: "[") else {
            return try decode(try parser.readValue(), existing: current, session: session)
        }
        // As `merge(_:into:by:session:)`, straight from the bytes: each element's identity is read
        // from a copy of the parser, then the element is merged or decoded where it stands.
        var byIdentity = IdentityIndex(current, identity: identity)
        try parser.enterContainer()
        if parser.closesImmediately(UInt8(ascii: "]")) { return [] }
        var result: [Element] = []
        result.reserveCapacity(current.count)
        var index = 0
        repeat {
            session.enter(.index(index))
            let match = try parser.identity(named: identity.key).flatMap { byIdentity.take($0) }.map { current[$0] }
            let start = (position: parser.position, depth: parser.depth)
            do {
                if let match {
                    result.append(try element.decode(from: &parser, merging: match, session: session))
                } else {
                    result.append(try element.decodeElement(from: &parser, session: session))
                }
            } catch {
                do {
                    guard match == nil else { throw (error as? MappingError)?.prefixed(by: .index(index)) ?? error }
                    try skipFailedElement(after: error, at: .index(index), lossy: isLossy, from: start, in: &parser, session: session)
                } catch {
                    session.leave()
                    throw error
                }
            }
            session.leave()
            index += 1
        } while try parser.nextMember(closing: UInt8(ascii: "]"))
        return Self.unchanged(result, from: current)
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> [Element] {
        guard parser.peekToken() == UInt8(ascii: "[") else {
            return try decodeTree(from: &parser, session: session)
        }
        try parser.enterContainer()
        if parser.closesImmediately(UInt8(ascii: "]")) { return [] }
        // Appended to an array with room reserved: one allocation for most arrays, grown by doubling.
        // (Collecting elements in a separate buffer and moving them into an exact array cost an
        // allocation and a free more per array, and left the decoded objects slower to release by a
        // factor of three: see Docs/Performance.md.)
        var result: [Element] = []
        result.reserveCapacity(8)
        var index = 0
        repeat {
            session.enter(.index(index))
            let start = (position: parser.position, depth: parser.depth)
            do {
                result.append(try element.decodeElement(from: &parser, session: session))
            } catch {
                // Still inside the element: a report notes a skipped element at its own path.
                do {
                    try skipFailedElement(after: error, at: .index(index), lossy: isLossy, from: start, in: &parser, session: session)
                } catch {
                    session.leave()
                    throw error
                }
            }
            session.leave()
            index += 1
        } while try parser.nextMember(closing: UInt8(ascii: "]"))
        return result
    }
}

extension DictionaryCoder {
    /// On an update, a dictionary of models merges by key (`merge(_:into:session:)`); otherwise, as
    /// when decoding, it is read anew.
    func decode(from parser: inout JSONParser, merging current: [String: Value], session: DecodingSession) throws -> [String: Value] {
        guard session.changeLog != nil else { return try decode(from: &parser, session: session) }
        guard parser.peekToken() == UInt8(ascii: "{") else {
            return try decode(try parser.readValue(), existing: current, session: session)
        }
        // As `merge(_:into:session:)`, straight from the bytes.
        try parser.enterContainer()
        var result = current
        if parser.closesImmediately(UInt8(ascii: "}")) { return result }
        repeat {
            let key = try parser.readStreamingKeyText()
            if parser.peekToken() == UInt8(ascii: "n") {
                try parser.readLiteral(.null)
                result[key] = nil
                continue
            }
            session.enter(.dictionaryKey(key))
            if let existing = current[key] {
                do {
                    // A model merged in place is the object already there: writing it back would copy
                    // the whole dictionary (its storage is shared with the property) for nothing.
                    let merged = try value.decode(from: &parser, merging: existing, session: session)
                    if !isSameObject(merged, existing) { result[key] = merged }
                } catch {
                    session.leave()
                    throw (error as? MappingError)?.prefixed(by: .dictionaryKey(key)) ?? error
                }
            } else {
                let start = (position: parser.position, depth: parser.depth)
                do {
                    result[key] = try value.decodeElement(from: &parser, session: session)
                } catch {
                    do {
                        try skipFailedElement(after: error, at: .dictionaryKey(key), lossy: isLossy, from: start, in: &parser, session: session)
                    } catch {
                        session.leave()
                        throw error
                    }
                }
            }
            session.leave()
        } while try parser.nextMember(closing: UInt8(ascii: "}"))
        return result
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> [String: Value] {
        guard parser.peekToken() == UInt8(ascii: "{") else {
            return try decodeTree(from: &parser, session: session)
        }
        try parser.enterContainer()
        var result: [String: Value] = [:]
        if parser.closesImmediately(UInt8(ascii: "}")) { return result }
        repeat {
            let key = try parser.readStreamingKeyText()
            session.enter(.dictionaryKey(key))
            let start = (position: parser.position, depth: parser.depth)
            do {
                // A key that repeats is decoded each time and the last value wins, as for members.
                result[key] = try value.decodeElement(from: &parser, session: session)
            } catch {
                do {
                    try skipFailedElement(after: error, at: .dictionaryKey(key), lossy: isLossy, from: start, in: &parser, session: session)
                } catch {
                    session.leave()
                    throw error
                }
                // Left out, as the last value of the key (an earlier one does not stand in for it).
                result[key] = nil
            }
            session.leave()
        } while try parser.nextMember(closing: UInt8(ascii: "}"))
        return result
    }
}

extension ValueCoding {
    /// The collection element at the parser's position. `null` is an element only of a type that
    /// accepts it: it cannot be "left unchanged" inside a new collection.
    @inline(__always)
    fileprivate func decodeElement(from parser: inout JSONParser, session: DecodingSession) throws -> Value {
        if parser.peekToken() == UInt8(ascii: "n"), !acceptsNull {
            try parser.readLiteral(.null)
            throw mismatch(.null)
        }
        return try decode(from: &parser, session: session)
    }
}

/// After the element at `place` failed with `error`: rethrows it with the place in its path, unless
/// the collection drops failed elements, in which case the parser goes back to the element's start and
/// skips it whole.
private func skipFailedElement(after error: any Error, at place: MappingPath.Component, lossy: Bool, from start: (position: Int, depth: Int), in parser: inout JSONParser, session: DecodingSession) throws {
    if let unknown = error as? UnknownEnumCase {
        // An enum case this build does not know, where the default is kept: in a collection the
        // element is left out.
        unknown.note(in: session)
        parser.position = start.position
        parser.depth = start.depth
        try parser.skipValue()
        return
    }
    guard let error = error as? MappingError else { throw error }
    let located = error.prefixed(by: place)
    guard session.dropsFailedElements(lossy: lossy, after: located) else { throw located }
    parser.position = start.position
    parser.depth = start.depth
    try parser.skipValue()
}

extension RawValueCoder {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Wrapped {
        // A string whose contents are a raw value met before: the case from its learned bits.
        guard let learned else { return try decodeByRawValue(from: &parser, plain: nil, session: session) }
        if parser.peekToken() == UInt8(ascii: "\""), let (bits, closingQuote) = learned.bits(ofStringAt: parser.position, in: parser.bytes) {
            parser.position = closingQuote + 1
            return TrivialBits.value(bits: bits, as: Wrapped.self)
        }
        return try decodeByRawValue(from: &parser, plain: parser.plainStringContents(), session: session)
    }

    /// The slow path, through `init(rawValue:)`, learning the case when it can. Out of line: inlined,
    /// the lookup of `Optional<Wrapped>`'s metadata it needs moved to the entry of `decode` and ran
    /// for every value (callgrind).
    @inline(never)
    private func decodeByRawValue(from parser: inout JSONParser, plain: Range<Int>?, session: DecodingSession) throws -> Wrapped {
        let start = parser.position
        let rawValue: Wrapped.RawValue
        do {
            rawValue = try raw.decode(from: &parser, session: session)
        } catch is MappingError {
            parser.position = start
            throw mismatch(try parser.readValue())
        }
        guard let value = Wrapped(rawValue: rawValue) else {
            throw unknownCase((try? raw.encode(rawValue, session: EncodingSession(options: EncodingOptions()))) ?? .null, session: session)
        }
        if let learned, let plain {
            learned.learn(parser.bytes[plain], bits: TrivialBits.bits(of: value))
        }
        return value
    }
}

extension JSONParser {
    /// The value of member `key` of the object at the parser's position, read from a copy of the
    /// parser (this one does not move); `nil` when the value is not an object, lacks the key, or is
    /// malformed (the reader that follows reports that).
    fileprivate func identity(named key: String) throws -> JSON? {
        guard peekCopy() == UInt8(ascii: "{") else { return nil }
        var scan = self
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

    /// The next token without moving.
    private func peekCopy() -> UInt8? {
        var copy = self
        return copy.peekToken()
    }
}
