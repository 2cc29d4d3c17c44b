import BaseModelKit
import Foundation
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    /// The message of the syntax error that parsing `text` throws.
    private func syntaxError(_ text: String, options: JSON.ParsingOptions = JSON.ParsingOptions()) -> String? {
        syntaxError(bytes: Array(text.utf8), options: options)
    }

    private func syntaxError(bytes: [UInt8], options: JSON.ParsingOptions = JSON.ParsingOptions()) -> String? {
        do {
            _ = try JSON(parsing: bytes, options: options)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("parses every kind of value")
    func parsesValues() throws {
        let value = try JSON(parsing: #" {"a": [1, -2.5e3, "x", true, false, null, {}, []], "b": {"c": "d"}} "#)
        #expect(value == ["a": [1, -2500, "x", true, false, nil, [:], []], "b": ["c": "d"]])
    }

    @Test("arrays mix scalars and containers in every order, and the errors after a scalar name the array")
    func arraysOfScalarsAndContainers() throws {
        let value = try JSON(parsing: #"[1, [2, 3], [[4], 5, {"a": [6, "x"]}], 7 , [ ], {"b": [8,9]}, [10,[11,[12]],13]]"#)
        #expect(value == [1, [2, 3], [[4], 5, ["a": [6, "x"]]], 7, [], ["b": [8, 9]], [10, [11, [12]], 13]])
        #expect(syntaxError("[1, 2 3]")?.contains(#""," or "]""#) == true)
        #expect(syntaxError("[1, 2,]") != nil)
        #expect(syntaxError("[1, 2, }") != nil)
        #expect(syntaxError(#"{"a": [1, 2}"#)?.contains(#""," or "]""#) == true)
    }

    @Test("Data, String and bytes parse alike")
    func inputKinds() throws {
        let text = #"{"k":[1,2]}"#
        let fromString = try JSON(parsing: text)
        #expect(try JSON(parsing: Data(text.utf8)) == fromString)
        #expect(try JSON(parsing: Array(text.utf8)) == fromString)
    }

    @Test("decodes escapes, surrogate pairs and raw UTF-8")
    func strings() throws {
        let value = try JSON(parsing: #"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\uD83D\uDE00", "é😀", ""]"#)
        #expect(value == ["a\"b\\c/d\u{08}\u{0C}\n\r\t", "é😀", "é😀", ""])
    }

    @Test("a repeated key keeps its first position and its last value")
    func duplicateKeys() throws {
        let value = try JSON(parsing: #"{"a":1,"b":2,"a":3}"#)
        #expect(value.object?.keys == ["a", "b"])
        #expect(value["a"] == 3)
        var wide = (0..<20).map { "\"k\($0)\":\($0)" }
        wide.append(#""k5":"again""#)
        let large = try JSON(parsing: "{" + wide.joined(separator: ",") + "}")
        #expect(large.object?.count == 20)
        #expect(large["k5"] == "again")
        #expect(large.object?.keys[5] == "k5")
    }

    @Test("a UTF-8 byte order mark is skipped")
    func byteOrderMark() throws {
        #expect(try JSON(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
    }

    @Test("syntax errors name the place and what was expected", arguments: [
        ("{\"a\": 1,\n\"b\": [1, 2],\n\"c\": }", #"Unexpected "}" at line 3, column 6 (byte 27): expected a value."#),
        ("", "Unexpected end of input at line 1, column 1 (byte 0): expected a value."),
        ("[1,]", #"Unexpected "]" at line 1, column 4 (byte 3): expected a value."#),
        ("[1 2]", #"Unexpected "2" at line 1, column 4 (byte 3): expected "," or "]"."#),
        (#"{"a" 1}"#, #"Unexpected "1" at line 1, column 6 (byte 5): expected ":" after the key."#),
        (#"{"a":1 "b":2}"#, #"Unexpected """ at line 1, column 8 (byte 7): expected "," or "}"."#),
        ("{1:2}", #"Unexpected "1" at line 1, column 2 (byte 1): expected a string key."#),
        ("[1] x", #"Unexpected "x" at line 1, column 5 (byte 4): expected the end of input after the value."#),
        ("01", #"Unexpected "1" at line 1, column 2 (byte 1): expected the end of input after the value."#),
        ("-", "Unexpected end of input at line 1, column 2 (byte 1): expected a digit."),
        ("1.e5", #"Unexpected "e" at line 1, column 3 (byte 2): expected a digit."#),
        ("tru", #"Unexpected end of input at line 1, column 4 (byte 3): expected "true"."#),
        ("nul1", #"Unexpected "1" at line 1, column 4 (byte 3): expected "null"."#),
        ("NaN", #"Unexpected "N" at line 1, column 1 (byte 0): expected a value."#),
        ("'a'", #"Unexpected "'" at line 1, column 1 (byte 0): expected a value."#),
        ("[\"abc", "Unexpected end of input at line 1, column 6 (byte 5): expected a closing quote."),
        (#"["a\qb"]"#, #"Invalid escape "\q" at line 1, column 4 (byte 3): expected one of \" \\ \/ \b \f \n \r \t \uXXXX."#),
        (#"["\u12G4"]"#, #"Unexpected "G" at line 1, column 7 (byte 6): expected four hex digits after \u."#),
        (#"["\uD800"]"#, #"Unpaired surrogate \uD800 at line 1, column 3 (byte 2): a surrogate escape must be one half of a pair."#),
        (#"["\uDC00\uD800"]"#, #"Unpaired surrogate \uDC00 at line 1, column 3 (byte 2): a surrogate escape must be one half of a pair."#),
        (#"["\uD800\u0041"]"#, #"Unpaired surrogate \uD800 at line 1, column 3 (byte 2): a surrogate escape must be one half of a pair."#),
        ("[\"a\tb\"]", #"Unescaped control character U+0009 in a string at line 1, column 4 (byte 3): write it as \u0009."#),
        ("[é]", #"Unexpected "é" (U+00E9) at line 1, column 2 (byte 1): expected a value."#),
        ("/* c */ 1", #"Unexpected "/" at line 1, column 1 (byte 0): expected a value."#),
    ])
    func syntaxErrors(input: String, message: String) {
        #expect(syntaxError(input) == message)
    }

    @Test("invalid UTF-8 is rejected at the first bad byte")
    func invalidUTF8() {
        #expect(syntaxError(bytes: Array(#"["ab"#.utf8) + [0xFF] + Array(#""]"#.utf8))
            == "Invalid UTF-8 byte 0xFF at line 1, column 5 (byte 4): JSON text must be UTF-8.")
        // An encoded surrogate (ED A0 80) and an overlong slash (C0 AF) are not UTF-8.
        #expect(syntaxError(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22])
            == "Invalid UTF-8 byte 0xED at line 1, column 2 (byte 1): JSON text must be UTF-8.")
        #expect(syntaxError(bytes: [0x22, 0x5C, 0x6E, 0xC0, 0xAF, 0x22])
            == "Invalid UTF-8 byte 0xC0 at line 1, column 4 (byte 3): JSON text must be UTF-8.")
        #expect(syntaxError(bytes: [0x5B, 0xFF, 0x5D])
            == "Unexpected byte 0xFF at line 1, column 2 (byte 1): expected a value.")
    }

    @Test("UTF-16 and UTF-32 input is rejected as such")
    func foreignEncodings() {
        let utf16LE: [UInt8] = [0x5B, 0x00, 0x31, 0x00, 0x5D, 0x00]
        #expect(syntaxError(bytes: utf16LE)
            == "The input is UTF-16 (little-endian), not UTF-8 at line 1, column 1 (byte 0): JSON text must be UTF-8.")
        #expect(syntaxError(bytes: [0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D])?.hasPrefix("The input is UTF-16 (big-endian)") == true)
        #expect(syntaxError(bytes: [0x00, 0x00, 0x00, 0x5B])?.hasPrefix("The input is UTF-32 (big-endian)") == true)
    }

    @Test("nesting deeper than maxDepth is an error, never a stack overflow")
    func depthLimit() {
        let arrays = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(syntaxError(arrays) == "Nesting deeper than 512 levels at line 1, column 513 (byte 512): raise maxDepth in the options to accept it.")
        let objects = String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        #expect(syntaxError(objects)?.hasPrefix("Nesting deeper than 512 levels") == true)
        var shallow = JSON.ParsingOptions()
        shallow.maxDepth = 3
        #expect(syntaxError("[[[1]]]", options: shallow) == nil)
        #expect(syntaxError("[[[[]]]]", options: shallow) == "Nesting deeper than 3 levels at line 1, column 4 (byte 3): raise maxDepth in the options to accept it.")
    }

    @Test("deep nesting within a raised limit parses without recursion")
    func deepWithinLimit() throws {
        var options = JSON.ParsingOptions()
        options.maxDepth = 20_000
        let depth = 10_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        var value = try JSON(parsing: text, options: options)
        var levels = 0
        while case .array(let elements) = value, let first = elements.first {
            value = first
            levels += 1
        }
        #expect(levels == depth - 1)
    }

    @Test("the syntax error carries offset, line and column")
    func errorFields() {
        do {
            _ = try JSON(parsing: "[\n  1,\n  x]")
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 9)
            #expect(error.line == 3)
            #expect(error.column == 3)
        }
    }
}
