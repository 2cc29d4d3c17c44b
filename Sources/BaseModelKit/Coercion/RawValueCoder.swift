import BaseModelKitJSON
import Foundation

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
