import BaseModelKitJSON
import Foundation

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
