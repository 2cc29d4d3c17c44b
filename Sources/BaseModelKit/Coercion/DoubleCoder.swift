import BaseModelKitJSON
import Foundation

/// A `Double`: a number (lenient: or a string that spells one), to the nearest `Double`.
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
