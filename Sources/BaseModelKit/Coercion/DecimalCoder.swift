import BaseModelKitJSON
import Foundation

/// A `Decimal`: a number (lenient: or a string that spells one) that it holds exactly.
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
