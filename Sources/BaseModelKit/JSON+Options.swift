import BaseModelKitJSON
import Foundation

// The JSON layer's entry points as the second release spelled them, with the model options and
// errors; they forward to the layer's own (`JSON.ParsingOptions`, `JSON.Formatting`,
// `JSONWritingError`).

extension JSON {
    /// Parses one JSON document from UTF-8 bytes with the depth limit of `options`; see
    /// `init(parsing:options:)` with `JSON.ParsingOptions`.
    @available(*, deprecated, message: "Pass JSON.ParsingOptions (its maxDepth) instead of DecodingOptions.")
    public init<Bytes: Collection<UInt8>>(parsing bytes: Bytes, options: DecodingOptions) throws(JSONSyntaxError) {
        self = try JSON.parsing(bytes, maxDepth: options.maxDepth)
    }

    /// Parses one JSON document from text with the depth limit of `options`; see
    /// `init(parsing:options:)` with `JSON.ParsingOptions`.
    @available(*, deprecated, message: "Pass JSON.ParsingOptions (its maxDepth) instead of DecodingOptions.")
    public init(parsing text: String, options: DecodingOptions) throws(JSONSyntaxError) {
        try self.init(parsing: DocumentBytes(copying: text.utf8), maxDepth: options.maxDepth)
    }

    /// The value as UTF-8 JSON text laid out as `options.formatting` says; see
    /// `serializedData(formatting:)`, which throws `JSONWritingError`.
    @available(*, deprecated, renamed: "serializedData(formatting:)", message: "Pass the formatting flags; a JSON problem is a JSONWritingError.")
    public func serializedData(options: EncodingOptions) throws(MappingError) -> Data {
        Data(try serializedBytes(options: options))
    }

    /// The value as JSON text laid out as `options.formatting` says; see
    /// `serializedString(formatting:)`, which throws `JSONWritingError`.
    @available(*, deprecated, renamed: "serializedString(formatting:)", message: "Pass the formatting flags; a JSON problem is a JSONWritingError.")
    public func serializedString(options: EncodingOptions) throws(MappingError) -> String {
        String(decoding: try serializedBytes(options: options), as: UTF8.self)
    }

    /// The text written as `options` says, a problem as a `MappingError` (for the model layer, whose
    /// errors carry paths of their own).
    func serializedBytes(options: EncodingOptions) throws(MappingError) -> [UInt8] {
        do {
            return try serializedBytes(formatting: options.formatting)
        } catch {
            throw MappingError(error)
        }
    }
}
