import BaseModelKitJSON
import Foundation

/// An identity as a merge by identity compares it: an integer, a number with a fraction (a price) or
/// a string held as such, so that reading, comparing and hashing one makes no `JSON`; any other value
/// as `JSON`. Two keys are equal exactly when their `JSON` values are (numbers by value, strings as
/// Swift compares them), so a merge matches what it matched comparing `JSON`.
enum IdentityKey: Hashable {
    case int(Int)
    /// A number with a fraction whose value is the shortest text of this `Double` (as `1.5` is
    /// `1.5`'s, and `0.1` `0.1`'s): equal `Double`s are then equal values, and a number without such
    /// a `Double` (one of more digits than it keeps, `0.10000000000000001`) is a `.json`.
    case double(Double)
    case string(String)
    case json(JSON)

    init(_ json: JSON) {
        switch json {
        case .number(let number):
            if case .double(let value) = number.storage {
                self = IdentityKey(double: value) ?? .json(json)
            } else if let value = number.integer(exactly: Int.self) {
                self = .int(value)
            } else if let value = Self.fraction(of: number) {
                self = .double(value)
            } else {
                self = .json(json)
            }
        case .string(let text):
            self = .string(text)
        default:
            self = .json(json)
        }
    }

    /// The key of an integer property's value: as `init(_:)` makes it from the value as JSON.
    init(integer: some FixedWidthInteger) {
        if let value = Int(exactly: integer) {
            self = .int(value)
        } else {
            self = .json(.number(JSONNumber(integer)))
        }
    }

    /// The key of a `Double` (a property's value, or a number held as one): `.int` for a whole number
    /// an `Int` holds, `.double` for one with a fraction (its value as JSON is its shortest text), its
    /// JSON for any other; `nil` for a value JSON cannot hold. (Through
    /// `JSONNumber.integer(exactly:)`, generic over the integer type, the test for a whole number
    /// converted the `Double` bit by bit.)
    init?(double value: Double) {
        guard value.isFinite else { return nil }
        if let integer = Int(exactly: value) {
            self = .int(integer)
        } else if value.rounded(.towardZero) != value {
            self = .double(value)
        } else {
            self = .json(.number(JSONNumber(value)))
        }
    }

    /// The `Double` whose shortest text has `number`'s value, for a number with a fraction; `nil`
    /// for any other (see `double`), and for a number held as a `Double`, which `init(double:)` keys.
    private static func fraction(of number: JSONNumber) -> Double? {
        switch number.storage {
        case .int, .double:
            return nil
        case .short(let short) where short.significand < 1_000_000_000_000_000:
            // Fifteen digits or fewer, and not a whole number (an `.int` then): the nearest `Double`'s
            // shortest text has the same value, as any decimal of fifteen digits comes back from a
            // `Double` as it went in.
            return short.double
        default:
            guard let value = number.double, value.isFinite, value.rounded(.towardZero) != value, JSONNumber(value) == number else { return nil }
            return value
        }
    }

    /// The identity as `JSON`.
    var json: JSON {
        switch self {
        case .int(let value): .number(JSONNumber(value))
        case .double(let value): .number(JSONNumber(value))
        case .string(let text): .string(text)
        case .json(let json): json
        }
    }
}
