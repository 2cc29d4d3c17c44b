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
        return try wrapped.decode(from: &parser, session: session)
    }

    func decode(from parser: inout JSONParser, merging current: Wrapped?, session: DecodingSession) throws -> Wrapped? {
        if parser.peekToken() == UInt8(ascii: "n") {
            try parser.readLiteral(.null)
            return nil
        }
        guard let current else { return try wrapped.decode(from: &parser, session: session) }
        return try wrapped.decode(from: &parser, merging: current, session: session)
    }
}

extension ArrayCoder {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> [Element] {
        guard parser.peekToken() == UInt8(ascii: "[") else {
            return try decodeTree(from: &parser, session: session)
        }
        try parser.enterContainer()
        var result: [Element] = []
        if parser.closesImmediately(UInt8(ascii: "]")) { return result }
        var index = 0
        repeat {
            try appendStreamingElement(from: &parser, index: index, by: element, lossy: isLossy, session: session, to: &result)
            index += 1
        } while try parser.nextMember(closing: UInt8(ascii: "]"))
        return result
    }
}

extension RawValueCoder {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Wrapped {
        let start = parser.position
        let rawValue: Wrapped.RawValue
        do {
            rawValue = try raw.decode(from: &parser, session: session)
        } catch is MappingError {
            parser.position = start
            throw mismatch(try parser.readValue())
        }
        guard let value = Wrapped(rawValue: rawValue) else {
            throw mismatch((try? raw.encode(rawValue, session: EncodingSession(options: EncodingOptions()))) ?? .null)
        }
        return value
    }
}

/// Decodes one element of an array from the parser and appends it to `result`, putting its index in
/// front of the path of any error; `null` is an element only of types that accept it. An element that
/// a lossy array leaves out is not appended: the parser goes back to the element's start and skips it
/// whole. (The element is appended here rather than returned as an `Element?`, which would look up
/// `Optional<Element>`'s metadata on every call.)
func appendStreamingElement<Element>(from parser: inout JSONParser, index: Int, by element: any ValueCoding<Element>, lossy: Bool, session: DecodingSession, to result: inout [Element]) throws {
    // Entered and left without `defer`, which costs a call per element here (callgrind).
    session.enter(.index(index))
    let start = (position: parser.position, depth: parser.depth)
    do {
        if parser.peekToken() == UInt8(ascii: "n"), !element.acceptsNull {
            try parser.readLiteral(.null)
            throw element.mismatch(.null)
        }
        result.append(try element.decode(from: &parser, session: session))
    } catch {
        guard let error = error as? MappingError else {
            session.leave()
            throw error
        }
        let located = error.prefixed(by: .index(index))
        guard session.dropsFailedElements(lossy: lossy, after: located) else {
            session.leave()
            throw located
        }
        session.leave()
        parser.position = start.position
        parser.depth = start.depth
        try parser.skipValue()
        return
    }
    session.leave()
}
