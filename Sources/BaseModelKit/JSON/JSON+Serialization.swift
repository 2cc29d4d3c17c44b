import Foundation

extension JSON {
    /// The value as UTF-8 JSON text.
    ///
    /// Compact by default; see `EncodingOptions.Formatting` for pretty printing, sorted keys and
    /// escaped slashes. Numbers are written exactly: integers with all their digits, a `JSONNumber`
    /// read from JSON with its original text, and a `Double` in the shortest form that reads back as
    /// the same `Double`.
    ///
    /// - Throws: `MappingError` with the path of a NaN or infinite number, which JSON cannot represent.
    public func serializedData(options: EncodingOptions = EncodingOptions()) throws(MappingError) -> Data {
        Data(try serializedBytes(options: options))
    }

    /// The value as JSON text; see `serializedData(options:)`.
    public func serializedString(options: EncodingOptions = EncodingOptions()) throws(MappingError) -> String {
        String(decoding: try serializedBytes(options: options), as: UTF8.self)
    }

    func serializedBytes(options: EncodingOptions) throws(MappingError) -> [UInt8] {
        var writer = JSONWriter(formatting: options.formatting)
        do {
            try writer.write(self)
        } catch {
            throw error.mappingError
        }
        return writer.output
    }
}
