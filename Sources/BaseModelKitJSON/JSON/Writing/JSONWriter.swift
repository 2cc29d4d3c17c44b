import Foundation

/// Writes JSON text as UTF-8 bytes into a growing buffer.
///
/// The token-level methods (`writeString`, `writeNumber`, `beginObject`, `writeKey`, …) are shared by
/// `JSON.serializedData` and by code that writes models without building a `JSON` value first.
/// Output is compact unless `.prettyPrinted` is set; only `"`, `\` and control characters are escaped
/// (and `/` with `.escapingSlashes`).
@usableFromInline package struct JSONWriter: ~Copyable {
    @usableFromInline package var bytes = ByteOutput()
    /// The bytes written so far.
    @usableFromInline package var output: [UInt8] { bytes.array }
    /// The bytes written so far, copied once into a document (`output` and a copy of it made two).
    @usableFromInline package var outputDocument: DocumentBytes { bytes.document }
    /// The output as a document, which takes over the writer's memory (no copy).
    @inlinable package consuming func takenOutputDocument() -> DocumentBytes { bytes.takenDocument() }
    /// The output as `Data`, which takes over the writer's memory (no copy).
    @inlinable package consuming func outputData() -> Data { bytes.data() }
    /// The output as text.
    @usableFromInline package var outputString: String { bytes.string }
    @usableFromInline package let formatting: Formatting
    @usableFromInline package let allowsNonFiniteNumbers: Bool
    @usableFromInline package let isPretty: Bool
    @usableFromInline package let escapesSlashes: Bool
    @usableFromInline package var indentLevel = 0

    /// How the output is laid out: the public flags of the JSON layer.
    @usableFromInline package typealias Formatting = JSON.Formatting

    /// The stack limit of the writing thread, found at the first container written (see
    /// `StackGuard.Limit`).
    private lazy var stackLimit = StackGuard.currentLimit()

    @usableFromInline package init(formatting: Formatting, allowsNonFiniteNumbers: Bool = false) {
        self.formatting = formatting
        self.allowsNonFiniteNumbers = allowsNonFiniteNumbers
        self.isPretty = formatting.contains(.prettyPrinted)
        self.escapesSlashes = formatting.contains(.escapingSlashes)
    }

    // MARK: Values

    /// Writes a whole value: a scalar here, a container by `writeArrayValue(_:)` or
    /// `writeObjectValue(_:)` (whose frames a scalar then does not set up).
    @usableFromInline package mutating func write(_ value: JSON) throws(JSONWritingError) {
        switch value {
        case .null:
            writeNull()
        case .bool(let bool):
            writeBool(bool)
        case .number(let number):
            try writeNumber(number)
        case .string(let string):
            writeString(string)
        case .array(let elements):
            try writeArrayValue(elements)
        case .object(let object):
            try writeObjectValue(object)
        }
    }

    /// Writes an array; an error's path gets the element's index.
    @usableFromInline mutating func writeArrayValue(_ elements: [JSON]) throws(JSONWritingError) {
        guard stackLimit?.allowsDeeper() ?? true else { throw JSONWritingError(.stackExhausted) }
        beginArray()
        for (index, element) in elements.enumerated() {
            writeElementSeparator(isFirst: index == 0)
            do {
                try write(element)
            } catch var error {
                error.path.insert(.index(index), at: 0)
                throw error
            }
        }
        endArray(isEmpty: elements.isEmpty)
    }

    /// Writes an object: the bytes a compact writer already wrote for it as they are, when this
    /// writer may copy them, and any members added after them; else its members.
    @usableFromInline mutating func writeObjectValue(_ object: JSONObject) throws(JSONWritingError) {
        if let written = writtenBytes(of: object) {
            let start = bytes.count
            // Sound: the object's bytes are lent for the append only.
            written.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
            try writeAdditions(written.additions, toObjectFrom: start)
            return
        }
        guard stackLimit?.allowsDeeper() ?? true else { throw JSONWritingError(.stackExhausted) }
        beginObject()
        try writeMembers(orderedMembers(of: object), isFirst: true)
        endObject(isEmpty: object.isEmpty)
    }

    /// Writes `members` as an object's, after its opening brace (`isFirst`) or after other members;
    /// an error's path gets the member's key.
    @usableFromInline package mutating func writeMembers(_ members: [JSONObject.Member], isFirst: Bool) throws(JSONWritingError) {
        var isFirst = isFirst
        for member in members {
            try writeObjectMember(member, isFirst: isFirst)
            isFirst = false
        }
    }

    /// Writes `member`, after the separator `isFirst` asks for; an error's path gets its key.
    /// (Inlined into both loops: called, it copied each member it was given.)
    @inline(__always)
    @usableFromInline mutating func writeObjectMember(_ member: JSONObject.Member, isFirst: Bool) throws(JSONWritingError) {
        writeKey(member.key, isFirst: isFirst)
        do {
            try write(member.value)
        } catch var error {
            error.path.insert(.key(member.key), at: 0)
            throw error
        }
    }

    /// The bytes of an object that a compact writer already wrote and that nobody changed since but
    /// by adding members after them (`additions`), when this writer writes compact output in stored
    /// order too (it may then copy them as they are).
    @usableFromInline package func writtenBytes(of object: JSONObject) -> (bytes: DocumentBytes, additions: [JSONObject.Member])? {
        guard copiesWrittenObjects, let (deferred, additions) = object.deferredWithAdditions, deferred.isStandalone else {
            return nil
        }
        return (deferred.readableBytes, additions)
    }

    /// Whether an object a compact writer wrote goes into this output as it is: compact output in
    /// stored order.
    @usableFromInline package var copiesWrittenObjects: Bool { !isPretty && !formatting.contains(.sortedKeys) }

    /// The bytes written from `start` (a `count` read before) on, lent until this writer writes again
    /// (see `DeferredObject.init(writtenInPlace:keys:)`).
    @inlinable package func lentOutput(from start: Int) -> DocumentBytes {
        bytes.lent(from: start)
    }

    /// Adds `additions` to the object this writer wrote from `start` (a `count` read before) to its
    /// end, before its closing brace.
    @inlinable package mutating func writeAdditions(_ additions: [JSONObject.Member], toObjectFrom start: Int) throws(JSONWritingError) {
        guard !additions.isEmpty else { return }
        bytes.truncate(to: bytes.count - 1)
        try writeMembers(additions, isFirst: bytes.count - start == 1)
        // (Compact: no indentation to close.)
        bytes.append(UInt8(ascii: "}"))
    }

    /// `writeAdditions(_:toObjectFrom:)` that takes the members out of `additions` as it writes them,
    /// leaving it empty with its capacity, for a caller that keeps the buffer: each member is moved
    /// out rather than copied for the writing and destroyed in the emptying.
    @usableFromInline package mutating func writeAdditions(emptying additions: inout [JSONObject.Member], toObjectFrom start: Int) throws(JSONWritingError) {
        guard !additions.isEmpty else { return }
        bytes.truncate(to: bytes.count - 1)
        var isFirst = bytes.count - start == 1
        // Taken from the end, in order.
        if additions.count > 1 { additions.reverse() }
        while let member = additions.popLast() {
            try writeObjectMember(member, isFirst: isFirst)
            isFirst = false
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `"key":` from the key's bytes already escaped and quoted, with its separator.
    @inline(__always)
    @inlinable package mutating func writeKey(quoted key: QuotedKey, isFirst: Bool) {
        writeElementSeparator(isFirst: isFirst)
        bytes.append(key: key)
        if isPretty { bytes.append(UInt8(ascii: " ")) }
    }

    /// The members of `object` in output order: as stored, or by Unicode scalar with `.sortedKeys`.
    @inlinable package func orderedMembers(of object: JSONObject) -> [JSONObject.Member] {
        guard formatting.contains(.sortedKeys) else { return object.members }
        return object.members.sorted { $0.key.utf8Precedes($1.key) }
    }

    // MARK: Tokens

    @inlinable package mutating func writeNull() {
        bytes.appendUTF8(of: "null")
    }

    @inlinable package mutating func writeBool(_ value: Bool) {
        bytes.appendUTF8(of: value ? "true" : "false")
    }

    @inlinable package mutating func writeNumber(_ number: JSONNumber) throws(JSONWritingError) {
        switch number.storage {
        case .int(let value): writeInteger(value)
        case .double(let value): try writeDouble(value)
        case .text(let text): bytes.appendUTF8(of: text)
        case .packed(let packed):
            bytes.reserve(31)
            packed.forEachCharacter { bytes.append($0) }
        case .short(let short):
            short.withCharacters { bytes.append(contentsOf: $0) }
        }
    }

    /// Writes an integer's decimal digits without going through `String`.
    @inlinable package mutating func writeInteger<T: FixedWidthInteger>(_ value: T) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        guard T.bitWidth <= 64 else {
            bytes.appendUTF8(of: String(value.magnitude))
            return
        }
        bytes.appendDecimal(UInt64(truncatingIfNeeded: value.magnitude))
    }

    /// Writes `mantissa` × 10^`exponent` in plain decimal notation — no exponent, no trailing zeros
    /// after the point, `0` for zero — as `Decimal.description` writes the value: `-12.345`,
    /// `12000`, `0.0005`.
    @inlinable package mutating func writePlainDecimal(mantissa: UInt64, exponent: Int, isNegative: Bool) {
        var mantissa = mantissa
        var exponent = exponent
        guard mantissa != 0 else { return bytes.append(UInt8(ascii: "0")) }
        while exponent < 0, mantissa % 10 == 0 {
            mantissa /= 10
            exponent += 1
        }
        if isNegative { bytes.append(UInt8(ascii: "-")) }
        if exponent >= 0 {
            bytes.appendDecimal(mantissa)
            for _ in 0..<exponent { bytes.append(UInt8(ascii: "0")) }
            return
        }
        let fraction = -exponent
        // A whole part only when the mantissa has more digits than the fraction (a `UInt64` has at
        // most 20, so the fraction then has at most 19 and 10^fraction fits).
        if fraction <= 19 {
            var scale: UInt64 = 1
            for _ in 0..<fraction { scale *= 10 }
            if mantissa >= scale {
                bytes.appendDecimal(mantissa / scale)
                bytes.append(UInt8(ascii: "."))
                appendPadded(mantissa % scale, width: fraction)
                return
            }
        }
        bytes.append(UInt8(ascii: "0"))
        bytes.append(UInt8(ascii: "."))
        appendPadded(mantissa, width: fraction)
    }

    /// `value`'s digits with zeros in front up to `width` digits.
    @inlinable package mutating func appendPadded(_ value: UInt64, width: Int) {
        var digits = 1
        var next = value / 10
        while next > 0 {
            digits += 1
            next /= 10
        }
        for _ in digits..<max(width, digits) { bytes.append(UInt8(ascii: "0")) }
        bytes.appendDecimal(value)
    }

    /// Writes the shortest text that reads back as the same `Double`.
    @inlinable package mutating func writeDouble(_ value: Double) throws(JSONWritingError) {
        guard value.isFinite else {
            guard allowsNonFiniteNumbers else { throw JSONWritingError(.notRepresentable(value)) }
            bytes.appendUTF8(of: value.isNaN ? "NaN" : value < 0 ? "-Infinity" : "Infinity")
            return
        }
        if value == value.rounded(.towardZero), value.magnitude < 9_007_199_254_740_992 {
            // Whole numbers below 2^53 print exactly as integers would, without Swift's ".0".
            writeInteger(Int64(value))
            if value == 0 && value.sign == .minus {
                bytes.insert(UInt8(ascii: "-"), at: bytes.count - 1)
            }
            return
        }
        if value.magnitude < 1e9 {
            // At most two decimals (prices, odds, amounts): written from the hundredths. No other
            // number of two decimals lies as close to `value` (doubles below a billion are at most
            // 1.2e-7 apart, numbers of two decimals 0.01), so these are the shortest digits that read
            // back as `value` — the ones `description` writes — without making a string as
            // `description` does.
            let hundredths = (value * 100).rounded()
            if Double(hundredths) / 100 == value, let cents = Int64(exactly: hundredths) {
                if cents < 0 { bytes.append(UInt8(ascii: "-")) }
                let magnitude = cents.magnitude
                bytes.appendDecimal(magnitude / 100)
                // Not zero: whole numbers were written above.
                let fraction = UInt8(truncatingIfNeeded: magnitude % 100)
                bytes.append(UInt8(ascii: "."))
                bytes.append(UInt8(ascii: "0") &+ fraction / 10)
                if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") &+ fraction % 10) }
                return
            }
        }
        bytes.appendUTF8(of: value.description)
    }

    @inlinable package mutating func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        // The bytes copied and checked by `appendText` (much cheaper than iterating a String's UTF-8
        // view), from a native string's storage where it is, as `ByteOutput.appendUTF8` reads it.
        let start = bytes.count
        let slash = escapesSlashes
        let first: Int
        // Sound: the bytes are lent for the closure and copied within their count (`appendText`).
        if let found = string.utf8.withContiguousStorageIfAvailable({ bytes.appendText($0, slash: slash) }) {
            first = found
        } else {
            var string = string
            first = string.withUTF8 { bytes.appendText($0, slash: slash) }
        }
        if first < bytes.count {
            var string = string
            string.withUTF8 { rewriteEscaped(from: first, source: $0, copiedAt: start) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `writeString` for text given as its UTF-8 bytes (a date written in place). The two keep
    /// their check and close each: the `String` one written as a call to this one, through the
    /// string's lent bytes, made encoding slower, even with this one inlined.
    // Sound: `text` is lent for the call and copied into the output.
    @inlinable package mutating func writeString(utf8 text: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        let start = bytes.count
        let first = bytes.appendText(text, slash: escapesSlashes)
        if first < bytes.count {
            rewriteEscaped(from: first, source: text, copiedAt: start)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Rewrites the output from `first`, whose byte needs an escape, with every such byte escaped:
    /// read from `source`, the bytes that were copied in at `copiedAt`, not from a copy of the output
    /// (an allocation per string with an escape). The runs between escapes are copied in one append
    /// each (tweets and HTML snippets have many quotes and line breaks: appending byte by byte is
    /// slow there).
    // Sound: `source` is lent for the call; the runs are rebased slices of it, within its count
    // (`first - copiedAt` is the position in `source` of the output's byte at `first`).
    @inline(never)
    @inlinable package mutating func rewriteEscaped(from first: Int, source: UnsafeBufferPointer<UInt8>, copiedAt: Int) {
        bytes.truncate(to: first)
        var runStart = first - copiedAt
        bytes.reserve(source.count - runStart + source.count / 8 + 8)
        for index in runStart..<source.count where ByteOutput.needsEscape(source[index], slash: escapesSlashes) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart..<index]))
            appendEscape(of: source[index])
            runStart = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[runStart...]))
    }

    @inlinable package mutating func appendEscape(of byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): bytes.appendUTF8(of: #"\""#)
        case UInt8(ascii: "\\"): bytes.appendUTF8(of: #"\\"#)
        case UInt8(ascii: "/"): bytes.appendUTF8(of: #"\/"#)
        case 0x0A: bytes.appendUTF8(of: #"\n"#)
        case 0x0D: bytes.appendUTF8(of: #"\r"#)
        case 0x09: bytes.appendUTF8(of: #"\t"#)
        case 0x08: bytes.appendUTF8(of: #"\b"#)
        case 0x0C: bytes.appendUTF8(of: #"\f"#)
        default:
            bytes.appendUTF8(of: #"\u00"#)
            bytes.append(hexDigit(byte >> 4))
            bytes.append(hexDigit(byte & 0x0F))
        }
    }

    @inlinable package func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }

    // MARK: Structure

    @inlinable package mutating func beginArray() {
        open(UInt8(ascii: "["))
    }

    /// (Inlined, as `endObject` is: out of line, the two were one call per container written, most
    /// of it the call.)
    @inline(__always)
    @inlinable package mutating func endArray(isEmpty: Bool) {
        close(UInt8(ascii: "]"), isEmpty: isEmpty)
    }

    @inlinable package mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    @inline(__always)
    @inlinable package mutating func endObject(isEmpty: Bool) {
        close(UInt8(ascii: "}"), isEmpty: isEmpty)
    }

    @inline(__always)
    @inlinable package mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        indentLevel += 1
    }

    @inline(__always)
    @inlinable package mutating func close(_ bracket: UInt8, isEmpty: Bool) {
        indentLevel -= 1
        if isPretty && !isEmpty { writeNewlineAndIndent() }
        bytes.append(bracket)
    }

    /// A place in the output to come back to with `rewind(to:)`.
    @usableFromInline package struct Mark {
        @usableFromInline package let count: Int
        @usableFromInline package let indentLevel: Int
    }

    /// The current place in the output.
    @usableFromInline package var mark: Mark { Mark(count: bytes.count, indentLevel: indentLevel) }

    /// How many bytes are written.
    @usableFromInline package var count: Int { bytes.count }

    /// A copy of the bytes written from `start` (a `count` read before) on.
    @inlinable package func written(from start: Int) -> [UInt8] {
        bytes.bytes(from: start)
    }

    /// Whether a value is written here as a writer without formatting writes it (no layout, no
    /// escaped slashes), so that such a writer's text can be copied in (`writeCompactValue`).
    @usableFromInline package var writesCompactly: Bool { !isPretty && !escapesSlashes }

    /// Copies in `text`, one value as a writer without formatting wrote it (see `writesCompactly`).
    @inlinable package mutating func writeCompactValue(_ text: ArraySlice<UInt8>) {
        bytes.append(contentsOf: text)
    }

    /// `writeCompactValue` for text lent as a buffer.
    // Sound: `text` is lent for the call and copied into the output.
    @inlinable package mutating func writeCompactValue(_ text: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: text)
    }

    /// Takes back everything written since `mark` (a nested object that turned out to be empty).
    @inlinable package mutating func rewind(to mark: Mark) {
        bytes.truncate(to: mark.count)
        indentLevel = mark.indentLevel
    }

    /// Writes the comma (unless first) and, when pretty, the line break before an array element.
    @inline(__always)
    @inlinable package mutating func writeElementSeparator(isFirst: Bool) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        if isPretty { writeNewlineAndIndent() }
    }

    /// Writes, as an array element, the value that `member` writes as an object member under a
    /// placeholder key — for values that only write themselves as members (mapped properties at an
    /// index of a nested array). Returns `false`, having written nothing, when `member` wrote nothing.
    @inlinable package mutating func writeElement(isFirst: Bool, asMember member: (inout JSONWriter, _ quotedKey: QuotedKey) throws -> Bool) rethrows -> Bool {
        let start = mark
        let placeholder = QuotedKey.emptyKey
        guard try member(&self, placeholder) else {
            rewind(to: start)
            return false
        }
        // What `writeKey(quoted:isFirst: true)` wrote first: a line break and indentation when pretty,
        // the placeholder, a colon, and a space when pretty.
        let written = bytes.bytes(from: start.count)
        var valueStart = 0
        while valueStart < written.count, written[valueStart] == UInt8(ascii: "\n") || written[valueStart] == UInt8(ascii: " ") {
            valueStart += 1
        }
        valueStart += placeholder.bytes.count + 1
        if isPretty { valueStart += 1 }
        rewind(to: start)
        writeElementSeparator(isFirst: isFirst)
        bytes.append(contentsOf: written[valueStart...])
        return true
    }

    /// Writes the separator before a member, then `"key":`.
    @inlinable package mutating func writeKey(_ key: String, isFirst: Bool) {
        writeElementSeparator(isFirst: isFirst)
        writeString(key)
        bytes.append(UInt8(ascii: ":"))
        if isPretty { bytes.append(UInt8(ascii: " ")) }
    }

    @inlinable package mutating func writeNewlineAndIndent() {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<(indentLevel * 2) {
            bytes.append(UInt8(ascii: " "))
        }
    }
}
