import Foundation

// Coders for the scalar types (Docs/MapsAndConstructors.md lists them). Lenient coercion accepts numbers written as strings,
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

extension ValueCoding {
    /// The one rule of the numeric coders: the number `json` holds (or, lenient, spells) converted by
    /// `exact`, which returns `nil` for a value the type cannot hold exactly; a lenient conversion
    /// from text is noted in the report.
    func exactNumber(in json: JSON, session: DecodingSession, _ exact: (JSONNumber) -> Value?) throws -> Value {
        guard let number = number(in: json, session: session) else { throw mismatch(json) }
        guard let value = exact(number) else { throw notExact(json) }
        noteIfText(json, to: typeName, session: session)
        return value
    }
}

struct IntegerCoder<Integer: FixedWidthInteger & Sendable>: ValueCoding {
    /// The type's range, as far as an `Int64` reaches: a plain integer in it converts without an
    /// `Integer?` (see `decode(from:session:)`).
    let lowest = Integer.isSigned ? Int64(clamping: Integer.min) : 0
    let highest = Int64(clamping: Integer.max)

    var typeName: String { String(describing: Integer.self) }

    func decode(_ json: JSON, existing: Integer?, session: DecodingSession) throws -> Integer {
        try exactNumber(in: json, session: session) { $0.int(exactly: Integer.self) }
    }

    func encode(_ value: Integer, session: EncodingSession) throws -> JSON {
        .number(JSONNumber(value))
    }
}

struct DoubleCoder: ValueCoding {
    var typeName: String { "Double" }

    func decode(_ json: JSON, existing: Double?, session: DecodingSession) throws -> Double {
        try exactNumber(in: json, session: session) { $0.double }
    }

    func encode(_ value: Double, session: EncodingSession) throws -> JSON {
        guard value.isFinite else { throw MappingError.nonFinite(value) }
        return .number(JSONNumber(value))
    }
}

/// A binary floating-point type narrower than `Double` (`Float`, and `Float16` where the processor
/// has it): the nearest value, or an error beyond its range; written as its own shortest text, so 0.1
/// stays 0.1 rather than 0.10000000149011612.
///
/// A number is in range when it rounds to a finite value of the type. That is not "at most
/// `greatestFiniteMagnitude`": the shortest text of `Float.greatestFiniteMagnitude`, `3.4028235e+38`,
/// is a little larger than the value it names, and must read back as it.
struct NarrowFloatCoder<Narrow: BinaryFloatingPoint & LosslessStringConvertible & Sendable>: ValueCoding {
    var typeName: String { String(describing: Narrow.self) }

    /// The value of the type nearest to a number, given as `value` (the `Double` nearest to it), or
    /// `nil` beyond the type's range. Rounding twice, to a `Double` and then to the type, gives the
    /// nearest value except where the `Double` lies exactly halfway between two of the type's values
    /// (`7.038531e-26` for `Float`): there the number as written (`text`) is rounded once.
    @inline(__always)
    static func nearest(to value: Double, text: () throws -> String) rethrows -> Narrow? {
        var narrow = Narrow(value)
        if Narrow(value.nextUp) != Narrow(value.nextDown), let once = Narrow(try text()) {
            narrow = once
        }
        return narrow.isFinite ? narrow : nil
    }

    func decode(_ json: JSON, existing: Narrow?, session: DecodingSession) throws -> Narrow {
        try exactNumber(in: json, session: session) { number in
            number.double.flatMap { Self.nearest(to: $0) { number.description } }
        }
    }

    func encode(_ value: Narrow, session: EncodingSession) throws -> JSON {
        guard value.isFinite else { throw MappingError.nonFinite(Double(value)) }
        return .number(JSONNumber(text: value.description) ?? JSONNumber(Double(value)))
    }
}

struct DecimalCoder: ValueCoding {
    var typeName: String { "Decimal" }

    func decode(_ json: JSON, existing: Decimal?, session: DecodingSession) throws -> Decimal {
        try exactNumber(in: json, session: session) { $0.decimal }
    }

    func encode(_ value: Decimal, session: EncodingSession) throws -> JSON {
        guard value.isFinite else { throw MappingError(.notRepresentable("NaN")) }
        return .number(JSONNumber(value))
    }
}

/// A scalar written as a JSON string of its own form: `URL` (absolute), `UUID`, `Data` (base64).
protocol TextForm {
    /// The type as named in messages.
    static var formName: String { get }
    /// The value `text` spells, if it spells one.
    init?(form text: String)
    /// The value the UTF-8 `bytes` spell (a JSON string's contents, read in place), if they spell one.
    /// Sound: `bytes` are lent for the call (the parser's bytes) and read only within their count.
    init?(formBytes bytes: UnsafeBufferPointer<UInt8>)
    /// The value's text.
    var form: String { get }
    /// Writes the value's text as a JSON string.
    func writeForm(to writer: inout JSONWriter)
}

extension TextForm {
    // Sound: the bytes are copied into a `String` within the call.
    init?(formBytes bytes: UnsafeBufferPointer<UInt8>) {
        self.init(form: String(decoding: bytes, as: UTF8.self))
    }

    func writeForm(to writer: inout JSONWriter) {
        writer.writeString(form)
    }
}

extension URL: TextForm {
    static var formName: String { "URL" }
    init?(form text: String) {
        guard !text.isEmpty else { return nil }
        self.init(string: text)
    }
    var form: String { absoluteString }
}

extension UUID: TextForm {
    static var formName: String { "UUID" }
    init?(form text: String) {
        var text = text
        guard let uuid = text.withUTF8({ UUID(formBytes: $0) }) else { return nil }
        self = uuid
    }

    /// Read by hand: 32 hex digits (either case) with dashes after the 8th, 12th, 16th and 20th, the
    /// only form `init(uuidString:)` reads (Foundation goes through `sscanf`). Sound: reads only indices
    /// below 36, checked as `bytes.count` first.
    init?(formBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var index = 0
        for slot in 0..<16 {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard bytes[index] == UInt8(ascii: "-") else { return nil }
                index += 1
            }
            guard let high = UUID.hexDigit(bytes[index]), let low = UUID.hexDigit(bytes[index + 1]) else { return nil }
            Self.set(&value, slot, high << 4 | low)
            index += 2
        }
        self.init(uuid: value)
    }

    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        default: nil
        }
    }

    /// Byte `slot` of `value`, written through the tuple's elements (no pointer).
    @inline(__always)
    private static func set(_ value: inout uuid_t, _ slot: Int, _ byte: UInt8) {
        switch slot {
        case 0: value.0 = byte
        case 1: value.1 = byte
        case 2: value.2 = byte
        case 3: value.3 = byte
        case 4: value.4 = byte
        case 5: value.5 = byte
        case 6: value.6 = byte
        case 7: value.7 = byte
        case 8: value.8 = byte
        case 9: value.9 = byte
        case 10: value.10 = byte
        case 11: value.11 = byte
        case 12: value.12 = byte
        case 13: value.13 = byte
        case 14: value.14 = byte
        default: value.15 = byte
        }
    }

    var form: String { uuidString }

    /// Written by hand, as `uuidString` spells it (upper-case hex digits, dashes after the 4th, 6th,
    /// 8th and 10th byte), without making the `String`: Foundation on Linux formats it through
    /// `snprintf`.
    func writeForm(to writer: inout JSONWriter) {
        // Sound: `uuid_t` is a tuple of sixteen `UInt8`, laid out as sixteen contiguous bytes, and
        // `bytes` is read only within them; `text` is written only within its 36 bytes, all of them
        // before it is lent. `TextFormTests.uuidWrites` compares the text with `uuidString`.
        withUnsafeBytes(of: uuid) { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
                var index = 0
                for slot in 0..<16 {
                    if slot == 4 || slot == 6 || slot == 8 || slot == 10 {
                        text[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    text[index] = Self.upperHex(bytes[slot] >> 4)
                    text[index + 1] = Self.upperHex(bytes[slot] & 0x0F)
                    index += 2
                }
                writer.writeString(utf8: UnsafeBufferPointer(text))
            }
        }
    }

    @inline(__always)
    private static func upperHex(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ nibble &- 10
    }
}

extension Data: TextForm {
    static var formName: String { "Data (base64)" }
    init?(form text: String) { self.init(base64Encoded: text) }
    var form: String { base64EncodedString() }
}

/// The coder of a `TextForm` scalar: a JSON string in its form, nothing else.
struct TextFormCoder<Value: TextForm>: ValueCoding {
    var typeName: String { Value.formName }

    func decode(_ json: JSON, existing: Value?, session: DecodingSession) throws -> Value {
        guard case .string(let text) = json, let value = Value(form: text) else { throw mismatch(json) }
        return value
    }

    func encode(_ value: Value, session: EncodingSession) throws -> JSON {
        .string(value.form)
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
        try session.dateCoder.decode(json, existing: existing, session: session)
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Date {
        try session.dateCoder.decode(from: &parser, session: session)
    }

    func encode(_ value: Date, session: EncodingSession) throws -> JSON {
        try session.dateCoder.encode(value, session: session)
    }

    func write(_ value: Date, to writer: inout JSONWriter, session: EncodingSession) throws {
        try session.dateCoder.write(value, to: &writer, session: session)
    }
}

/// A `RawRepresentable` type (an enum with `String` or `Int` raw values, an option set) by its raw value.
struct RawValueCoder<Wrapped: RawRepresentable>: ValueCoding {
    let raw: any ValueCoding<Wrapped.RawValue>
    /// For enums with `String` or `Int` raw values kept in one byte: the cases met so far, matched by
    /// bytes.
    let learnedCases: LearnedEnumCases?
    /// Whether an unknown raw value keeps the property's default for this property.
    let keepsUnknownCases: Bool
    /// For a type kept in one byte: the text of each case written so far.
    let writtenCases: WrittenEnumCases?

    init(raw: any ValueCoding<Wrapped.RawValue>, keepsUnknownCases: Bool = false) {
        self.raw = raw
        self.keepsUnknownCases = keepsUnknownCases
        let learnsRawValues = Wrapped.RawValue.self == String.self || Wrapped.RawValue.self == Int.self
        let learnedCases = learnsRawValues && TrivialBits.isStorable(Wrapped.self) ? LearnedEnumCases(learnsNumbers: Wrapped.RawValue.self == Int.self) : nil
        self.learnedCases = learnedCases
        self.writtenCases = learnedCases?.written ?? (TrivialBits.isStorable(Wrapped.self) ? WrittenEnumCases() : nil)
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
        if session.tracksPaths { session.recorder?.record(.unknownEnumCase(found: found, type: type)) }
    }
}
