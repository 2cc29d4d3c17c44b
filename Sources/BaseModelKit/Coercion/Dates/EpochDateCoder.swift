import BaseModelKitJSON
import Foundation

/// A `Date` as a number of seconds or milliseconds since 1970 (`JSONTransformer.secondsSince1970`,
/// `.millisecondsSince1970`): `TransformedDateCoder`'s rules for these two, read and written here,
/// in a coder that holds nothing but its unit, so that the member loop keeps it in place like the
/// plain scalars' coders (`MemberDispatch`; not through `GenericMemberAccess` and the existential coder).
/// Values that are not plain numbers, and every error, go through `TransformedDateCoder`'s tree
/// rule.
struct EpochDateCoder: ValueCoding {
    let isMilliseconds: Bool

    /// The general coder of the same transformer: its tree rule and its names.
    private var general: TransformedDateCoder {
        TransformedDateCoder(kind: isMilliseconds ? .millisecondsSince1970 : .secondsSince1970)
    }

    var typeName: String { general.typeName }

    func decode(_ json: JSON, existing: Date?, session: DecodingSession) throws -> Date {
        try general.decode(json, existing: existing, session: session)
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Date {
        guard let number = try readNumberAsDouble(from: &parser, for: self) else {
            return try decodeTree(from: &parser, session: session)
        }
        // The same division as the tree's path (and `JSONDecoder`'s) for milliseconds.
        return Date(timeIntervalSince1970: isMilliseconds ? number / 1000 : number)
    }

    func encode(_ value: Date, session: EncodingSession) throws -> JSON {
        try general.encode(value, session: session)
    }

    func write(_ value: Date, to writer: inout JSONWriter, session: EncodingSession) throws {
        try writer.writeCheckedDouble(isMilliseconds ? (value.timeIntervalSince1970 * 1000).rounded() : value.timeIntervalSince1970)
    }
}
