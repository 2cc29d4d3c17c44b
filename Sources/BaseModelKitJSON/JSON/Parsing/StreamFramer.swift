/// Finds the values a stream of bytes delivers, as the bytes arrive: the elements of the array at a
/// designated path, or whole documents one after another (JSON Lines, RFC 7464 sequences,
/// concatenated documents). It keeps only the bytes of the value it is in the middle of, so memory
/// is bounded by the largest value plus the bytes not yet scanned — and by `maxValueBytes`, past
/// which a value is refused.
///
/// It does not parse the values: it follows strings, escapes and brackets far enough to know where a
/// value ends, and hands its bytes to a parser (which checks them fully). Around the array it keeps
/// the document's other bytes (the skeleton, with the array emptied) and checks them as a document
/// once the stream ends; between elements it checks the commas.
@usableFromInline package struct StreamFramer {
    @usableFromInline package enum Mode: Sendable {
        /// The elements of the array at these designated-path segments (none: the top-level array).
        case elements([String])
        /// Top-level values one after another, separated by whitespace or RS (0x1E).
        case documents
    }

    /// One value found: its bytes, and where it started in the stream.
    @usableFromInline package struct FramedValue {
        @usableFromInline package let bytes: [UInt8]
        @usableFromInline package let offset: Int
        @usableFromInline package let line: Int
        @usableFromInline package let column: Int
        /// The depth of the value's container (0 for a document): the value may nest only
        /// `maxDepth - depth` further.
        @usableFromInline package let depth: Int
    }

    @usableFromInline package let mode: Mode
    private let segments: [String]
    private let maxDepth: Int
    /// The most bytes a value, or the skeleton, may hold.
    private let maxValueBytes: Int

    /// Bytes received and not yet dropped; `buffer[0]` is stream offset `base`.
    @usableFromInline package var buffer: [UInt8] = []
    @usableFromInline package var base = 0
    /// The next byte to scan, as an index into `buffer`.
    @usableFromInline package var cursor = 0
    /// The line and column of the byte at `placeIndex` (an index into `buffer`, at most `cursor`):
    /// counted only when a value starts, an error is placed or bytes are dropped (`place(at:)`), so
    /// that the loops over the bytes count nothing.
    @usableFromInline package var placeIndex = 0
    @usableFromInline package var line = 1
    @usableFromInline package var column = 1

    /// The open containers: `true` for an object.
    @usableFromInline package var containers: [Bool] = []
    @usableFromInline package var inString = false
    private var escaped = false
    /// For each open object, whether the next string is a key.
    private var expectsKey: [Bool] = []
    /// The key being read (while it may match a path segment), and the last key read per depth.
    private var keyBytes: [UInt8] = []
    private var lastKey: [[UInt8]?] = []
    /// For each open array, the index of its current element.
    private var elementIndex: [Int] = []
    /// How many path segments the open containers match.
    private var matched = 0
    /// The depth of the target array once found (0 before; for documents, 0).
    @usableFromInline package var targetDepth = 0
    @usableFromInline package private(set) var targetOpen = false
    @usableFromInline package private(set) var targetClosed = false
    /// The value being framed: its start in `buffer` and where that is in the stream.
    @usableFromInline package var valueStart: Int?
    @usableFromInline package var valueOffset = 0
    @usableFromInline package var valueLine = 1
    @usableFromInline package var valueColumn = 1
    /// Whether the value is a scalar not in quotes (it ends at a delimiter).
    @usableFromInline package var inBareScalar = false
    /// Whether the byte just scanned ended a bare scalar and is to be scanned again.
    private var rescans = false
    /// Whether a value has ended and its separator is not seen yet (elements mode), and whether a
    /// value is allowed next.
    private var awaitingSeparator = false
    private var afterComma = false
    /// The document outside the target array, with the array emptied.
    @usableFromInline package private(set) var skeleton: [UInt8] = []
    /// Whether the stream's first bytes have been checked for a UTF-8 byte order mark.
    @usableFromInline package var checkedByteOrderMark = false

    /// `maxValueBytes`: the most bytes one value may hold, and the document around the array (`nil`:
    /// no limit).
    @usableFromInline package init(mode: Mode, maxDepth: Int, maxValueBytes: Int? = nil) {
        self.mode = mode
        if case .elements(let segments) = mode { self.segments = segments } else { segments = [] }
        self.maxDepth = maxDepth
        self.maxValueBytes = maxValueBytes ?? .max
    }

    /// Adds bytes that arrived.
    @inlinable package mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete value among the bytes appended so far, or `nil` when more bytes are needed.
    @usableFromInline package mutating func next() throws(JSONSyntaxError) -> FramedValue? {
        if !checkedByteOrderMark, !skipByteOrderMark(atEnd: false) { return nil }
        while cursor < buffer.count {
            if valueStart != nil, containers.count > targetDepth {
                // Inside an object or array value: passed in one loop to its end.
                if let value = try passValueBody() { return value }
                continue
            }
            if inString, !escaped {
                passStringBody()
                if cursor == buffer.count { break }
            }
            let value = try scan(buffer[cursor])
            // Past the byte, unless it ended a bare value and is to be scanned again.
            if rescans {
                rescans = false
            } else {
                cursor += 1
            }
            if let value { return value }
        }
        try checkHeldBytes()
        compact()
        return nil
    }

    /// Refuses the value in progress, or the skeleton, once it holds more than `maxValueBytes`.
    /// Checked when the bytes run out rather than per byte, so that the loops over the bytes count
    /// nothing: memory passes the limit by at most the last bytes appended, and a value that ends
    /// within them is checked whole (`take`), so that where the bytes were split changes nothing.
    private mutating func checkHeldBytes() throws(JSONSyntaxError) {
        if let start = valueStart, buffer.count - start > maxValueBytes { throw valueTooLong }
        // The skeleton is the document around the array, which starts the stream.
        if skeleton.count > maxValueBytes { throw JSONSyntaxError(.tooLong(limit: maxValueBytes), offset: 0, line: 1, column: 1) }
    }

    /// Moves `cursor` over the body of the string it is in, up to its closing quote, a backslash or
    /// the end of the bytes, as `scan` would one byte at a time: the bytes go to the skeleton outside
    /// the target's elements, and to the key being read where a path segment may need it.
    private mutating func passStringBody() {
        let start = cursor
        // Sound: `buffer` is this framer's own array, not changed while the scan reads it.
        let index = buffer.withUnsafeBytes { Self.quoteOrBackslash(in: $0, from: start) }
        guard index > start else { return }
        if isOutsideElements { skeleton.append(contentsOf: buffer[start..<index]) }
        if readsPathKey { keyBytes.append(contentsOf: buffer[start..<index]) }
        cursor = index
    }

    /// Inside an object or array value (below the target's depth, or a document): moves `cursor`
    /// through the value's bytes — strings eight bytes at a time, brackets matched — and returns the
    /// value when its last bracket closes, or `nil` at the end of the bytes. Only brackets, quotes and
    /// backslashes matter here: the parser that reads the value checks the rest. Containers opened
    /// here are kept in `containers` alone (their keys and indices matter to no path).
    private mutating func passValueBody() throws(JSONSyntaxError) -> FramedValue? {
        enum Stop { case endOfBytes, valueEnd, mismatch, tooDeep }
        var index = cursor
        var inString = inString
        var escaped = escaped
        let bytes = buffer
        // Sound: `bytes` is a copy of the buffer's reference, not changed while it is read; every
        // index is checked against `raw.count` (or by `quoteOrBackslash`) before it is read.
        let stop: Stop = bytes.withUnsafeBytes { raw in
            let count = raw.count
            while index < count {
                if inString {
                    if escaped {
                        escaped = false
                        index += 1
                        continue
                    }
                    index = Self.quoteOrBackslash(in: raw, from: index)
                    guard index < count else { return .endOfBytes }
                    if raw[index] == UInt8(ascii: "\\") { escaped = true } else { inString = false }
                    index += 1
                    continue
                }
                switch raw[index] {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard containers.count < maxDepth else { return .tooDeep }
                    containers.append(raw[index] == UInt8(ascii: "{"))
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    guard containers.last == (raw[index] == UInt8(ascii: "}")) else { return .mismatch }
                    containers.removeLast()
                    if containers.count == targetDepth { return .valueEnd }
                default:
                    break
                }
                index += 1
            }
            return .endOfBytes
        }
        cursor = index
        self.inString = inString
        self.escaped = escaped
        switch stop {
        case .endOfBytes:
            return nil
        case .valueEnd:
            // The value's own container, opened by `scan` with its key and index.
            expectsKey.removeLast()
            lastKey.removeLast()
            elementIndex.removeLast()
            cursor += 1
            return try endValue(at: cursor)
        case .mismatch:
            throw unexpected(bytes[index], expected: .value)
        case .tooDeep:
            throw error(.tooDeep(limit: maxDepth))
        }
    }

    /// The first index at or after `start` of a `"` or a `\` in `raw`, or `raw.count`: eight bytes at
    /// a time while eight remain (a byte above a true match may be flagged too, never one below it, so
    /// the flagged word is searched byte by byte). Sound: reads only inside `raw`, which the caller
    /// keeps alive for the call.
    private static func quoteOrBackslash(in raw: UnsafeRawBufferPointer, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = start
        while index + 8 <= raw.count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            if ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash) & (ones &* 0x80) != 0 { break }
            index += 8
        }
        while index < raw.count, raw[index] != UInt8(ascii: "\""), raw[index] != UInt8(ascii: "\\") {
            index += 1
        }
        return index
    }

    /// The line and column of the byte at `index` (at least `placeIndex`), counted from where they
    /// were last counted: eight bytes at a time where no line feed is among them.
    @inlinable package mutating func place(at index: Int) -> (line: Int, column: Int) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &* 0x80
        var position = placeIndex
        // Sound: `buffer` is this framer's own array, not changed while it is read; every read is
        // below `index`, which is at most `buffer.count`.
        buffer.withUnsafeBytes { raw in
            precondition(index <= raw.count, "place(at:) past the bytes")
            while position < index {
                guard index - position >= 8 else {
                    // A line feed starts a line; a UTF-8 continuation byte is no column of its own.
                    if raw[position] == 0x0A {
                        line += 1
                        column = 1
                    } else if raw[position] & 0b1100_0000 != 0b1000_0000 {
                        column += 1
                    }
                    position += 1
                    continue
                }
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                // Exactly the line feeds' bytes have their high bit set in `feeds`.
                let feed = word ^ (ones &* 0x0A)
                let feeds = ~(((feed & ~highs) &+ ~highs) | feed | ~highs)
                if feeds == 0 {
                    // Less the continuation bytes (0b10xxxxxx): high bit set, the next one clear.
                    column += 8 - (word & ~(word << 1) & highs).nonzeroBitCount
                    position += 8
                } else {
                    // Past the first line feed, which starts a line.
                    line += 1
                    column = 1
                    position += feeds.trailingZeroBitCount / 8 + 1
                }
            }
        }
        placeIndex = index
        return (line, column)
    }

    /// Whether the string being read is a key of an object where a path segment may match it: its
    /// bytes are kept in `keyBytes`.
    private var readsPathKey: Bool {
        guard containers.count <= segments.count, let depth = containers.indices.last else { return false }
        return containers[depth] && expectsKey[depth]
    }

    /// Whether the byte at `cursor` belongs to the skeleton: outside the target array's elements.
    private var isOutsideElements: Bool {
        guard case .elements = mode else { return false }
        return !targetOpen || targetClosed || (valueStart == nil && containers.count < targetDepth)
    }

    /// At the end of the stream: a bare scalar in progress (a document) is complete; any other
    /// value in progress is truncated; in elements mode, the skeleton is checked as a document.
    @inlinable package mutating func finish() throws(JSONSyntaxError) -> FramedValue? {
        if !checkedByteOrderMark {
            // Fewer bytes than a mark arrived, all of them a mark's first: scanned as what they are.
            _ = skipByteOrderMark(atEnd: true)
            if let value = try next() { return value }
        }
        if inBareScalar, let start = valueStart, containers.isEmpty {
            inBareScalar = false
            return try take(from: start, to: cursor)
        }
        if valueStart != nil || inString || !containers.isEmpty {
            throw error(.unexpected(.endOfInput, expected: .value))
        }
        return nil
    }

    /// Takes in `byte`, the one at `cursor` (the caller moves past it); returns a value when `byte`
    /// completes one.
    @inline(__always)
    private mutating func scan(_ byte: UInt8) throws(JSONSyntaxError) -> FramedValue? {
        if inBareScalar, Self.isDelimiter(byte) {
            // The value ends before the delimiter, which is scanned again as what follows it.
            inBareScalar = false
            rescans = true
            return try endValue(at: cursor)
        }
        let inValue = valueStart != nil
        // Outside the target array's elements, the byte belongs to the skeleton.
        let outside = isOutsideElements
        if inString {
            if outside { skeleton.append(byte) }
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if let depth = containers.indices.last, containers[depth], expectsKey[depth] {
                    expectsKey[depth] = false
                    lastKey[depth] = keyBytes
                } else if inValue, containers.count == targetDepth {
                    // A string element (or document) ends here.
                    return try endValue(at: cursor + 1)
                }
            } else if readsPathKey {
                keyBytes.append(byte)
            }
            return nil
        }
        if inBareScalar { return nil }
        if ByteScanning.isWhitespace(byte) || (byte == 0x1E && isDocuments && containers.isEmpty) {
            if outside { skeleton.append(byte) }
            return nil
        }
        let atTarget = targetOpen && containers.count == targetDepth && !targetClosed
        if atTarget && !inValue || (isDocuments && containers.isEmpty) {
            // Between values: a separator, or the start of the next value.
            if atTarget {
                if byte == UInt8(ascii: ",") {
                    guard awaitingSeparator else { throw unexpected(byte, expected: .value) }
                    awaitingSeparator = false
                    afterComma = true
                    return nil
                }
                if byte == UInt8(ascii: "]") {
                    guard awaitingSeparator || !afterComma else { throw unexpected(byte, expected: .value) }
                    targetClosed = true
                    skeleton.append(byte)
                    containers.removeLast()
                    expectsKey.removeLast()
                    lastKey.removeLast()
                    elementIndex.removeLast()
                    return nil
                }
                guard !awaitingSeparator else { throw unexpected(byte, expected: .commaOrArrayEnd) }
            }
            startValue()
            if byte == UInt8(ascii: "\"") {
                inString = true
                return nil
            }
            if byte != UInt8(ascii: "{"), byte != UInt8(ascii: "[") {
                guard !Self.isDelimiter(byte) else { throw unexpected(byte, expected: .value) }
                inBareScalar = true
                return nil
            }
        }
        if outside { skeleton.append(byte) }
        switch byte {
        case UInt8(ascii: "\""):
            inString = true
            if readsPathKey { keyBytes = [] }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard containers.count < maxDepth else {
                throw error(.tooDeep(limit: maxDepth))
            }
            let isObject = byte == UInt8(ascii: "{")
            // The container at index `depth` is on the path when its parent is and it is the member
            // or element the parent's segment names (the root always is).
            let depth = containers.count
            var onPath = false
            if case .elements = mode, !targetOpen {
                onPath = depth == 0 || (matched == depth - 1 && depth - 1 < segments.count && matches(segment: segments[depth - 1], in: depth - 1))
            }
            containers.append(isObject)
            expectsKey.append(isObject)
            lastKey.append(nil)
            elementIndex.append(0)
            if onPath {
                matched = depth
                if depth == segments.count {
                    guard !isObject else { throw unexpected(byte, expected: .literal("[")) }
                    targetOpen = true
                    targetDepth = containers.count
                    awaitingSeparator = false
                    afterComma = false
                }
            }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            guard let isObject = containers.last, isObject == (byte == UInt8(ascii: "}")) else { throw unexpected(byte, expected: .value) }
            containers.removeLast()
            expectsKey.removeLast()
            lastKey.removeLast()
            elementIndex.removeLast()
            matched = min(matched, max(containers.count - 1, 0))
        case UInt8(ascii: ","):
            if let depth = containers.indices.last {
                if containers[depth] { expectsKey[depth] = true } else { elementIndex[depth] += 1 }
            }
        default:
            break
        }
        return nil
    }

    /// Skips a UTF-8 byte order mark at the start of the stream, as `JSONParser` does at the start
    /// of a document. Returns `false` while the bytes so far could still be the start of one.
    @inlinable package mutating func skipByteOrderMark(atEnd: Bool) -> Bool {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let available = min(buffer.count, mark.count)
        if buffer.prefix(available).elementsEqual(mark.prefix(available)) {
            if available < mark.count && !atEnd { return false }
            if available == mark.count {
                cursor = mark.count
                placeIndex = mark.count
            }
        }
        checkedByteOrderMark = true
        return true
    }

    private var isDocuments: Bool {
        if case .documents = mode { return true }
        return false
    }

    /// Whether the value about to open in the container at index `parent` is the one `segment`
    /// names: the member with that key, or the element with that index.
    private func matches(segment: String, in parent: Int) -> Bool {
        if containers[parent] { return lastKey[parent].map { $0.elementsEqual(segment.utf8) } ?? false }
        return Int(segment) == elementIndex[parent]
    }

    private mutating func startValue() {
        valueStart = cursor
        valueOffset = base + cursor
        (valueLine, valueColumn) = place(at: cursor)
    }

    private mutating func endValue(at end: Int) throws(JSONSyntaxError) -> FramedValue? {
        guard let start = valueStart else { return nil }
        if !isDocuments { awaitingSeparator = true }
        afterComma = false
        return try take(from: start, to: end)
    }

    /// The error for the value in progress when it is longer than `maxValueBytes`, at its start.
    private var valueTooLong: JSONSyntaxError {
        JSONSyntaxError(.tooLong(limit: maxValueBytes), offset: valueOffset, line: valueLine, column: valueColumn)
    }

    /// The value from `start` to `end`, refused when longer than `maxValueBytes`.
    @usableFromInline package mutating func take(from start: Int, to end: Int) throws(JSONSyntaxError) -> FramedValue {
        guard end - start <= maxValueBytes else { throw valueTooLong }
        valueStart = nil
        return FramedValue(bytes: Array(buffer[start..<end]), offset: valueOffset, line: valueLine, column: valueColumn, depth: targetDepth)
    }

    /// Drops the bytes no value needs any more.
    private mutating func compact() {
        let keep = valueStart ?? cursor
        guard keep > 0, keep >= buffer.count / 2 || keep == buffer.count else { return }
        _ = place(at: keep)
        placeIndex -= keep
        buffer.removeSubrange(0..<keep)
        base += keep
        cursor -= keep
        if valueStart != nil { valueStart = 0 }
    }

    private mutating func unexpected(_ byte: UInt8, expected: JSONSyntaxError.Expectation) -> JSONSyntaxError {
        error(.unexpected(.byte(byte), expected: expected))
    }

    /// The error `reason` at `cursor`, placed in the stream.
    @inlinable package mutating func error(_ reason: JSONSyntaxError.Reason) -> JSONSyntaxError {
        let place = place(at: cursor)
        return JSONSyntaxError(reason, offset: base + cursor, line: place.line, column: place.column)
    }

    /// Bytes that end a bare scalar.
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x0A, 0x0D, 0x09, 0x1E, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ":"),
             UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""):
            true
        default:
            false
        }
    }
}
