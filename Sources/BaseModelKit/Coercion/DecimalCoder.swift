import BaseModelKitJSON
import Foundation

/// A `Decimal`: a number (lenient: or a string that spells one) that it holds exactly.
struct DecimalCoder: ValueCoding {
    var typeName: String { "Decimal" }

    func decode(_ json: JSON, existing: Decimal?, session: DecodingSession) throws -> Decimal {
        try exactNumber(in: json, session: session) { $0.decimal }
    }

    /// The number of `write`'s text, made from the significand as `write` makes it (a merge compares
    /// identities and markers through this, several times a listed element; `description` made the
    /// text by `[UInt16]` division, many times the cost of the rest).
    func encode(_ value: Decimal, session: EncodingSession) throws -> JSON {
        guard value.isFinite else { throw MappingError(.notRepresentable("NaN")) }
        if value.isZero { return .number(JSONNumber(0)) }
        if let short = Self.shortDecimal(of: value) { return .number(JSONNumber(storage: .short(short))) }
        return .number(JSONNumber(value))
    }
}
