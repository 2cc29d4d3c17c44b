import Foundation

extension JSON {
    /// The value as UTF-8 JSON text.
    ///
    /// Compact by default; see `JSON.Formatting` for pretty printing, sorted keys and escaped
    /// slashes. Numbers are written exactly: integers with all their digits, a `JSONNumber` read
    /// from JSON with its original text, and a `Double` in the shortest form that reads back as the
    /// same `Double`.
    ///
    /// - Throws: `JSONWritingError` with the path of a NaN or infinite number, which JSON cannot
    ///   represent.
    public func serializedData(formatting: Formatting = []) throws(JSONWritingError) -> Data {
        try written(formatting: formatting).outputData()
    }

    /// The value as JSON text; see `serializedData(formatting:)`.
    public func serializedString(formatting: Formatting = []) throws(JSONWritingError) -> String {
        try written(formatting: formatting).outputString
    }

    /// The value as UTF-8 JSON text laid out as `formatting` says.
    @inlinable package func serializedBytes(formatting: Formatting) throws(JSONWritingError) -> [UInt8] {
        try written(formatting: formatting).output
    }

    @inlinable package func written(formatting: Formatting) throws(JSONWritingError) -> JSONWriter {
        var writer = JSONWriter(formatting: formatting)
        try writer.write(self)
        return writer
    }
}
