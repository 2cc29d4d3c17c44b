import BaseModelKitJSON
import Foundation

/// Conversions between `JSON` and the `Any` values of `JSONSerialization`, for code that already works
/// with `[String: Any]`. Used only at the edges of the public API, never while mapping.
enum AnyBridging {
    /// The JSON for a `JSONSerialization`-style value: `NSNull`, `Bool`, numbers, `String`, arrays and
    /// `[String: Any]` dictionaries.
    static func json(from value: Any, path: MappingPath = MappingPath()) throws -> JSON {
        switch value {
        case is NSNull:
            return .null
        case let bool as Bool where type(of: value) == Bool.self:
            return .bool(bool)
        case let string as String:
            return .string(string)
        case let value as NSNumber:
            return number(value)
        case let int as Int:
            return .number(JSONNumber(int))
        case let double as Double:
            guard double.isFinite else {
                var error = MappingError.nonFinite(double)
                error.path = path
                throw error
            }
            return .number(JSONNumber(double))
        case let decimal as Decimal:
            return .number(JSONNumber(decimal))
        case let dictionary as [String: Any]:
            var object = JSONObject()
            for key in dictionary.keys.sorted() {
                object[key] = try json(from: dictionary[key]!, path: MappingPath(path.components + [.key(key)]))
            }
            return .object(object)
        case let array as [Any]:
            return .array(try array.enumerated().map { index, element in
                try json(from: element, path: MappingPath(path.components + [.index(index)]))
            })
        case let json as JSON:
            return json
        default:
            throw MappingError(.typeMismatch(expected: "a JSON value", found: "a value of type \(type(of: value))"), path: path)
        }
    }

    /// A Foundation number as JSON. Booleans from `JSONSerialization` are instances of Foundation's
    /// Boolean subclass of `NSNumber`; every other `NSNumber` is a number, whatever `as? Bool` says.
    private static func number(_ number: NSNumber) -> JSON {
        if String(describing: type(of: number)).hasSuffix("Boolean") {
            return .bool(number.boolValue)
        }
        switch String(cString: number.objCType) {
        case "f", "d":
            return .number(JSONNumber(number.doubleValue))
        case "Q":
            return .number(JSONNumber(number.uint64Value))
        default:
            return .number(JSONNumber(number.int64Value))
        }
    }

    /// The `JSONSerialization`-style value of `json`: `NSNull`, `Bool`, `Int` (or `UInt64`,
    /// `Decimal` for larger integers), `Double`, `String`, `[Any]` and `[String: Any]`.
    static func any(from json: JSON) -> Any {
        switch json {
        case .null: return NSNull()
        case .bool(let value): return value
        case .string(let value): return value
        case .number(let number):
            if let int = number.integer(exactly: Int.self) { return int }
            if let uint = number.uint64 { return uint }
            if number.isInteger, let decimal = number.decimal { return decimal }
            return number.double ?? number.text
        case .array(let elements): return elements.map(any(from:))
        case .object(let object):
            var dictionary: [String: Any] = [:]
            for (key, value) in object { dictionary[key] = any(from: value) }
            return dictionary
        }
    }

    /// A `JSONSerialization`-style dictionary as a JSON object.
    static func object(from dictionary: [String: Any]) throws -> JSONObject {
        guard case .object(let object) = try json(from: dictionary) else { return JSONObject() }
        return object
    }
}
