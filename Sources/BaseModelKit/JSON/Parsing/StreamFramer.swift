/// Finds the values a stream of bytes delivers, as the bytes arrive: the elements of the array at a
/// designated path, or whole documents one after another (JSON Lines, RFC 7464 sequences,
/// concatenated documents). It keeps only the bytes of the value it is in the middle of, so memory
/// is bounded by the largest value plus the bytes not yet scanned.
///
/// It does not parse the values: it follows strings, escapes and brackets far enough to know where a
/// value ends, and hands its bytes to a parser (which checks them fully). Around the array it keeps
/// the document's other bytes (the skeleton, with the array emptied) and checks them as a document
/// once the stream ends; between elements it checks the commas.
struct StreamFramer {
    enum Mode {
        /// The elements of the array at these designated-path segments (none: the top-level array).
        case elements([String])
        /// Top-level values one after another, separated by whitespace or RS (0x1E).
        case documents
    }

    /// One value found: its bytes, and where it started in the stream.
    struct FramedValue {
        let bytes: [UInt8]
        let offset: Int
        let line: Int
        let column: Int
        /// The depth of the value's container (0 for a document): the value may nest only
        /// `maxDepth - depth` further.
        let depth: Int
    }

    let mode: Mode
    private let segments: [String]
    private let maxDepth: Int

    /// Bytes received and not yet dropped; `buffer[0]` is stream offset `base`.
    private var buffer: [UInt8] = []
    private var base = 0
    /// The next byte to scan, as an index into `buffer`.
    private var cursor = 0
    /// Where the stream's place counters stand at `cursor`.
    private var line = 1
    private var column = 1

    /// The open containers: `true` for an object.
    private var containers: [Bool] = []
    private var inString = false
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
    private var targetDepth = 0
    private(set) var targetOpen = false
    private(set) var targetClosed = false
    /// The value being framed: its start in `buffer` and where that is in the stream.
    private var valueStart: Int?
    private var valueOffset = 0
    private var valueLine = 1
    private var valueColumn = 1
    /// Whether the value is a scalar not in quotes (it ends at a delimiter).
    private var inBareScalar = false
    /// Whether the byte just scanned ended a bare scalar and is to be scanned again.
    private var rescans = false
    /// Whether a value has ended and its separator is not seen yet (elements mode), and whether a
    /// value is allowed next.
    private var awaitingSeparator = false
    private var afterComma = false
    /// The document outside the target array, with the array emptied.
    private(set) var skeleton: [UInt8] = []
    /// Whether the stream's first bytes have been checked for a UTF-8 byte order mark.
    private var checkedByteOrderMark = false

    init(mode: Mode, maxDepth: Int) {
        self.mode = mode
        if case .elements(let segments) = mode { self.segments = segments } else { segments = [] }
        self.maxDepth = maxDepth
    }

    /// Adds bytes that arrived.
    mutating func append<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete value among the bytes appended so far, or `nil` when more bytes are needed.
    mutating func next() throws(JSONSyntaxError) -> FramedValue? {
        if !checkedByteOrderMark, !skipByteOrderMark(atEnd: false) { return nil }
        while cursor < buffer.count {
            // Runs of bytes that change nothing but the place — a string's body, and inside a value
            // the bytes of numbers and literals — are passed in one loop each.
            if inString, !escaped {
                passStringBody()
                if cursor == buffer.count { break }
            } else if !inString, !inBareScalar, valueStart != nil, containers.count > targetDepth {
                passOrdinaryBytes()
                if cursor == buffer.count { break }
            }
            let byte = buffer[cursor]
            let value = try scan(byte)
            // Past the byte, unless it ended a bare value and is to be scanned again.
            if rescans {
                rescans = false
            } else {
                cursor += 1
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0b1100_0000 != 0b1000_0000 {
                    column += 1
                }
            }
            if let value { return value }
        }
        compact()
        return nil
    }

    /// Moves `cursor` over the body of the string it is in, up to its closing quote, a backslash,
    /// a control character or the end of the bytes, as `scan` would one byte at a time: the bytes go
    /// to the skeleton outside the target's elements, and to the key being read where a path segment
    /// may need it.
    private mutating func passStringBody() {
        let start = cursor
        var index = cursor
        var columns = 0
        // Sound: `buffer` is this framer's own array, not changed in the loop; indices stay below
        // its count.
        buffer.withUnsafeBufferPointer { bytes in
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                if byte & 0b1100_0000 != 0b1000_0000 { columns += 1 }
                index += 1
            }
        }
        guard index > start else { return }
        if isOutsideElements { skeleton.append(contentsOf: buffer[start..<index]) }
        if readsPathKey { keyBytes.append(contentsOf: buffer[start..<index]) }
        column += columns
        cursor = index
    }

    /// Inside a value, below the target's depth and outside strings: moves `cursor` over bytes that
    /// are neither structure, quotes nor line feeds (a number's digits, a literal's letters, spaces),
    /// which `scan` would pass without a change but to the column.
    private mutating func passOrdinaryBytes() {
        var index = cursor
        var columns = 0
        // Sound: as in `passStringBody`.
        buffer.withUnsafeBufferPointer { bytes in
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), 0x0A:
                    return
                case let byte where byte & 0b1100_0000 == 0b1000_0000:
                    index += 1
                default:
                    columns += 1
                    index += 1
                }
            }
        }
        column += columns
        cursor = index
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
    mutating func finish() throws(JSONSyntaxError) -> FramedValue? {
        if !checkedByteOrderMark {
            // Fewer bytes than a mark arrived, all of them a mark's first: scanned as what they are.
            _ = skipByteOrderMark(atEnd: true)
            if let value = try next() { return value }
        }
        if inBareScalar, let start = valueStart, containers.isEmpty {
            inBareScalar = false
            return take(from: start, to: cursor)
        }
        if valueStart != nil || inString || !containers.isEmpty {
            throw JSONSyntaxError(.unexpected(.endOfInput, expected: .value), offset: base + cursor, line: line, column: column)
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
            return endValue(at: cursor)
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
                    return endValue(at: cursor + 1)
                }
            } else if readsPathKey {
                keyBytes.append(byte)
            }
            return nil
        }
        if inBareScalar { return nil }
        if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || (byte == 0x1E && isDocuments && containers.isEmpty) {
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
                throw JSONSyntaxError(.tooDeep(limit: maxDepth), offset: base + cursor, line: line, column: column)
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
            if inValue, containers.count == targetDepth { return endValue(at: cursor + 1) }
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
    private mutating func skipByteOrderMark(atEnd: Bool) -> Bool {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let available = min(buffer.count, mark.count)
        if buffer.prefix(available).elementsEqual(mark.prefix(available)) {
            if available < mark.count && !atEnd { return false }
            if available == mark.count { cursor = mark.count }
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
        valueLine = line
        valueColumn = column
    }

    private mutating func endValue(at end: Int) -> FramedValue? {
        guard let start = valueStart else { return nil }
        if !isDocuments { awaitingSeparator = true }
        afterComma = false
        return take(from: start, to: end)
    }

    private mutating func take(from start: Int, to end: Int) -> FramedValue {
        valueStart = nil
        return FramedValue(bytes: Array(buffer[start..<end]), offset: valueOffset, line: valueLine, column: valueColumn, depth: targetDepth)
    }

    /// Drops the bytes no value needs any more.
    private mutating func compact() {
        let keep = valueStart ?? cursor
        guard keep > 0, keep >= buffer.count / 2 || keep == buffer.count else { return }
        buffer.removeSubrange(0..<keep)
        base += keep
        cursor -= keep
        if valueStart != nil { valueStart = 0 }
    }

    private func unexpected(_ byte: UInt8, expected: JSONSyntaxError.Expectation) -> JSONSyntaxError {
        JSONSyntaxError(.unexpected(.byte(byte), expected: expected), offset: base + cursor, line: line, column: column)
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
