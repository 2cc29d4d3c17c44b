import BaseModelKitJSON
import Foundation

/// An identity as a merge by identity compares it: an integer or a string held as such, so that
/// reading, comparing and hashing one makes no `JSON`; any other value as `JSON`. Two keys are equal
/// exactly when their `JSON` values are (numbers by value, strings as Swift compares them), so a merge
/// matches what it matched comparing `JSON`.
enum IdentityKey: Hashable {
    case int(Int)
    case string(String)
    case json(JSON)

    init(_ json: JSON) {
        switch json {
        case .number(let number):
            if let value = number.integer(exactly: Int.self) { self = .int(value) } else { self = .json(json) }
        case .string(let text):
            self = .string(text)
        default:
            self = .json(json)
        }
    }

    /// The identity as `JSON`.
    var json: JSON {
        switch self {
        case .int(let value): .number(JSONNumber(value))
        case .string(let text): .string(text)
        case .json(let json): json
        }
    }
}
