import BaseModelKitJSON
import Foundation

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
