/// A JSON value.
///
/// Parse one with `JSON(parsing:)`, write one with `serializedData(options:)`, or build one from
/// literals: `let value: JSON = ["fn": "Ann", "b": [1, 2.5, nil, true]]`. Numbers are `JSONNumber`s and
/// keep their exact text; objects are `JSONObject`s and keep their key order.
public enum JSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept exactly as written.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array of values.
    case array([JSON])
    /// An object: keys in order, each with a value.
    case object(JSONObject)
}

extension JSON {
    /// The string, if this is a string.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The Boolean, if this is `true` or `false`.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, if this is a number.
    public var number: JSONNumber? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The elements, if this is an array.
    public var array: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, if this is an object.
    public var object: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The value for `key` if this is an object that has it; `nil` otherwise.
    public subscript(key: String) -> JSON? {
        object?[key]
    }

    /// The element at `index` if this is an array and the index is in range; `nil` otherwise.
    public subscript(index: Int) -> JSON? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}

extension JSON: ExpressibleByNilLiteral {
    /// `nil` as `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSON: ExpressibleByBooleanLiteral {
    /// A Boolean literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
    /// An integer literal, as an exact number.
    public init(integerLiteral value: Int64) { self = .number(JSONNumber(integerLiteral: value)) }
}

extension JSON: ExpressibleByFloatLiteral {
    /// A floating-point literal, as the `Double` it denotes.
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
}

extension JSON: ExpressibleByStringLiteral {
    /// A string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSON: ExpressibleByArrayLiteral {
    /// An array literal.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
    /// A dictionary literal, as an object with the keys in the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
}

extension JSON: CustomStringConvertible {
    /// The value as compact JSON text. A number that JSON cannot represent (NaN, infinity) shows as
    /// `NaN` or `Infinity` here; `serializedData(options:)` refuses it.
    public var description: String {
        var writer = JSONWriter(formatting: [], allowsNonFiniteNumbers: true)
        // With non-finite numbers allowed the writer has nothing left to refuse.
        try? writer.write(self)
        return String(decoding: writer.output, as: UTF8.self)
    }
}
