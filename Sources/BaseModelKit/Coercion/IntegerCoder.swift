import BaseModelKitJSON
import Foundation

/// An integer of any fixed width: a number it holds exactly (lenient: or a string that spells one).
struct IntegerCoder<Integer: FixedWidthInteger & Sendable>: ValueCoding {
    /// The type's range, as far as an `Int64` reaches: a plain integer in it converts without an
    /// `Integer?` (see `decode(from:session:)`).
    let lowest = Integer.isSigned ? Int64(clamping: Integer.min) : 0
    let highest = Int64(clamping: Integer.max)

    var typeName: String { String(describing: Integer.self) }

    func decode(_ json: JSON, existing: Integer?, session: DecodingSession) throws -> Integer {
        try exactNumber(in: json, session: session) { $0.integer(exactly: Integer.self) }
    }

    func encode(_ value: Integer, session: EncodingSession) throws -> JSON {
        .number(JSONNumber(value))
    }
}
