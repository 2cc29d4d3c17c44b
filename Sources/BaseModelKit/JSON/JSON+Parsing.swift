import Foundation

extension JSON {
    /// Parses one JSON document from UTF-8 bytes.
    ///
    /// Strict RFC 8259: one value surrounded only by whitespace; no comments, trailing commas, `NaN`,
    /// leading zeros or single quotes; strings must be valid UTF-8 without raw control characters, and
    /// `\u` escapes for surrogates must pair up. A leading UTF-8 byte order mark is skipped; UTF-16 and
    /// UTF-32 input is rejected with a message that says so. When an object repeats a key, the last
    /// value wins. Nesting deeper than `options.maxDepth` is an error.
    ///
    /// - Throws: `JSONSyntaxError` with the byte offset, line and column of the problem.
    public init(parsing bytes: [UInt8], options: DecodingOptions = DecodingOptions()) throws(JSONSyntaxError) {
        var parser = try JSONParser(bytes: bytes, maxDepth: options.maxDepth)
        self = try parser.readDocument()
    }

    /// Parses one JSON document from UTF-8 data; see `init(parsing:options:)` for `[UInt8]`.
    public init(parsing data: Data, options: DecodingOptions = DecodingOptions()) throws(JSONSyntaxError) {
        try self.init(parsing: [UInt8](data), options: options)
    }

    /// Parses one JSON document from text; see `init(parsing:options:)` for `[UInt8]`.
    public init(parsing text: String, options: DecodingOptions = DecodingOptions()) throws(JSONSyntaxError) {
        try self.init(parsing: Array(text.utf8), options: options)
    }
}

extension JSONParser {
    /// Reads a whole document: one value and nothing after it but whitespace.
    mutating func readDocument() throws(JSONSyntaxError) -> JSON {
        let value = try readValue()
        try expectEndOfInput()
        return value
    }

    /// An array or object being read: where its elements (and keys) start on the pending stacks.
    private struct OpenContainer {
        let isObject: Bool
        let firstValue: Int
        let firstKey: Int
    }

    /// Reads one value of any depth into a `JSON` tree, leaving the position after it.
    ///
    /// Elements of open containers wait on two flat stacks (values and keys) and move into their
    /// container when it closes, so nesting costs heap, never call stack.
    mutating func readValue() throws(JSONSyntaxError) -> JSON {
        var pendingValues: [JSON] = []
        var pendingKeys: [String] = []
        var open: [OpenContainer] = []
        var value: JSON
        readingValues: while true {
            skipWhitespace()
            guard position < bytes.count else { throw unexpected(.value) }
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[position] == UInt8(ascii: "{")
                guard open.count < maxDepth else { throw error(.tooDeep(limit: maxDepth), at: position) }
                position += 1
                skipWhitespace()
                if position < bytes.count, bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    value = isObject ? .object(JSONObject()) : .array([])
                } else {
                    open.append(OpenContainer(isObject: isObject, firstValue: pendingValues.count, firstKey: pendingKeys.count))
                    if isObject {
                        pendingKeys.append(try readKey())
                    }
                    continue readingValues
                }
            case UInt8(ascii: "\""):
                value = .string(try readString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try readNumber())
            case UInt8(ascii: "t"):
                try readLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try readLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try readLiteral("null")
                value = .null
            default:
                throw unexpected(.value)
            }
            // A value is complete: add it to the innermost open container, closing containers as
            // their closing brackets arrive.
            while let container = open.last {
                pendingValues.append(value)
                skipWhitespace()
                guard position < bytes.count else {
                    throw unexpected(container.isObject ? .commaOrObjectEnd : .commaOrArrayEnd)
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if container.isObject {
                        pendingKeys.append(try readKey())
                    }
                    continue readingValues
                }
                if container.isObject {
                    guard byte == UInt8(ascii: "}") else { throw unexpected(.commaOrObjectEnd) }
                    value = .object(JSONObject(
                        readKeys: pendingKeys[container.firstKey...],
                        values: pendingValues[container.firstValue...]))
                    pendingKeys.removeSubrange(container.firstKey...)
                } else {
                    guard byte == UInt8(ascii: "]") else { throw unexpected(.commaOrArrayEnd) }
                    value = .array(Array(pendingValues[container.firstValue...]))
                }
                pendingValues.removeSubrange(container.firstValue...)
                position += 1
                open.removeLast()
            }
            return value
        }
    }

    /// Reads `"key"` and the `:` after it.
    mutating func readKey() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw unexpected(.key) }
        let key = try readString()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw unexpected(.colon) }
        position += 1
        return key
    }
}
