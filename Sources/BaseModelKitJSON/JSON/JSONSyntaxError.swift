/// Input that is not a JSON document: where it went wrong and what was expected there.
///
/// Its text reads like `Unexpected "}" at line 3, column 7 (byte 41): expected a value.`
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, as data; `description` turns it into text.
    @usableFromInline package enum Reason: Sendable, Hashable {
        /// Something other than what the grammar allows here.
        case unexpected(Found, expected: Expectation)
        /// A backslash followed by a character that starts no escape.
        case invalidEscape(Found)
        /// A raw control character (below U+0020) inside a string.
        case controlCharacter(UInt8)
        /// A byte sequence that is not UTF-8.
        case invalidUTF8(UInt8)
        /// A `\u` escape for half of a surrogate pair without the other half.
        case unpairedSurrogate(UInt16)
        /// Arrays and objects nested deeper than the limit.
        case tooDeep(limit: Int)
        /// A stream's value (or the document around a stream's array) longer than the limit, in bytes.
        case tooLong(limit: Int)
        /// A document in UTF-16 or UTF-32.
        case notUTF8(encoding: String)
    }

    /// What the parser found at the error.
    @usableFromInline package enum Found: Sendable, Hashable {
        case endOfInput
        case byte(UInt8)
        case scalar(Unicode.Scalar)
    }

    /// What the grammar allowed at the error.
    @usableFromInline package enum Expectation: Sendable, Hashable {
        case value
        case key
        case colon
        case commaOrObjectEnd
        case commaOrArrayEnd
        case endOfInput
        case digit
        case hexDigit
        case closingQuote
        case literal(String)
    }

    /// The byte offset of the error from the start of the input, counting from 0.
    public let offset: Int
    /// The line of the error, counting from 1; lines end with a line feed.
    public let line: Int
    /// The column of the error, counting from 1, in Unicode scalars from the start of the line.
    public let column: Int
    @usableFromInline package let reason: Reason

    /// An error at `offset` of `bytes`, with its line and column computed from the bytes before it.
    @inlinable package init(_ reason: Reason, at offset: Int, in bytes: DocumentBytes) {
        self.reason = reason
        self.offset = offset
        var line = 1
        var column = 1
        for byte in bytes[0..<max(0, min(offset, bytes.count))] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0b1100_0000 != 0b1000_0000 {
                column += 1
            }
        }
        self.line = line
        self.column = column
    }

    /// An error at a place counted elsewhere (a stream's framer counts lines as it goes).
    @inlinable package init(_ reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// This error, found in a part of a stream that starts at `offset` (on `line`, `column`), placed
    /// in the whole stream.
    @inlinable package func placed(atStreamOffset offset: Int, line: Int, column: Int) -> JSONSyntaxError {
        JSONSyntaxError(reason, offset: offset + self.offset, line: line + self.line - 1, column: self.line == 1 ? column + self.column - 1 : self.column)
    }

    /// Whether the input broke a limit of the options (nesting, a stream's value length) rather than
    /// the grammar: such input may well be JSON.
    @inlinable package var isLimit: Bool {
        switch reason {
        case .tooDeep, .tooLong: true
        default: false
        }
    }

    /// The error as one sentence.
    public var description: String {
        let place = "at line \(line), column \(column) (byte \(offset))"
        switch reason {
        case .unexpected(let found, let expected):
            let what = found == .endOfInput ? "Unexpected end of input" : "Unexpected \(found.text)"
            return "\(what) \(place): expected \(expected.text)."
        case .invalidEscape(let found):
            return "Invalid escape \(found.escapeText) \(place): expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX."
        case .controlCharacter(let byte):
            return "Unescaped control character \(hexScalar(UInt16(byte))) in a string \(place): write it as \\u\(hex4(UInt16(byte)))."
        case .invalidUTF8(let byte):
            return "Invalid UTF-8 byte \(hexByte(byte)) \(place): JSON text must be UTF-8."
        case .unpairedSurrogate(let unit):
            return "Unpaired surrogate \\u\(hex4(unit)) \(place): a surrogate escape must be one half of a pair."
        case .tooDeep(let limit):
            return "Nesting deeper than \(limit) levels \(place): raise maxDepth in the options to accept it."
        case .tooLong(let limit):
            return "A value longer than \(limit) bytes starts \(place): raise maxStreamedValueBytes in the options to accept it."
        case .notUTF8(let encoding):
            return "The input is \(encoding), not UTF-8 \(place): JSON text must be UTF-8."
        }
    }
}

extension JSONSyntaxError.Found {
    /// How the found input is named in a message: `"}"`, `control character U+0000`, `byte 0xFF`.
    @inlinable package var text: String {
        switch self {
        case .endOfInput:
            return "end of input"
        case .byte(let byte):
            if byte >= 0x20 && byte < 0x7F {
                return "\"\(Character(Unicode.Scalar(byte)))\""
            }
            if byte < 0x20 || byte == 0x7F {
                return "control character \(hexScalar(UInt16(byte)))"
            }
            return "byte \(hexByte(byte))"
        case .scalar(let scalar):
            return "\"\(Character(scalar))\" (\(hexScalar(scalar.value)))"
        }
    }

    /// How the character after a backslash is shown: `"\q"`.
    @inlinable package var escapeText: String {
        switch self {
        case .byte(let byte) where byte >= 0x20 && byte < 0x7F:
            return "\"\\\(Character(Unicode.Scalar(byte)))\""
        default:
            return "\"\\\" followed by \(text)"
        }
    }
}

extension JSONSyntaxError.Expectation {
    @inlinable package var text: String {
        switch self {
        case .value: return "a value"
        case .key: return "a string key"
        case .colon: return "\":\" after the key"
        case .commaOrObjectEnd: return "\",\" or \"}\""
        case .commaOrArrayEnd: return "\",\" or \"]\""
        case .endOfInput: return "the end of input after the value"
        case .digit: return "a digit"
        case .hexDigit: return "four hex digits after \\u"
        case .closingQuote: return "a closing quote"
        case .literal(let word): return "\"\(word)\""
        }
    }
}

@inlinable package func hexDigits<T: BinaryInteger>(_ value: T, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

private func hex4(_ value: UInt16) -> String { hexDigits(value, width: 4) }

@inlinable package func hexByte(_ value: UInt8) -> String { "0x" + hexDigits(value, width: 2) }

@inlinable package func hexScalar<T: BinaryInteger>(_ value: T) -> String { "U+" + hexDigits(value, width: 4) }
