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
    public init<Bytes: Collection<UInt8>>(parsing bytes: Bytes, options: ParsingOptions = ParsingOptions()) throws(JSONSyntaxError) {
        self = try JSON.parsing(bytes, maxDepth: options.maxDepth)
    }

    /// Parses one JSON document from text; see `init(parsing:options:)` for bytes.
    public init(parsing text: String, options: ParsingOptions = ParsingOptions()) throws(JSONSyntaxError) {
        try self.init(parsing: DocumentBytes(copying: text.utf8), maxDepth: options.maxDepth)
    }

    /// Parses one JSON document from UTF-8 bytes, refusing nesting deeper than `maxDepth`.
    @inlinable package init(parsing bytes: DocumentBytes, maxDepth: Int) throws(JSONSyntaxError) {
        var parser = try JSONParser(bytes: bytes, maxDepth: maxDepth)
        self = try parser.readDocument()
    }

    /// Parses `bytes`, read in place (`DocumentBytes.reading`), with the parser's own error type.
    @inlinable package static func parsing<Bytes: Collection<UInt8>>(_ bytes: Bytes, maxDepth: Int) throws(JSONSyntaxError) -> JSON {
        // `reading` rethrows untyped errors; the outcome carries the typed one across it.
        let outcome = DocumentBytes.reading(bytes) { document in
            Result { () throws(JSONSyntaxError) -> JSON in try JSON(parsing: document, maxDepth: maxDepth) }
        }
        return try outcome.get()
    }
}

extension JSONParser {
    /// Reads a whole document: one value and nothing after it but whitespace.
    @usableFromInline package mutating func readDocument() throws(JSONSyntaxError) -> JSON {
        let value = try readValue()
        try expectEndOfInput()
        return value
    }

    /// An array or object being read: where its members start on the pending stacks, and the key of the
    /// member of the enclosing object that the container is the value of (to go on with when it closes).
    private struct OpenContainer {
        @usableFromInline package let isObject: Bool
        @usableFromInline package let first: Int
        @usableFromInline package let outerKey: String
    }

    /// Reads one value of any depth into a `JSON` tree, leaving the position after it.
    ///
    /// Members of open containers wait on two stacks (array elements and object members) and move into
    /// an exactly sized array when their container closes, so each container is one allocation and
    /// nesting costs heap, never call stack.
    @usableFromInline package mutating func readValue() throws(JSONSyntaxError) -> JSON {
        skipWhitespace()
        guard let opening = bytes.byte(at: position), opening == UInt8(ascii: "{") || opening == UInt8(ascii: "[") else {
            // A scalar (or an error): no stacks needed.
            return try readScalar()
        }
        var pendingElements = ElementBuffer<JSON>(capacity: 64)
        var pendingMembers = ElementBuffer<JSONObject.Member>(capacity: 64)
        var open: [OpenContainer] = []
        // The key of the member being read in the innermost open object.
        var key = ""
        // Whether the innermost open container is an object (kept here, not read from `open`).
        var inObject = false
        var value: JSON
        readingValues: while true {
            skipWhitespace()
            guard position < bytes.count else { throw unexpected(.value) }
            switch bytes[position] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[position] == UInt8(ascii: "{")
                guard open.count + depth < maxDepth else { throw error(.tooDeep(limit: maxDepth), at: position) }
                position += 1
                skipWhitespace()
                if bytes.byte(at: position) == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    value = isObject ? .object(JSONObject()) : .array([])
                } else {
                    open.append(OpenContainer(isObject: isObject, first: isObject ? pendingMembers.count : pendingElements.count, outerKey: key))
                    inObject = isObject
                    if isObject { key = try readKey() }
                    continue readingValues
                }
            default:
                value = try readScalar()
            }
            // A value is complete: add it to the innermost open container, closing containers as
            // their closing brackets arrive.
            while !open.isEmpty {
                if inObject {
                    pendingMembers.append(JSONObject.Member(key: key, value: value))
                } else {
                    pendingElements.append(value)
                }
                afterMember: while true {
                    skipWhitespace()
                    guard position < bytes.count else {
                        throw unexpected(inObject ? .commaOrObjectEnd : .commaOrArrayEnd)
                    }
                    let byte = bytes[position]
                    if byte == UInt8(ascii: ",") {
                        position += 1
                        if inObject {
                            key = try readKey()
                            continue readingValues
                        }
                        // An array's next scalar goes straight in, without the outer loop and
                        // without `value` (whose copy into the container retained and released
                        // it; arrays of numbers are most of canada.json).
                        skipWhitespace()
                        if let next = bytes.byte(at: position), next != UInt8(ascii: "{"), next != UInt8(ascii: "[") {
                            pendingElements.append(try readScalar())
                            continue afterMember
                        }
                        continue readingValues
                    }
                    guard byte == (inObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                        throw unexpected(inObject ? .commaOrObjectEnd : .commaOrArrayEnd)
                    }
                    position += 1
                    let closed = open.removeLast()
                    key = closed.outerKey
                    if inObject {
                        value = .object(makeObject(pendingMembers.removeSuffix(from: closed.first)))
                    } else {
                        value = .array(pendingElements.removeSuffix(from: closed.first))
                    }
                    inObject = open.last?.isObject ?? false
                    break afterMember
                }
            }
            return value
        }
    }

    /// Reads the string, number or literal at the current position (after whitespace).
    @inline(__always)
    private mutating func readScalar() throws(JSONSyntaxError) -> JSON {
        guard position < bytes.count else { throw unexpected(.value) }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        case UInt8(ascii: "t"):
            try readLiteral(.true)
            return .bool(true)
        case UInt8(ascii: "f"):
            try readLiteral(.false)
            return .bool(false)
        case UInt8(ascii: "n"):
            try readLiteral(.null)
            return .null
        default:
            throw unexpected(.value)
        }
    }

    /// An object from entries in the order read. When a key repeats, the last value wins and the key
    /// keeps its first position.
    @inlinable package mutating func makeObject(_ members: [JSONObject.Member]) -> JSONObject {
        if keyTable.hasDuplicate(members) {
            return JSONObject(members.lazy.map { ($0.key, $0.value) })
        }
        return JSONObject(distinctMembers: members)
    }

    /// Reads the string of a key, reusing the string made for the same bytes earlier in the document.
    /// Keys with escapes or non-ASCII bytes, and long keys, are read as ordinary strings.
    @inlinable package mutating func readKeyString() throws(JSONSyntaxError) -> String {
        let start = position + 1
        if let (key, end) = keyCache.predictedKey(in: bytes, at: start) {
            position = end + 1
            return key
        }
        guard let (end, hash) = ByteScanning.plainKey(in: bytes, from: start, maximumLength: KeyCache.maximumLength) else {
            return try readString()
        }
        if let key = keyCache.key(in: bytes, from: start, to: end, hash: hash) {
            position = end + 1
            return key
        }
        let key = try readString()
        keyCache.remember(key, from: start, to: end, hash: hash)
        return key
    }

    /// Reads `"key"` and the `:` after it.
    @inlinable package mutating func readKey() throws(JSONSyntaxError) -> String {
        skipWhitespace()
        guard bytes.byte(at: position) == UInt8(ascii: "\"") else { throw unexpected(.key) }
        let key = try readKeyString()
        skipWhitespace()
        guard bytes.byte(at: position) == UInt8(ascii: ":") else { throw unexpected(.colon) }
        position += 1
        return key
    }
}
