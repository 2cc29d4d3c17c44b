import BaseModelKitJSON
import Foundation

/// Conversions between `JSON` and the `Any` values of `JSONSerialization`, for code that already works
/// with `[String: Any]`. Used only at the edges of the public API, never while mapping.
enum AnyBridging {
    /// The JSON for a `JSONSerialization`-style value: `NSNull`, `Bool`, numbers, `String`, arrays and
    /// `[String: Any]` dictionaries. A value's place is put on an error as it travels out, not built
    /// for every value.
    ///
    /// The types `JSONSerialization` makes are told by their exact type first, a comparison of
    /// metatypes: each cast below looks conformances up (on Linux, whether the value bridges to each
    /// type asked for), many times the cost of the value.
    static func json(from value: Any) throws -> JSON {
        let exactType = type(of: value)
        if exactType == String.self { return .string(value as! String) }
        if exactType == NSNumber.self { return number(value as! NSNumber) }
        if exactType == [String: Any].self { return try object(value as! [String: Any]) }
        if exactType == [Any].self { return try array(value as! [Any]) }
        // A Swift `Bool` is a Boolean; Foundation's Boolean `NSNumber` is a subclass, found as one.
        if exactType == Bool.self { return .bool(value as! Bool) }
        if let number = value as? NSNumber { return self.number(number) }
        switch value {
        case is NSNull:
            return .null
        case let string as String:
            return .string(string)
        case let dictionary as [String: Any]:
            return try object(dictionary)
        case let elements as [Any]:
            return try array(elements)
        case let int as Int:
            return .number(JSONNumber(int))
        case let double as Double:
            guard double.isFinite else { throw MappingError.nonFinite(double) }
            return .number(JSONNumber(double))
        case let decimal as Decimal:
            return .number(JSONNumber(decimal))
        case let json as JSON:
            return json
        default:
            throw MappingError(.typeMismatch(expected: "a JSON value", found: "a value of type \(exactType)"))
        }
    }

    /// Foundation's Boolean subclass of `NSNumber`.
    private static let booleanType = type(of: NSNumber(value: true))

    private static func object(_ dictionary: [String: Any]) throws -> JSON {
        var object = JSONObject()
        for key in dictionary.keys.sorted() {
            do {
                object[key] = try json(from: dictionary[key]!)
            } catch let error as MappingError {
                throw error.prefixed(by: .key(key))
            }
        }
        return .object(object)
    }

    private static func array(_ elements: [Any]) throws -> JSON {
        .array(try elements.enumerated().map { index, element in
            do {
                return try json(from: element)
            } catch let error as MappingError {
                throw error.prefixed(by: .index(index))
            }
        })
    }

    /// A Foundation number as JSON. Booleans from `JSONSerialization` are instances of Foundation's
    /// Boolean subclass of `NSNumber`; every other `NSNumber` is a number, whatever `as? Bool` says.
    /// (The class of `NSNumber(value: true)` and `NSNumber` itself are told apart before any class's
    /// name is read.)
    private static func number(_ number: NSNumber) -> JSON {
        let numberType = type(of: number)
        if numberType == booleanType || numberType != NSNumber.self && String(describing: numberType).hasSuffix("Boolean") {
            return .bool(number.boolValue)
        }
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            return .number(JSONNumber(number.doubleValue))
        case UInt8(ascii: "Q"):
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
