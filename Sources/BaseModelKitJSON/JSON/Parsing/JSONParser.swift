/// Reads UTF-8 JSON text byte by byte, strictly by RFC 8259.
///
/// The scanning primitives (`skipWhitespace`, `readString`, `readNumber`, `readLiteral`) are shared by
/// the tree builder below and by code that reads JSON straight into typed storage. Nesting is tracked on
/// explicit stacks, never the call stack, so no input can overflow the stack.
@usableFromInline package struct JSONParser {
    /// The document: lent by the caller for the call, until something that may outlive the call
    /// needs its bytes (`keepBytes()`), then a copy.
    @usableFromInline package private(set) var bytes: DocumentBytes
    @usableFromInline package var position: Int
    @usableFromInline package let maxDepth: Int
    /// Arrays and objects entered and not yet left by streaming reads (`enterContainer`); trees read
    /// with `readValue` count from here.
    @usableFromInline package var depth = 0
    /// Reused for strings that contain escapes.
    @usableFromInline package var scratch: [UInt8] = []
    /// Keys already read from this document.
    @usableFromInline package var keyCache: KeyCache
    /// Reused to find repeated keys in objects.
    @usableFromInline package var keyTable = RepeatedKeyFinder()
    /// The stack limit of the thread reading the document (see `StackGuard.Limit`), found when model
    /// decoding first asks (`stackAllowsDeeper`): a document is read on one thread.
    @usableFromInline package var stackLimit: StackGuard.Limit?
    @usableFromInline package var foundStackLimit = false
    /// Where a value starts and ends that the next object's member loop may pass over unread: set by
    /// a layer that knows the value is already held where it would be written (a merge by identity,
    /// for the identity of the element it merges into), and cleared after that object.
    @usableFromInline package var passableValue: Range<Int>?
    /// What the member loops of objects at one depth pass over, for a reader that asked
    /// (`SkippedMembers`).
    @usableFromInline package var skipped = SkippedMembers()
    /// `plainTailStart()` once found (-1 before).
    @usableFromInline package var foundPlainTail = -1
    /// A deferred object over this document that its reader let go and nothing else holds, kept to be
    /// made again at the next object instead of a new one (`DeferredObject.reuse(at:readerContext:)`).
    @usableFromInline package var spareDeferredObject: DeferredObject?

    /// Notes a member that a member loop passes over, when its object is at the depth whose members
    /// are noted (`skipped`): `key` as read, its value next.
    @inline(__always)
    @inlinable package mutating func noteSkipped(_ key: Key) {
        if skipped.depth == depth { skipped.note(key, value: position) }
    }

    /// Where the document's tail that holds no `\` and no `$` starts: from there on no key is
    /// escaped and none starts with `$`, as the engine's reserved keys do (a partial collection's
    /// `"$remove"`). Found at the first ask, once per document (`ByteScanning.plainTailStart`).
    @inlinable package mutating func plainTailStart() -> Int {
        if foundPlainTail < 0 { foundPlainTail = ByteScanning.plainTailStart(in: bytes) }
        return foundPlainTail
    }

    /// Whether the stack has room for another level of models. (Plain stored properties: a `lazy`
    /// one's getter was not inlined and copied the parser on every object.)
    @inline(__always)
    @inlinable package mutating func stackAllowsDeeper() -> Bool {
        if !foundStackLimit {
            stackLimit = StackGuard.currentLimit()
            foundStackLimit = true
        }
        return stackLimit?.allowsDeeper() ?? true
    }

    /// A parser positioned at the start of the document, past a UTF-8 byte order mark if there is one.
    /// Throws when the bytes are recognisably UTF-16 or UTF-32.
    @inlinable package init(bytes: DocumentBytes, maxDepth: Int) throws(JSONSyntaxError) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.position = 0
        self.keyCache = KeyCache(inputLength: bytes.count)
        if let encoding = JSONParser.foreignEncoding(of: bytes) {
            throw JSONSyntaxError(.notUTF8(encoding: encoding), at: 0, in: bytes)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            position = 3
        }
    }

    /// A parser at `position` in bytes that a parser has read before (a deferred object's document):
    /// their encoding was checked then, and is not again.
    @inlinable package init(resuming bytes: DocumentBytes, at position: Int, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.position = position
        self.keyCache = KeyCache(inputLength: 0)
    }

    /// Names the encoding of text that starts like UTF-16 or UTF-32 (by byte order mark, or by the zero
    /// bytes that an ASCII first character leaves); `nil` for anything else.
    @inlinable package static func foreignEncoding(of bytes: DocumentBytes) -> String? {
        // The usual case first: an ASCII first byte and a second byte that is not zero start no
        // byte order mark and none of the zero patterns below.
        if bytes.count >= 2, bytes[0] != 0, bytes[0] < 0x80, bytes[1] != 0 { return nil }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0xFE, bytes[3] == 0xFF { return "UTF-32 (big-endian)" }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xFE, bytes[2] == 0, bytes[3] == 0 { return "UTF-32 (little-endian)" }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF { return "UTF-16 (big-endian)" }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE { return "UTF-16 (little-endian)" }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0, bytes[3] != 0 { return "UTF-32 (big-endian)" }
        if bytes.count >= 4, bytes[0] != 0, bytes[1] == 0, bytes[2] == 0, bytes[3] == 0 { return "UTF-32 (little-endian)" }
        if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 { return "UTF-16 (big-endian)" }
        if bytes.count >= 2, bytes[0] != 0, bytes[0] < 0x80, bytes[1] == 0 { return "UTF-16 (little-endian)" }
        return nil
    }

    /// Makes the bytes a copy, if they are lent, for an object that may outlive the call
    /// (`DeferredObject`); the parser goes on reading the copy, at the same offsets.
    @inlinable package mutating func keepBytes() {
        if !bytes.isCopy { bytes = bytes.copyingIfLent() }
    }

    // MARK: Errors

    @inlinable package func error(_ reason: JSONSyntaxError.Reason, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(reason, at: offset, in: bytes)
    }

    /// The error for what stands at the current position when `expected` was required there.
    @inlinable package func unexpected(_ expected: JSONSyntaxError.Expectation) -> JSONSyntaxError {
        unexpected(expected, at: position)
    }

    @inlinable package func unexpected(_ expected: JSONSyntaxError.Expectation, at offset: Int) -> JSONSyntaxError {
        error(.unexpected(found(at: offset), expected: expected), at: offset)
    }

    /// What stands at `offset`, decoded as a whole scalar when it is valid UTF-8.
    @inlinable package func found(at offset: Int) -> JSONSyntaxError.Found {
        guard offset < bytes.count else { return .endOfInput }
        let byte = bytes[offset]
        if byte >= 0x80, UTF8Validation.firstInvalidOffset(in: bytes, from: offset, to: min(bytes.count, offset + 4), stopAfterFirstScalar: true) == nil {
            let end = offset + UTF8Validation.sequenceLength(lead: byte)
            if let scalar = String(validating: bytes[offset..<end], as: UTF8.self)?.unicodeScalars.first {
                return .scalar(scalar)
            }
        }
        return .byte(byte)
    }

    // MARK: Scanning

    /// Skips spaces, tabs, line feeds and carriage returns.
    @inline(__always)
    @inlinable package mutating func skipWhitespace() {
        // Most tokens follow one another directly: test the first byte before looping.
        guard let byte = bytes.byte(at: position), byte <= 0x20 else { return }
        position = ByteScanning.skippingWhitespace(in: bytes, from: position)
    }

    /// Throws unless only whitespace remains.
    @inlinable package mutating func expectEndOfInput() throws(JSONSyntaxError) {
        skipWhitespace()
        if position != bytes.count {
            throw unexpected(.endOfInput)
        }
    }

    /// Reads the string that starts at the current position (a `"`), leaving the position after its
    /// closing quote.
    @inlinable package mutating func readString() throws(JSONSyntaxError) -> String {
        let start = position + 1
        let (end, highBits) = try scanUnescapedRun(from: start)
        if bytes[end] == UInt8(ascii: "\\") {
            return try readEscapedString(start: start, firstEscape: end)
        }
        position = end + 1
        if highBits < 0x80 {
            return ByteScanning.string(in: bytes, from: start, to: end)
        }
        return try makeString(from: bytes[start..<end], rawStart: start, rawEnd: end)
    }

    /// Scans string bytes from `start` to the first quote or backslash, returning where it stopped and
    /// `highBits`, at least 0x80 when a byte before it is not ASCII (see `ByteScanning.stringRun`).
    /// Throws at a control character or at the end of input. (`mutating` though it changes nothing:
    /// called on the caller's parser in place, where a non-mutating call copied the whole parser per
    /// string.)
    @inline(__always)
    @inlinable package mutating func scanUnescapedRun(from start: Int) throws(JSONSyntaxError) -> (end: Int, highBits: UInt8) {
        let run = ByteScanning.stringRun(in: bytes, from: start)
        guard run.end < bytes.count else { throw unexpected(.closingQuote, at: bytes.count) }
        let byte = bytes[run.end]
        if byte < 0x20 { throw error(.controlCharacter(byte), at: run.end) }
        return run
    }

    /// Makes a string from bytes that must be valid UTF-8; on failure reports the first bad byte of
    /// the raw input range they came from.
    // Sound: `utf8` is lent for the call (the document's bytes, or the scratch buffer's) and copied.
    // Out of line: inlined into the parser's value loop, it tipped the optimiser into calling the
    // array code it had inlined before.
    @inline(never)
    @inlinable package func makeString(from utf8: UnsafeBufferPointer<UInt8>, rawStart: Int, rawEnd: Int) throws(JSONSyntaxError) -> String {
        // A short string is checked here and then made: the standard library's validating initialiser
        // runs unspecialised, with two generic-metadata lookups per string. A long one goes to it: its
        // check is faster per byte than this byte-by-byte one (twitter.json's tweets decode faster
        // so).
        if utf8.count <= 32 {
            if UTF8Validation.firstInvalidOffset(in: utf8) == nil {
                return String(decoding: utf8, as: UTF8.self)
            }
        } else if let string = String(validating: utf8, as: UTF8.self) {
            return string
        }
        let bad = UTF8Validation.firstInvalidOffset(in: bytes, from: rawStart, to: rawEnd) ?? rawStart
        throw error(.invalidUTF8(bytes[bad]), at: bad)
    }

    @inlinable package mutating func readEscapedString(start: Int, firstEscape: Int) throws(JSONSyntaxError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start..<firstEscape])
        var index = firstEscape
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                position = index + 1
                let end = index
                // Sound: the scratch buffer is lent for the call only.
                return try scratch.withUnsafeBufferPointer { (text) throws(JSONSyntaxError) in try makeString(from: text, rawStart: start, rawEnd: end) }
            case UInt8(ascii: "\\"):
                index = try readEscape(at: index)
            case 0..<0x20:
                throw error(.controlCharacter(byte), at: index)
            default:
                // Copy the run up to the next quote, backslash or control byte in one append.
                let runStart = index
                index += 1
                while index < bytes.count {
                    let next = bytes[index]
                    if next == UInt8(ascii: "\"") || next == UInt8(ascii: "\\") || next < 0x20 { break }
                    index += 1
                }
                scratch.append(contentsOf: bytes[runStart..<index])
            }
        }
        throw unexpected(.closingQuote, at: bytes.count)
    }

    /// Decodes the escape whose backslash is at `index` into `scratch`; returns the index after it.
    @inlinable package mutating func readEscape(at index: Int) throws(JSONSyntaxError) -> Int {
        let next = index + 1
        guard next < bytes.count else { throw unexpected(.closingQuote, at: next) }
        let replacement: UInt8
        switch bytes[next] {
        case UInt8(ascii: "\""): replacement = 0x22
        case UInt8(ascii: "\\"): replacement = 0x5C
        case UInt8(ascii: "/"): replacement = 0x2F
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            return try readUnicodeEscape(at: index)
        default:
            throw error(.invalidEscape(found(at: next)), at: index)
        }
        scratch.append(replacement)
        return next + 1
    }

    /// Decodes `\uXXXX` (and the low half that must follow a high surrogate) at `index`.
    @inlinable package mutating func readUnicodeEscape(at index: Int) throws(JSONSyntaxError) -> Int {
        let unit = try readHex4(at: index + 2)
        var end = index + 6
        let scalarValue: UInt32
        switch unit {
        case 0xD800...0xDBFF:
            guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\\"), bytes[end + 1] == UInt8(ascii: "u") else {
                throw error(.unpairedSurrogate(unit), at: index)
            }
            let low = try readHex4(at: end + 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(.unpairedSurrogate(unit), at: index)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            end += 6
        case 0xDC00...0xDFFF:
            throw error(.unpairedSurrogate(unit), at: index)
        default:
            scalarValue = UInt32(unit)
        }
        // Every value built above is a valid scalar: surrogates were excluded or combined.
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        scratch.append(contentsOf: UTF8.encode(scalar)!)
        return end
    }

    @inlinable package func readHex4(at index: Int) throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for offset in index..<(index + 4) {
            guard offset < bytes.count else { throw unexpected(.hexDigit, at: offset) }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected(.hexDigit, at: offset)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Reads the number that starts at the current position, checking JSON's grammar. Integers of up to
    /// 18 digits are kept as `Int64`; every other number keeps its exact text, packed as it is read
    /// when it has up to 31 characters.
    @usableFromInline package mutating func readNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = position
        var index = position
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard index < bytes.count else { throw unexpected(.digit, at: index) }
        var magnitude: Int64 = 0
        let digitsStart = index
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if index - digitsStart < 18 {
                    magnitude = magnitude &* 10 &+ Int64(digit)
                }
                index += 1
            }
            guard index > digitsStart else { throw unexpected(.digit, at: index) }
        }
        let marker = bytes.byte(at: index)
        if marker != UInt8(ascii: "."), marker.map({ $0 | 0x20 != UInt8(ascii: "e") }) ?? true,
           index - digitsStart <= 18, !(isNegative && magnitude == 0) {
            position = index
            return JSONNumber(storage: .int(isNegative ? -magnitude : magnitude))
        }
        if index &- digitsStart <= 18, let short = shortDecimal(integerPart: magnitude, digits: index &- digitsStart, from: index, isNegative: isNegative) {
            return JSONNumber(storage: .short(short))
        }
        // The text, packed in the same pass that checks the fraction's and exponent's digits (checking
        // them and then packing the text in a second pass was most of parsing canada.json).
        var text = PackedNumberText.Packer()
        if isNegative { text.append(PackedNumberText.minus) }
        if bytes[digitsStart] == UInt8(ascii: "0") {
            // A leading zero is the whole integer part (a digit after it ends the number).
            text.append(1)
        } else if index &- digitsStart <= 4 {
            // The integer part again (packing it in the loop above made every integer slower): a
            // short one digit by digit, a long one eight digits at a time.
            for offset in digitsStart..<index { text.append(UInt64(bytes[offset] &- UInt8(ascii: "0") &+ 1)) }
        } else {
            _ = bytes.readDigits(from: digitsStart, into: &text)
        }
        let tail = bytes.readFractionAndExponent(from: index, into: &text)
        guard tail.isComplete else { throw unexpected(.digit, at: tail.end) }
        index = tail.end
        position = index
        if let packed = text.packed {
            return JSONNumber(storage: .packed(packed))
        }
        return JSONNumber(storage: .text(ByteScanning.string(in: bytes, from: start, to: index)))
    }

    /// For `readNumber`, with the integer part read (its value `integerPart`, of `digits` digits) and
    /// `index` after it: the number as a `ShortDecimal`, the parser moved past it, when a fraction or
    /// nothing follows, with no exponent, and it has at most 19 digits; `nil` for any other, which
    /// `readNumber` reads again from `index`.
    @inline(__always)
    @inlinable package mutating func shortDecimal(integerPart: Int64, digits: Int, from index: Int, isNegative: Bool) -> ShortDecimal? {
        var significand = UInt64(truncatingIfNeeded: integerPart)
        var end = index
        var count = digits
        if bytes.byte(at: end) == UInt8(ascii: ".") {
            end &+= 1
            while count < 19, let digit = bytes.digit(at: end) {
                significand = significand &* 10 &+ UInt64(digit)
                count &+= 1
                end &+= 1
            }
            guard count > digits else { return nil }
        }
        // A 20th digit, an exponent, or a point with no digit after it is read by `readNumber`.
        if let next = bytes.byte(at: end), next &- UInt8(ascii: "0") < 10 || next | 0x20 == UInt8(ascii: "e") { return nil }
        position = end
        return ShortDecimal(significand: significand, fractionDigits: count &- digits, isNegative: isNegative)
    }

    /// Passes the number at the position, checking it as `readNumber` does — the same grammar, the
    /// same error at the same place — without making its value: no packed text, and no `String` for
    /// a long one (a value skipped was read in full before).
    @inlinable package mutating func skipNumber() throws(JSONSyntaxError) {
        var index = position
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard let first = bytes.byte(at: index) else { throw unexpected(.digit, at: index) }
        if first == UInt8(ascii: "0") {
            // A leading zero is the whole integer part (a digit after it ends the number).
            index += 1
        } else {
            index = try skipDigits(from: index)
        }
        if bytes.byte(at: index) == UInt8(ascii: ".") {
            index = try skipDigits(from: index + 1)
        }
        if let marker = bytes.byte(at: index), marker | 0x20 == UInt8(ascii: "e") {
            index += 1
            if let sign = bytes.byte(at: index), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            index = try skipDigits(from: index)
        }
        position = index
    }

    /// The index after the digits that start at `index`; throws when there is none. (`mutating` only
    /// so that callers lend the parser: called on it as a value, it copied the whole parser at every
    /// call.)
    @inline(__always)
    @inlinable package mutating func skipDigits(from index: Int) throws(JSONSyntaxError) -> Int {
        var end = index
        while bytes.digit(at: end) != nil { end += 1 }
        guard end > index else { throw unexpected(.digit, at: end) }
        return end
    }

    /// Reads `true`, `false` or `null` (which one the first byte told), leaving the position after it.
    @inlinable package mutating func readLiteral(_ word: JSONLiteral) throws(JSONSyntaxError) {
        let expected = word.bytes
        var index = position
        for offset in 0..<word.length {
            let byte: UInt8
            switch offset {
            case 0: byte = expected.0
            case 1: byte = expected.1
            case 2: byte = expected.2
            case 3: byte = expected.3
            default: byte = expected.4
            }
            guard bytes.byte(at: index) == byte else {
                throw unexpected(.literal(word.text), at: index)
            }
            index += 1
        }
        position = index
    }
}
