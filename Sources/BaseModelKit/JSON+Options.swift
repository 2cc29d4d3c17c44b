import Foundation

// The JSON layer's public entry points that take the model options: `JSON/` itself knows only a depth
// limit and a layout, so these live with the public surface.

extension JSON {
    /// Parses one JSON document from UTF-8 bytes: `Data`, `[UInt8]`, or any other collection of bytes.
    ///
    /// Strict RFC 8259: one value surrounded only by whitespace; no comments, trailing commas, `NaN`,
    /// leading zeros or single quotes; strings must be valid UTF-8 without raw control characters, and
    /// `\u` escapes for surrogates must pair up. A leading UTF-8 byte order mark is skipped; UTF-16 and
    /// UTF-32 input is rejected with a message that says so. When an object repeats a key, the last
    /// value wins. Nesting deeper than `options.maxDepth` is an error.
    ///
    /// - Throws: `JSONSyntaxError` with the byte offset, line and column of the problem.
    public init<Bytes: Collection<UInt8>>(parsing bytes: Bytes, options: DecodingOptions = DecodingOptions()) throws(JSONSyntaxError) {
        self = try JSON.parsing(bytes, maxDepth: options.maxDepth)
    }

    /// Parses one JSON document from text; see `init(parsing:options:)` for bytes.
    public init(parsing text: String, options: DecodingOptions = DecodingOptions()) throws(JSONSyntaxError) {
        try self.init(parsing: DocumentBytes(copying: text.utf8), maxDepth: options.maxDepth)
    }
}

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
        do {
            return try serializedBytes(formatting: options.writerFormatting)
        } catch {
            throw MappingError(error)
        }
    }
}
