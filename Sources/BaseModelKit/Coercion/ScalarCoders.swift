import Foundation

// Coders for the scalar types of DESIGN.md §2. Lenient coercion accepts numbers written as strings,
// numbers for strings and the usual spellings of Booleans; strict coercion accepts exact JSON types.
// Either way, a conversion that would lose information is an error.

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
            switch number.int(exactly: Int.self) {
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

struct CharacterCoder: ValueCoding {
    var typeName: String { "Character" }

    func decode(_ json: JSON, existing: Character?, session: DecodingSession) throws -> Character {
        guard case .string(let text) = json, text.count == 1, let character = text.first else {
            throw mismatch(json)
        }
        return character
    }

    func encode(_ value: Character, session: EncodingSession) throws -> JSON {
        .string(String(value))
    }
}

/// The number in `json`: a JSON number, or with lenient coercion a string that spells one.
private func number(in json: JSON, session: DecodingSession) -> JSONNumber? {
    switch json {
    case .number(let number): return number
    case .string(let text) where session.isLenient: return JSONNumber(text: text)
    default: return nil
    }
}

/// Notes in the report that a number was read from a string (a lenient coercion), once it converted.
func noteIfText(_ json: JSON, to typeName: String, session: DecodingSession) {
    if case .string = json { session.noteCoercion(of: json, to: typeName) }
}

struct IntegerCoder<Integer: FixedWidthInteger & Sendable>: ValueCoding {
    var typeName: String { String(describing: Integer.self) }

    func decode(_ json: JSON, existing: Integer?, session: DecodingSession) throws -> Integer {
        guard let number = number(in: json, session: session) else { throw mismatch(json) }
        guard let value = number.int(exactly: Integer.self) else { throw notExact(json) }
        noteIfText(json, to: typeName, session: session)
        return value
    }

    func encode(_ value: Integer, session: EncodingSession) throws -> JSON {
        .number(JSONNumber(value))
    }
}

struct DoubleCoder: ValueCoding {
    var typeName: String { "Double" }

    func decode(_ json: JSON, existing: Double?, session: DecodingSession) throws -> Double {
        guard let number = number(in: json, session: session) else { throw mismatch(json) }
        guard let value = number.double else { throw notExact(json) }
        noteIfText(json, to: typeName, session: session)
        return value
    }

    func encode(_ value: Double, session: EncodingSession) throws -> JSON {
        guard value.isFinite else { throw MappingError.nonFinite(value) }
        return .number(JSONNumber(value))
    }
}

/// A binary floating-point type narrower than `Double` (`Float`, and `Float16` where the processor
/// has it): the nearest value, or an error beyond its range; written as its own shortest text, so 0.1
/// stays 0.1 rather than 0.10000000149011612.
struct NarrowFloatCoder<Narrow: BinaryFloatingPoint & LosslessStringConvertible & Sendable>: ValueCoding {
    var typeName: String { String(describing: Narrow.self) }

    func decode(_ json: JSON, existing: Narrow?, session: DecodingSession) throws -> Narrow {
        guard let number = number(in: json, session: session) else { throw mismatch(json) }
        guard let double = number.double, double.magnitude <= Double(Narrow.greatestFiniteMagnitude) else {
            throw notExact(json)
        }
        noteIfText(json, to: typeName, session: session)
        return Narrow(double)
    }

    func encode(_ value: Narrow, session: EncodingSession) throws -> JSON {
        guard value.isFinite else { throw MappingError.nonFinite(Double(value)) }
        return .number(JSONNumber(text: value.description) ?? JSONNumber(Double(value)))
    }
}

struct DecimalCoder: ValueCoding {
    var typeName: String { "Decimal" }

    func decode(_ json: JSON, existing: Decimal?, session: DecodingSession) throws -> Decimal {
        guard let number = number(in: json, session: session) else { throw mismatch(json) }
        guard let value = number.decimal else { throw notExact(json) }
        noteIfText(json, to: typeName, session: session)
        return value
    }

    func encode(_ value: Decimal, session: EncodingSession) throws -> JSON {
        guard value.isFinite else { throw MappingError(.notRepresentable("NaN")) }
        return .number(JSONNumber(value))
    }
}

struct URLCoder: ValueCoding {
    var typeName: String { "URL" }

    func decode(_ json: JSON, existing: URL?, session: DecodingSession) throws -> URL {
        guard case .string(let text) = json, !text.isEmpty, let url = URL(string: text) else { throw mismatch(json) }
        return url
    }

    func encode(_ value: URL, session: EncodingSession) throws -> JSON {
        .string(value.absoluteString)
    }
}

struct UUIDCoder: ValueCoding {
    var typeName: String { "UUID" }

    func decode(_ json: JSON, existing: UUID?, session: DecodingSession) throws -> UUID {
        guard case .string(let text) = json, let uuid = UUID(uuidString: text) else { throw mismatch(json) }
        return uuid
    }

    func encode(_ value: UUID, session: EncodingSession) throws -> JSON {
        .string(value.uuidString)
    }
}

struct DataCoder: ValueCoding {
    var typeName: String { "Data (base64)" }

    func decode(_ json: JSON, existing: Data?, session: DecodingSession) throws -> Data {
        guard case .string(let text) = json, let data = Data(base64Encoded: text) else { throw mismatch(json) }
        return data
    }

    func encode(_ value: Data, session: EncodingSession) throws -> JSON {
        .string(value.base64EncodedString())
    }
}

/// Keeps any JSON value as it is.
struct RawJSONCoder: ValueCoding {
    var typeName: String { "JSON" }
    var acceptsNull: Bool { true }

    func decode(_ json: JSON, existing: JSON?, session: DecodingSession) throws -> JSON {
        json
    }

    func encode(_ value: JSON, session: EncodingSession) throws -> JSON {
        value
    }
}

/// A `Date` read and written by the call's `dateStrategy` (a property transformer takes precedence).
struct DateCoder: ValueCoding {
    var typeName: String { "Date" }

    func decode(_ json: JSON, existing: Date?, session: DecodingSession) throws -> Date {
        try session.options.dateStrategy.dateCoder().decode(json, existing: existing, session: session)
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Date {
        try session.options.dateStrategy.dateCoder().decode(from: &parser, session: session)
    }

    func encode(_ value: Date, session: EncodingSession) throws -> JSON {
        try session.options.dateStrategy.dateCoder().encode(value, session: session)
    }
}

/// A `RawRepresentable` type (an enum with `String` or `Int` raw values, an option set) by its raw value.
struct RawValueCoder<Wrapped: RawRepresentable>: ValueCoding {
    let raw: any ValueCoding<Wrapped.RawValue>
    /// For enums with `String` raw values kept in one byte: the cases met so far, matched by bytes.
    let learned: LearnedEnumCases?
    /// Whether an unknown raw value keeps the property's default for this property.
    let keepsUnknownCases: Bool

    init(raw: any ValueCoding<Wrapped.RawValue>, keepsUnknownCases: Bool = false) {
        self.raw = raw
        self.keepsUnknownCases = keepsUnknownCases
        self.learned = Wrapped.RawValue.self == String.self && TrivialBits.isStorable(Wrapped.self) ? LearnedEnumCases() : nil
    }

    var typeName: String { String(describing: Wrapped.self) }

    func decode(_ json: JSON, existing: Wrapped?, session: DecodingSession) throws -> Wrapped {
        let rawValue: Wrapped.RawValue
        do {
            rawValue = try raw.decode(json, existing: nil, session: session)
        } catch is MappingError {
            throw mismatch(json)
        }
        guard let value = Wrapped(rawValue: rawValue) else { throw unknownCase(json, session: session) }
        return value
    }

    /// The error for a raw value no case has: `UnknownEnumCase` when the default is kept (the
    /// property's reader catches it), a mismatch otherwise.
    func unknownCase(_ json: JSON, session: DecodingSession) -> any Error {
        guard keepsUnknownCases || session.options.unknownEnumCases == .keepDefault else { return mismatch(json) }
        return UnknownEnumCase(found: json.foundDescription, type: typeName)
    }

    func encode(_ value: Wrapped, session: EncodingSession) throws -> JSON {
        try raw.encode(value.rawValue, session: session)
    }
}

/// A raw value no case of an enum has, where the property keeps its default: thrown by
/// `RawValueCoder` and caught by whoever reads the property — an optional becomes `nil`, any other
/// property stays as it was — which notes it in the report.
struct UnknownEnumCase: Error {
    let found: String
    let type: String

    /// Notes the kept default in the report, if any.
    func note(in session: DecodingSession) {
        if session.isReporting { session.recorder?.record(.unknownEnumCase(found: found, type: type)) }
    }
}
