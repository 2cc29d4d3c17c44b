import BaseModelKitJSON
import Foundation

/// A `Bool`: `true` or `false`; lenient coercion also takes `"true"`, `"false"`, `"1"`, `"0"`, `0` and `1`.
struct BoolCoder: ValueCoding {
    var typeName: String { "Bool" }

    func decode(_ json: JSON, existing: Bool?, session: DecodingSession) throws -> Bool {
        switch json {
        case .bool(let value):
            return value
        case .string(let text) where session.isLenient:
            let value: Bool
            switch text {
            case "true", "1": value = true
            case "false", "0": value = false
            default: throw mismatch(json)
            }
            session.noteCoercion(of: json, to: typeName)
            return value
        case .number(let number) where session.isLenient:
            let value: Bool
            switch number.integer(exactly: Int.self) {
            case 1: value = true
            case 0: value = false
            default: throw mismatch(json)
            }
            session.noteCoercion(of: json, to: typeName)
            return value
        default:
            throw mismatch(json)
        }
    }

    func encode(_ value: Bool, session: EncodingSession) throws -> JSON {
        .bool(value)
    }
}
