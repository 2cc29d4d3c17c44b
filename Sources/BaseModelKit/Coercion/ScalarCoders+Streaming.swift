import BaseModelKitJSON
import Foundation

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
    // Specialised for every width the schema admits: the coder is made for a type known only at run
    // time, and unspecialised, `Integer(exactly:)` and `Integer?` in the rarer cases take a
    // conformance or metadata lookup per value. The generic entry checks `Integer` once and calls
    // the specialised body. The common case is in the entry (a plain integer in range, converted by a
    // range check rather than `Integer(exactly:)`), the rest a function of its own: inlined, the
    // unspecialised entry looked up the metadata of `Optional<Integer>` before checking the type.
    @_specialize(where Integer == Int)
    @_specialize(where Integer == Int8)
    @_specialize(where Integer == Int16)
    @_specialize(where Integer == Int32)
    @_specialize(where Integer == Int64)
    @_specialize(where Integer == UInt)
    @_specialize(where Integer == UInt8)
    @_specialize(where Integer == UInt16)
    @_specialize(where Integer == UInt32)
    @_specialize(where Integer == UInt64)
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Integer {
        if let token = parser.peekToken(), token == UInt8(ascii: "-") || token &- UInt8(ascii: "0") < 10 {
            let start = parser.position
            if let plain = parser.readPlainInteger() {
                if plain >= lowest, plain <= highest { return Integer(truncatingIfNeeded: plain) }
                parser.position = start
            }
        }
        return try readInteger(from: &parser, session: session)
    }

    @inline(never)
    private func readInteger(from parser: inout JSONParser, session: DecodingSession) throws -> Integer {
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
        guard let value = number.integer(exactly: Integer.self) else { throw notExact(.number(number)) }
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

extension NarrowFloatCoder {
    @_specialize(where Narrow == Float)
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Narrow {
        _ = parser.peekToken()
        let start = parser.position
        guard let value = try readNumberAsDouble(from: &parser, for: self) else {
            return try decodeTree(from: &parser, session: session)
        }
        // The tree's rule (`decode(_:existing:session:)`), for a number: one too large names the
        // number as written.
        let end = parser.position
        let narrow = try Self.nearest(to: value) {
            parser.position = start
            defer { parser.position = end }
            return try parser.readNumber().description
        }
        guard narrow.isFinite else {
            parser.position = start
            throw notExact(.number(try parser.readNumber()))
        }
        return narrow
    }
}

extension DecimalCoder {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Decimal {
        guard let token = parser.peekToken(), token == UInt8(ascii: "-") || token &- UInt8(ascii: "0") < 10 else {
            return try decodeTree(from: &parser, session: session)
        }
        let number = try parser.readNumber()
        guard let value = number.decimal else { throw notExact(.number(number)) }
        return value
    }
}

extension DecimalTextCoder {
    /// A string that spells a number, read where it stands as the parser reads a number (no `JSON`
    /// made, and no text to read again); anything else as `decode(_:existing:session:)` reads it,
    /// from the string's start again.
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Decimal {
        if let contents = parser.plainStringContents() {
            let start = parser.position
            parser.position = contents.lowerBound
            if let number = try? parser.readNumber(), parser.position == contents.upperBound, let value = number.decimal {
                parser.position += 1
                return value
            }
            parser.position = start
        }
        return try decodeTree(from: &parser, session: session)
    }
}

extension TextFormCoder {
    /// The string's bytes read where they stand (no `JSON` made), when it has no escapes. Specialised
    /// for each form, as `IntegerCoder` is (and for the same reason).
    @_specialize(where Value == URL)
    @_specialize(where Value == UUID)
    @_specialize(where Value == Data)
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Value {
        try readForm(from: &parser, session: session)
    }

    @inline(never)
    private func readForm(from parser: inout JSONParser, session: DecodingSession) throws -> Value {
        guard let contents = parser.plainStringContents(), let value = Value(formBytes: parser.bytes[contents]) else {
            return try decodeTree(from: &parser, session: session)
        }
        parser.position = contents.upperBound + 1
        return value
    }
}

extension RawValueCoder {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Wrapped {
        // A string whose contents are a raw value met before: the case from its learned bits.
        guard let learned = learnedCases else { return try decodeByRawValue(from: &parser, plain: nil, session: session) }
        if let bits = learned.bits(at: &parser) { return TrivialBits.value(bits: bits, as: Wrapped.self) }
        // Not learned yet: read by its raw value, and learned from its plain text (see
        // `LearnedEnumCases.learnsNumbers`).
        let token = parser.peekToken()
        guard learned.learnsNumbers else {
            return try decodeByRawValue(from: &parser, plain: token == UInt8(ascii: "\"") ? parser.plainStringContents() : nil, session: session)
        }
        guard let token, token == UInt8(ascii: "-") || token &- UInt8(ascii: "0") < 10,
              let (_, end) = ByteScanning.plainInteger(in: parser.bytes, from: parser.position) else {
            return try decodeByRawValue(from: &parser, plain: nil, session: session)
        }
        return try decodeByRawValue(from: &parser, plain: parser.position..<end, session: session)
    }

    /// The slow path, through `init(rawValue:)`, learning the case when it can. Out of line: inlined,
    /// the lookup of `Optional<Wrapped>`'s metadata it needs moved to the entry of `decode` and ran
    /// for every value.
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
        if let learnedCases, let plain {
            learnedCases.learn(parser.bytes[plain], bits: TrivialBits.bits(of: value))
        }
        return value
    }
}
