// Streaming fast paths of the scalar coders: each reads the token it expects straight from the bytes
// and leaves anything else (lenient spellings, wrong types) to the coder's one rule, on `JSON` values,
// so results and error messages are the same either way.

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
            // Named as the document wrote it (a lenient `7` for a `String` raw value is the number 7).
            var original = parser
            original.position = start
            throw unknownCase((try? original.readValue()) ?? .null, session: session)
        }
        if let learned, let plain {
            learned.learn(parser.bytes[plain], bits: TrivialBits.bits(of: value))
        }
        return value
    }
}
