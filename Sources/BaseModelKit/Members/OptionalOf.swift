import BaseModelKitJSON
import Foundation

/// An optional of a statically known coder, so that the wrapped coder's code is specialised too.
struct OptionalOf<Wrapped: ValueCoding>: ValueCoding {
    let wrapped: Wrapped

    var typeName: String { wrapped.typeName }
    var acceptsNull: Bool { true }

    func decode(_ json: JSON, existing: Wrapped.Value??, session: DecodingSession) throws -> Wrapped.Value? {
        if case .null = json { return nil }
        return try wrapped.decode(json, existing: nil, session: session)
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Wrapped.Value? {
        if parser.peekToken() == UInt8(ascii: "n") {
            try parser.readLiteral(.null)
            return nil
        }
        return try wrapped.decode(from: &parser, session: session)
    }

    func encode(_ value: Wrapped.Value?, session: EncodingSession) throws -> JSON {
        guard let value else { return .null }
        return try wrapped.encode(value, session: session)
    }

    func write(_ value: Wrapped.Value?, to writer: inout JSONWriter, session: EncodingSession) throws {
        guard let value else { return writer.writeNull() }
        try wrapped.write(value, to: &writer, session: session)
    }

    func isNil(_ value: Wrapped.Value?) -> Bool { value == nil }
}
