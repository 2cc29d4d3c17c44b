/// Primitives for reading JSON straight into typed storage, without building `JSON` values.
extension JSONParser {
    /// A key as read: its raw bytes when it has no escapes and is ASCII (the common case, compared as
    /// bytes), or the decoded string otherwise.
    @usableFromInline package enum Key: Sendable {
        case raw(start: Int, end: Int)
        case decoded(String)
    }

    /// The range of the contents of the string at the current position (after whitespace) when it has
    /// no escapes, without reading it; `nil` when the next value is not such a string or is malformed
    /// (reading it properly then reports the error). Contents that are not ASCII are checked to be
    /// UTF-8 here: a reader of the range may make its value with `String(decoding:as:)`, which would
    /// replace a bad byte where every other reader refuses it.
    @inlinable package mutating func plainStringContents() -> Range<Int>? {
        guard peekToken() == UInt8(ascii: "\""), let (end, highBits) = try? scanUnescapedRun(from: position + 1),
              bytes[end] == UInt8(ascii: "\"") else { return nil }
        if highBits >= 0x80, UTF8Validation.firstInvalidOffset(in: bytes, from: position + 1, to: end) != nil { return nil }
        return (position + 1)..<end
    }

    /// Reads a plain integer of at most 18 digits (no fraction, no exponent) at the current position;
    /// `nil`, reading nothing, for any other number or token, which `readNumber` then reads and checks.
    @inline(__always)
    @inlinable package mutating func readPlainInteger() -> Int64? {
        guard let (value, end) = ByteScanning.plainInteger(in: bytes, from: position) else { return nil }
        position = end
        return value
    }

    /// Reads `"key"` and the `:` after it without making a string when it need not. (The compact form
    /// is inlined into the member loops; anything else takes the call.)
    @inline(__always)
    @inlinable package mutating func readStreamingKey() throws(JSONSyntaxError) -> Key {
        if let end = ByteScanning.compactKey(in: bytes, at: position) {
            let start = position + 1
            position = end + 2
            return .raw(start: start, end: end)
        }
        return try readSpacedOrEscapedKey()
    }

    /// `readStreamingKey`, as a string: for readers that keep the key (dictionaries, key checks).
    @inlinable package mutating func readStreamingKeyText() throws(JSONSyntaxError) -> String {
        switch try readStreamingKey() {
        case .raw(let start, let end): return String(decoding: bytes[start..<end], as: UTF8.self)
        case .decoded(let key): return key
        }
    }

    /// `readStreamingKey` for keys with whitespace around them, escapes or non-ASCII bytes.
    @inline(never)
    @inlinable package mutating func readSpacedOrEscapedKey() throws(JSONSyntaxError) -> Key {
        skipWhitespace()
        guard bytes.byte(at: position) == UInt8(ascii: "\"") else { throw unexpected(.key) }
        let start = position + 1
        let key: Key
        if let (end, _) = ByteScanning.plainKey(in: bytes, from: start, maximumLength: bytes.count - start) {
            key = .raw(start: start, end: end)
            position = end + 1
        } else {
            // Escapes, non-ASCII and errors: the full string reader decodes and checks them.
            key = .decoded(try readString())
        }
        skipWhitespace()
        guard bytes.byte(at: position) == UInt8(ascii: ":") else { throw unexpected(.colon) }
        position += 1
        return key
    }

    /// The byte at the current position after whitespace, or `nil` at the end of input. (Inlined: it
    /// is called before almost every value, and the call cost more than its body.)
    @inline(__always)
    @inlinable package mutating func peekToken() -> UInt8? {
        skipWhitespace()
        return bytes.byte(at: position)
    }

    /// Enters an array or object at the current depth, refusing to go deeper than `maxDepth`.
    @inlinable package mutating func enterContainer() throws(JSONSyntaxError) {
        guard depth < maxDepth else { throw error(.tooDeep(limit: maxDepth), at: position) }
        depth += 1
        position += 1
    }

    /// After a member or element: consumes a `,` (returning `true`) or the closing bracket (returning
    /// `false` and leaving the container).
    @inline(__always)
    @inlinable package mutating func nextMember(closing: UInt8) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard let byte = bytes.byte(at: position) else { throw unexpected(closing == UInt8(ascii: "}") ? .commaOrObjectEnd : .commaOrArrayEnd) }
        if byte == UInt8(ascii: ",") {
            position += 1
            return true
        }
        guard byte == closing else { throw unexpected(closing == UInt8(ascii: "}") ? .commaOrObjectEnd : .commaOrArrayEnd) }
        position += 1
        depth -= 1
        return false
    }

    /// Whether the container just entered is empty; consumes its closing bracket if so.
    @inlinable package mutating func closesImmediately(_ closing: UInt8) -> Bool {
        skipWhitespace()
        if bytes.byte(at: position) == closing {
            position += 1
            depth -= 1
            return true
        }
        return false
    }

    /// In an object just entered: reads every member, checking and skipping the values, and returns
    /// where the value of the last member named `key` starts (the last wins when a key repeats, as in
    /// a full read), with the depth to go back to it; `nil` when no member has that key. The parser is
    /// left after the object either way.
    @inlinable package mutating func lastMemberValue(named key: String) throws(JSONSyntaxError) -> (position: Int, depth: Int)? {
        try lastMemberValue(named: key, bytes: Array(key.utf8))
    }

    /// `lastMemberValue(named:)` for a caller that has the key's UTF-8 bytes (`wanted`) at hand.
    @inlinable package mutating func lastMemberValue(named key: String, bytes wanted: [UInt8]) throws(JSONSyntaxError) -> (position: Int, depth: Int)? {
        if closesImmediately(UInt8(ascii: "}")) { return nil }
        var found: (position: Int, depth: Int)?
        repeat {
            let matches: Bool
            switch try readStreamingKey() {
            case .raw(let keyStart, let keyEnd):
                matches = ByteScanning.equal(bytes, from: keyStart, to: keyEnd, wanted)
            case .decoded(let decoded):
                matches = JSONObject.isSameKey(decoded, key)
            }
            if matches {
                skipWhitespace()
                found = (position, depth)
            }
            try skipValue()
        } while try nextMember(closing: UInt8(ascii: "}"))
        return found
    }

    /// Walks the members of the compact object at `open` (`{"k":v,…}`, as minified JSON writes
    /// one), handing `body` each one's key, between `keyStart` and `keyEnd`, and value, from `value`
    /// to `end` (the `,` or `}` after it); `body` returns `false` to give up. Values are passed by
    /// matching brackets, unchecked. Returns where the object ends (after its `}`); `nil` for an
    /// object that is not compact (spaces, escaped or non-ASCII keys, an empty value), or when `body`
    /// gave up.
    @inline(__always)
    @inlinable package static func forEachCompactMember(in bytes: DocumentBytes, object open: Int,
                                     _ body: (_ keyStart: Int, _ keyEnd: Int, _ value: Int, _ end: Int) -> Bool) -> Int? {
        guard bytes.byte(at: open) == UInt8(ascii: "{") else { return nil }
        var member = open + 1
        if bytes.byte(at: member) == UInt8(ascii: "}") { return member + 1 }
        while true {
            guard let keyEnd = ByteScanning.compactKey(in: bytes, at: member) else { return nil }
            let value = keyEnd + 2
            guard let end = ByteScanning.endOfMemberValue(in: bytes, from: value), end > value, body(member + 1, keyEnd, value, end) else { return nil }
            if bytes.byte(at: end) == UInt8(ascii: "}") { return end + 1 }
            guard bytes.byte(at: end) == UInt8(ascii: ",") else { return nil }
            member = end + 1
        }
    }

    /// Where the value of the last member named `key` starts, in the compact object at `open`;
    /// `.some(nil)` when no member has the key, `nil` — read it with the parser — for an object that
    /// is not compact (see `forEachCompactMember`). For bytes a reader has checked already.
    @inlinable package static func compactMemberValue(named key: [UInt8], in bytes: DocumentBytes, object open: Int) -> Int?? {
        var found: Int?
        let end = forEachCompactMember(in: bytes, object: open) { keyStart, keyEnd, value, _ in
            if keyEnd - keyStart == key.count, ByteScanning.equal(bytes, from: keyStart, to: keyEnd, key) { found = value }
            return true
        }
        return end == nil ? nil : .some(found)
    }

    /// The value of the last member named `key` of the object at the parser's position (a `{`), read
    /// as a tree; `nil` when the object has no such member. The other values are checked and skipped.
    @inlinable package mutating func memberValue(named key: String) throws(JSONSyntaxError) -> JSON? {
        try enterContainer()
        guard let found = try lastMemberValue(named: key) else { return nil }
        position = found.position
        depth = found.depth
        return try readValue()
    }

    /// Moves past the value `passableValue` marks, at which the parser stands, and clears the mark:
    /// the value was checked when it was marked.
    @inline(__always)
    @inlinable package mutating func passValue() {
        if let value = passableValue { position = value.upperBound }
        passableValue = nil
    }

    /// Checks and skips one value of any kind without building it (unknown keys).
    @inlinable package mutating func skipValue() throws(JSONSyntaxError) {
        let outerDepth = depth
        var openIsObject: [Bool] = []
        repeat {
            guard let byte = peekToken() else { throw unexpected(.value) }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                try enterContainer()
                if !closesImmediately(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    openIsObject.append(isObject)
                    if isObject { _ = try readStreamingKey() }
                    continue
                }
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try skipNumber()
            case UInt8(ascii: "t"):
                try readLiteral(.true)
            case UInt8(ascii: "f"):
                try readLiteral(.false)
            case UInt8(ascii: "n"):
                try readLiteral(.null)
            default:
                throw unexpected(.value)
            }
            // A value is complete: close containers until one has a next member.
            while let isObject = openIsObject.last {
                if try nextMember(closing: isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    if isObject { _ = try readStreamingKey() }
                    break
                }
                openIsObject.removeLast()
            }
        } while depth > outerDepth
    }

    /// Checks and skips a string.
    @inlinable package mutating func skipString() throws(JSONSyntaxError) {
        let start = position + 1
        let (end, highBits) = try scanUnescapedRun(from: start)
        if bytes[end] == UInt8(ascii: "\\") {
            _ = try readString()
            return
        }
        if highBits >= 0x80, let bad = UTF8Validation.firstInvalidOffset(in: bytes, from: start, to: end) {
            throw error(.invalidUTF8(bytes[bad]), at: bad)
        }
        position = end + 1
    }
}

extension JSONParser {

    /// Reads the number at the current position as the nearest `Double`, or `nil` when its magnitude
    /// is too large for one. Numbers of at most 15 significant digits with a small exponent take the
    /// exact fast path (one multiplication or division by an exact power of ten, correctly rounded
    /// because both operands are exact); those of up to 19 digits with at most 22 after the point
    /// `DecimalRounding`; every other number goes through the standard library's correctly rounded
    /// conversion of its text.
    @inlinable package mutating func readDouble() throws(JSONSyntaxError) -> Double? {
        let start = position
        var index = position
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var scale = 0
        var exact = true
        // Integer part.
        guard index < bytes.count else { throw unexpected(.digit, at: index) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            let digitsStart = index
            // Wrapping steps in the digit loops: `index` stays below the document's count, the
            // counts at most 19, `scale` at least minus the document's count.
            while let digit = bytes.digit(at: index) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits &+= 1
                } else {
                    exact = false
                }
                index &+= 1
            }
            guard index > digitsStart else { throw unexpected(.digit, at: index) }
        }
        // Fraction.
        if bytes.byte(at: index) == UInt8(ascii: ".") {
            index += 1
            let digitsStart = index
            while let digit = bytes.digit(at: index) {
                if significantDigits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    if mantissa != 0 { significantDigits &+= 1 }
                    scale &-= 1
                } else {
                    exact = false
                }
                index &+= 1
            }
            guard index > digitsStart else { throw unexpected(.digit, at: index) }
        }
        // Exponent.
        if let marker = bytes.byte(at: index), marker | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentIsNegative = false
            if let sign = bytes.byte(at: index), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                exponentIsNegative = sign == UInt8(ascii: "-")
                index += 1
            }
            let digitsStart = index
            var exponent = 0
            while let digit = bytes.digit(at: index) {
                if exponent < 100_000 { exponent = exponent * 10 + Int(digit) }
                index += 1
            }
            guard index > digitsStart else { throw unexpected(.digit, at: index) }
            scale += exponentIsNegative ? -exponent : exponent
        }
        position = index
        if exact, significantDigits <= 15, scale >= -PowersOfTen.largestExact, scale <= PowersOfTen.largestExact {
            let value = Double(mantissa)
            let result = scale >= 0 ? value * PowersOfTen.exact(scale) : value / PowersOfTen.exact(-scale)
            return isNegative ? -result : result
        }
        if exact, scale <= 0, let value = DecimalRounding.nearest(significand: mantissa, negativePowerOfTen: -scale) {
            return isNegative ? -value : value
        }
        let text = ByteScanning.string(in: bytes, from: start, to: index)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
