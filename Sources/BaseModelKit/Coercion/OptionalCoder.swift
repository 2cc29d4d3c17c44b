/// `Optional` of any mapped type: `null` is `nil`, anything else the wrapped type's value. An enum
/// case this build does not know makes the optional `nil` (its default).
struct OptionalCoder<Wrapped>: ValueCoding {
    let wrapped: any ValueCoding<Wrapped>

    var typeName: String { wrapped.typeName }
    var acceptsNull: Bool { true }
    var mergesIntoExisting: Bool { wrapped.mergesIntoExisting }

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

    func decode(_ json: JSON, existing: Wrapped??, session: DecodingSession) throws -> Wrapped? {
        try decodeByReading(json, existing: existing, session: session)
    }

    func write(_ value: Wrapped?, to writer: inout JSONWriter, session: EncodingSession) throws {
        guard let value else { return writer.writeNull() }
        try wrapped.write(value, to: &writer, session: session)
    }

    func encode(_ value: Wrapped?, session: EncodingSession) throws -> JSON {
        guard let value else { return .null }
        return try wrapped.encode(value, session: session)
    }

    func isNil(_ value: Wrapped?) -> Bool { value == nil }
}
