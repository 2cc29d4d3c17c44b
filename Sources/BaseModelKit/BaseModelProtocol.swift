import BaseModelKitJSON
import Foundation

/// Array entry points, which Swift allows to return `[Self]` only from a protocol extension.
/// `BaseModel` conforms; there is nothing to implement.
public protocol BaseModelProtocol: BaseModel {}

extension BaseModelProtocol {
    /// New models decoded from a JSON array of objects in UTF-8 bytes (`Data`, `[UInt8]`, …): the
    /// whole document, or the array at a designated `path` (`"data.events"`); see
    /// `decode(from:at:options:report:)` for the path's form and the report.
    ///
    /// - Throws: `MappingError` with the element's index in its path, or `SchemaError`.
    public static func decodeArray<Bytes: Collection<UInt8>>(from bytes: Bytes, at path: String? = nil, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> sending [Self] {
        // As in `decode(from:at:options:report:)`.
        if let data = bytes as? Data {
            return try DocumentBytes.reading(data) { try DocumentDecoding.decodeArray($0, at: path, of: self, options: options, report: report) }
        }
        return try DocumentBytes.reading(bytes.inputBytes) { try DocumentDecoding.decodeArray($0, at: path, of: self, options: options, report: report) }
    }

    /// New models decoded from a JSON array in text; see `decodeArray(from:at:options:report:)`.
    public static func decodeArray(from text: String, at path: String? = nil, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> sending [Self] {
        try DocumentDecoding.decodeArray(DocumentBytes(copying: text.utf8), at: path, of: self, options: options, report: report)
    }

    /// New models decoded from the elements of a parsed JSON array.
    public static func decodeArray(from elements: [JSON], options: DecodingOptions = DecodingOptions()) throws -> sending [Self] {
        let session = DecodingSession(options: options, isUpdate: false)
        let coder = ArrayCoder<Self>(element: ModelCoder<Self>(buildType: self))
        return try CurrentSession.$decoding.withValue(session) {
            try coder.decode(.array(elements), existing: nil, session: session)
        }
    }
}
