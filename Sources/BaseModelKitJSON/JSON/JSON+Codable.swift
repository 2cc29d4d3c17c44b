import Foundation

// `JSON`, `JSONObject` and `JSONNumber` go through any `Encoder`/`Decoder`: a raw JSON value can sit
// in a `Codable` type, and a model can cross a `Codable` stack as the JSON its maps make.

extension JSON: Codable {
    /// Reads whatever value the decoder holds: an object (every key the container lists), an array,
    /// `null`, a Boolean, a number (an integer exactly, otherwise the nearest `Double`, or a `Decimal`
    /// where the decoder keeps one) or a string.
    ///
    /// A decoder does not say what kind of value it holds, so the kinds are tried in turn, starting
    /// with the kind a sibling or the parent had (see `CodableReading`): uniform documents cost one
    /// request per value however deep they nest. Values nest at most `JSON.ParsingOptions().maxDepth`
    /// (512) levels: deeper (or cyclic) input is a `DecodingError`, not a stack overflow or a hang.
    public init(from decoder: any Decoder) throws {
        self = try CodableReading.read(from: decoder, guess: .object).value
    }

    /// Writes the value with the encoder's own containers: objects keyed in member order, numbers as
    /// `Int64`, `UInt64`, `Double` or (when a `Double` would not hold the digits) `Decimal`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .number(let number):
            try number.encode(to: encoder)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .object(let object):
            try object.encode(to: encoder)
        }
    }
}

extension JSONObject: Codable {
    /// Reads an object; see `JSON.init(from:)`.
    public init(from decoder: any Decoder) throws {
        self = try CodableReading.object(in: decoder.container(keyedBy: AnyCodingKey.self))
    }

    /// Writes the members in order, each under its own key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in self {
            try container.encode(value, forKey: AnyCodingKey(stringValue: key))
        }
    }
}

extension JSONNumber: Codable {
    /// Reads a number: an integer exactly (`Int64`, then `UInt64`), otherwise a `Decimal` where the
    /// decoder keeps one exactly (`JSONDecoder` does), otherwise the nearest `Double`.
    public init(from decoder: any Decoder) throws {
        self = try JSONNumber.decoded(from: decoder.singleValueContainer(), tryingFirst: nil).number
    }

    /// The type a decoder's number was read as.
    enum DecodedType: Sendable {
        case int64, uint64, decimal, double
    }

    /// The number `container` holds, read as `init(from:)` reads it, and the type it was read as.
    /// When `first`, the type a number in the same place was read as before, is `Decimal` (a
    /// fraction, for a decoder that keeps one), it is tried before the others: asked for a type that
    /// is not its own, a decoder builds an error with its coding path. A number that `Int64` or
    /// `UInt64` holds is read again in the usual order, which keeps it an integer.
    static func decoded(from container: any SingleValueDecodingContainer, tryingFirst first: DecodedType?) throws -> (number: JSONNumber, type: DecodedType) {
        if first == .decimal, let number = try? decoded(from: container, as: .decimal), number.int64 == nil, number.uint64 == nil {
            return (number, .decimal)
        }
        for type in [DecodedType.int64, .uint64, .decimal] {
            if let number = try? decoded(from: container, as: type) { return (number, type) }
        }
        // The decoder's own words for a number it cannot represent (`1e400`), or for a value that is
        // no number.
        return (try decoded(from: container, as: .double), .double)
    }

    private static func decoded(from container: any SingleValueDecodingContainer, as type: DecodedType) throws -> JSONNumber {
        switch type {
        case .int64: JSONNumber(try container.decode(Int64.self))
        case .uint64: JSONNumber(try container.decode(UInt64.self))
        case .decimal: JSONNumber(try container.decode(Decimal.self))
        case .double: JSONNumber(try container.decode(Double.self))
        }
    }

    /// Writes the number as exactly as the encoder allows: an integer as `Int64` or `UInt64`; a
    /// fraction as the `Double` whose shortest form is its text, otherwise as a `Decimal`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let int = int64 {
            try container.encode(int)
        } else if let uint = uint64 {
            try container.encode(uint)
        } else if let double, double.description == text || Double(text) == double && !keepsMoreDigitsThanDouble {
            try container.encode(double)
        } else if let decimal {
            try container.encode(decimal)
        } else {
            throw EncodingError.invalidValue(self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "The number \(text) fits neither a Double nor a Decimal."))
        }
    }

    /// Whether the text has more significant digits than a `Double` keeps (17).
    private var keepsMoreDigitsThanDouble: Bool {
        let digits = text.prefix { $0 != "e" && $0 != "E" }.filter(\.isNumber).drop { $0 == "0" }
        return digits.count > 17
    }
}
