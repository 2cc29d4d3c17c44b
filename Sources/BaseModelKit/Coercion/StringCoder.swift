import BaseModelKitJSON
import Foundation

/// A `String`; lenient coercion also takes a number, as its text.
struct StringCoder: ValueCoding {
    var typeName: String { "String" }

    func decode(_ json: JSON, existing: String?, session: DecodingSession) throws -> String {
        switch json {
        case .string(let value): return value
        case .number(let number) where session.isLenient:
            session.noteCoercion(of: json, to: typeName)
            return number.text
        default: throw mismatch(json)
        }
    }

    func encode(_ value: String, session: EncodingSession) throws -> JSON {
        .string(value)
    }
}
