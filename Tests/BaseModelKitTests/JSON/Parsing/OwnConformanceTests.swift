import BaseModelKit
import Foundation
import Testing

/// The package's own parser conformance cases, written for it over RFC 8259's grammar: structure,
/// literals, numbers, strings and escapes, UTF-8, nesting and the document around the value. They
/// need no file outside the package, so every clone runs them (`JSONConformanceTests` adds the
/// shared JSONTestSuite where it is present).
@Suite("Parser conformance, the package's own cases")
struct OwnConformanceTests {
    /// Text that must parse, with the value it must parse to where the case says one.
    private static let accepted: [(text: String, value: JSON?)] = {
        var cases: [(String, JSON?)] = [
            // Any value may stand alone, surrounded by any of the four whitespace bytes.
            ("null", nil), ("true", true), ("false", false), ("0", 0), ("\"\"", ""), ("[]", []), ("{}", [:]),
            (" \t\n\r1\r\n\t ", 1), ("[ ]", []), ("{ }", [:]), ("[\n1\n,\n2\n]", [1, 2]), ("{ \"a\" : 1 , \"b\" : [ ] }", ["a": 1, "b": []]),
            ("[null,true,false]", [nil, true, false]), ("[[[]]]", [[[]]]), ("{\"a\":{\"b\":{}}}", ["a": ["b": [:]]]),
            ("[{},[],\"\",0]", [[:], [], "", 0]), ("{\"\":0}", ["": 0]), ("{\"a\":1,\"a\":2}", ["a": 2]),
            ("[1,[2,[3,[4]]]]", [1, [2, [3, [4]]]]),
            // Numbers.
            ("-0", nil), ("0.0", nil), ("-0.0", nil), ("1", 1), ("-1", -1), ("10", 10), ("1.5", 1.5), ("-1.5", -1.5), ("0.5", 0.5),
            ("1e2", 100), ("1E2", 100), ("1e+2", 100), ("1e-2", 0.01), ("1E-2", 0.01), ("1.5e3", 1500), ("-1.5E+3", -1500),
            ("0e0", 0), ("0E1", 0), ("0.0e-0", 0), ("123456789", 123_456_789), ("9223372036854775807", nil), ("-9223372036854775808", nil),
            ("18446744073709551615", nil), ("123456789012345678901234567890", nil), ("1e400", nil), ("-1e400", nil), ("1e-400", nil),
            ("0.000001", 0.000001), ("1.0000000000000002", nil), ("4.9e-324", nil), ("1.7976931348623157e308", nil),
            // Strings: escapes, Unicode, and bytes that need none.
            (#""\"""#, "\""), (#""\\""#, "\\"), (#""\/""#, "/"), (#""\b""#, "\u{8}"), (#""\f""#, "\u{C}"), (#""\n""#, "\n"),
            (#""\r""#, "\r"), (#""\t""#, "\t"), (#""\u0041""#, "A"), (#""\u00e9""#, "é"), (#""\u00E9""#, "é"), (#""\u20ac""#, "€"),
            (#""\ud83d\ude00""#, "😀"), (#""\uD83D\uDE00""#, "😀"), (#""\u0000""#, "\u{0}"), (#""\u001f""#, "\u{1F}"), (#""\uffff""#, "\u{FFFF}"),
            ("\"é\"", "é"), ("\"€\"", "€"), ("\"😀\"", "😀"), ("\"\u{7F}\"", "\u{7F}"), ("\"a/b\"", "a/b"), ("\"'\"", "'"),
            ("\"\\\\n\"", "\\n"), ("\"  \"", "  "), (#""\u0022""#, "\""), (#""\u005C""#, "\\"), ("\"\u{10FFFF}\"", "\u{10FFFF}"),
            ("\"\u{FEFF}\"", "\u{FEFF}"),
        ]
        // Every printable ASCII byte but the quote and the backslash stands for itself in a string.
        for byte in UInt8(0x20)...UInt8(0x7E) where byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
            let character = String(UnicodeScalar(byte))
            cases.append(("\"" + character + "\"", .string(character)))
        }
        // Integers of every length up to 19 digits, and their negatives.
        var digits = ""
        for length in 1...19 {
            digits += String(length % 10 == 0 ? 1 : length % 10)
            cases.append((digits, nil))
            cases.append(("-" + digits, nil))
        }
        return cases
    }()

    /// Bytes that must be refused, with what each case is about.
    private static let rejected: [(bytes: [UInt8], about: String)] = {
        var cases: [(String, String)] = [
            ("", "no value"), (" ", "whitespace only"), ("[", "unclosed array"), ("{", "unclosed object"), ("]", "a lone bracket"),
            ("}", "a lone brace"), ("[1", "unclosed array after a value"), ("[1,", "unclosed after a comma"), ("{\"a\"", "key without colon"),
            ("{\"a\":", "key without value"), ("{\"a\":1", "unclosed object after a value"), ("[1,]", "trailing comma in an array"),
            ("{\"a\":1,}", "trailing comma in an object"), ("[,1]", "leading comma"), ("[1,,2]", "double comma"), ("[1 2]", "missing comma"),
            ("{\"a\" 1}", "missing colon"), ("{\"a\"::1}", "double colon"), ("{a:1}", "unquoted key"), ("{1:1}", "number key"),
            ("{\"a\":1 \"b\":2}", "members without comma"), ("[1]]", "extra bracket"), ("{}}", "extra brace"), ("[}", "mismatched brackets"),
            ("{]", "mismatched braces"), ("1 2", "two values"), ("[] []", "two arrays"), ("{}x", "garbage after"), ("\"a\" \"b\"", "two strings"),
            ("{'a':1}", "single quotes"), ("['a']", "single-quoted string"), ("[1]x", "letter after"), ("/*c*/1", "comment"), ("1//c", "line comment"),
            ("[\"a\":1]", "colon in an array"), ("{\"a\",1}", "comma for a colon"), ("\u{0B}1", "vertical tab as whitespace"),
            ("\u{0C}1", "form feed as whitespace"), ("\u{A0}1", "no-break space as whitespace"),
            // Literals.
            ("tru", "truncated true"), ("True", "capital true"), ("TRUE", "upper-case true"), ("fals", "truncated false"), ("nul", "truncated null"),
            ("Null", "capital null"), ("nulll", "null with extra"), ("truee", "true with extra"), ("undefined", "undefined"), ("NaN", "NaN"),
            ("Infinity", "Infinity"), ("-Infinity", "minus Infinity"), ("[nan]", "nan"), ("[inf]", "inf"),
            // Numbers.
            ("01", "leading zero"), ("-01", "negative leading zero"), ("00", "double zero"), ("+1", "plus sign"), (".5", "no integer part"),
            ("1.", "no fraction digits"), ("1.e3", "no fraction digits before the exponent"), ("1e", "no exponent digits"), ("1e+", "sign without exponent digits"),
            ("1E-", "minus without exponent digits"), ("--1", "double minus"), ("-", "minus alone"), ("- 1", "space after minus"), ("0x10", "hexadecimal"),
            ("1_000", "underscore"), ("1,5", "comma as decimal point"), ("[1.5.5]", "two points"), ("1e2e3", "two exponents"), ("[-.5]", "minus point"),
            ("[0.e1]", "point then exponent"), ("[1ee2]", "double e"), ("[012]", "leading zero in an array"), ("2.", "trailing point"),
            // Strings.
            ("\"", "unterminated string"), ("\"abc", "unterminated string with text"), ("[\"a]", "unterminated string in an array"), ("\"\\\"", "escaped closing quote"),
            (#""\u""#, "\\u without digits"), (#""\u12""#, "\\u with two digits"), (#""\u123""#, "\\u with three digits"), (#""\uZZZZ""#, "\\u with letters"),
            (#""\u12G4""#, "\\u with a bad digit"), (#""\ud800""#, "lone high surrogate"), (#""\udc00""#, "lone low surrogate"),
            (#""\ud800\u0041""#, "high surrogate then no low one"), (#""\ud800x""#, "high surrogate then text"), (#""\ude00\ud83d""#, "surrogates in the wrong order"),
            (#""\U0041""#, "capital U escape"), ("\"\\", "backslash at the end"),
        ]
        // Every escape letter but the eight of RFC 8259 (and u) is refused.
        for byte in UInt8(0x21)...UInt8(0x7E) where !"\"\\/bfnrtu".utf8.contains(byte) {
            cases.append(("\"\\" + String(UnicodeScalar(byte)) + "\"", "escape \\\(UnicodeScalar(byte))"))
        }
        var bytes = cases.map { (Array($0.0.utf8), $0.1) }
        // Every control byte raw in a string is refused, and so are raw control bytes outside one.
        for byte in UInt8(0x00)...UInt8(0x1F) {
            bytes.append(([0x22, byte, 0x22], "raw control byte \(byte) in a string"))
            if ![0x09, 0x0A, 0x0D].contains(byte) { bytes.append(([byte, 0x31], "control byte \(byte) before a value")) }
        }
        // Bytes that are not UTF-8, in a string and in a key.
        let invalid: [([UInt8], String)] = [
            ([0xFF], "0xFF"), ([0xFE], "0xFE"), ([0x80], "a lone continuation byte"), ([0xBF], "another continuation byte"),
            ([0xC0, 0x80], "an overlong NUL"), ([0xC1, 0xBF], "an overlong ASCII"), ([0xE0, 0x80, 0x80], "an overlong three-byte form"),
            ([0xF0, 0x80, 0x80, 0x80], "an overlong four-byte form"), ([0xED, 0xA0, 0x80], "an encoded high surrogate"),
            ([0xED, 0xBF, 0xBF], "an encoded low surrogate"), ([0xF4, 0x90, 0x80, 0x80], "a scalar beyond U+10FFFF"),
            ([0xF5, 0x80, 0x80, 0x80], "a lead byte beyond F4"), ([0xC3], "a truncated two-byte form"), ([0xE2, 0x82], "a truncated three-byte form"),
            ([0xF0, 0x9F, 0x98], "a truncated four-byte form"), ([0xC3, 0x41], "a lead byte then ASCII"), ([0xE2, 0x41, 0x82], "a broken three-byte form"),
        ]
        for (sequence, about) in invalid {
            bytes.append(([0x22] + sequence + [0x22], "\(about) in a string"))
            bytes.append(([0x7B, 0x22] + sequence + [0x22, 0x3A, 0x31, 0x7D], "\(about) in a key"))
        }
        // UTF-16 and UTF-32 text, with and without a byte order mark.
        bytes += [
            ([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], "UTF-16 big-endian with a mark"), ([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], "UTF-16 little-endian with a mark"),
            ([0x00, 0x5B, 0x00, 0x5D], "UTF-16 big-endian"), ([0x5B, 0x00, 0x5D, 0x00], "UTF-16 little-endian"),
            ([0x00, 0x00, 0x00, 0x5B], "UTF-32 big-endian"), ([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], "two byte order marks"),
            ([0xEF, 0xBB], "a truncated byte order mark"),
        ]
        return bytes
    }()

    @Test("every accepted case parses, to its value where the case gives one, and writes back to text that parses the same")
    func acceptedCases() throws {
        var failures: [String] = []
        for (text, value) in Self.accepted {
            do {
                let parsed = try JSON(parsing: Array(text.utf8))
                if let value, parsed != value { failures.append("\(text.debugDescription) parsed to \(parsed), not \(value)") }
                if try JSON(parsing: parsed.serializedData()) != parsed { failures.append("\(text.debugDescription) does not round-trip") }
            } catch {
                failures.append("\(text.debugDescription): \(error)")
            }
        }
        // A leading byte order mark is skipped.
        if (try? JSON(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) != [1] { failures.append("a leading byte order mark") }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(Self.accepted.count >= 150)
        print("Parser conformance: \(Self.accepted.count + 1) accepted cases of the package's own ran.")
    }

    @Test("every rejected case throws JSONSyntaxError, never another error or a crash")
    func rejectedCases() {
        var failures: [String] = []
        for (bytes, about) in Self.rejected {
            do {
                let parsed = try JSON(parsing: bytes)
                failures.append("\(about): parsed as \(parsed)")
            } catch {
                // `JSON(parsing:)` throws `JSONSyntaxError` alone (typed throws).
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        #expect(Self.rejected.count >= 250)
        print("Parser conformance: \(Self.rejected.count) rejected cases of the package's own ran.")
    }

    @Test("nesting: at the depth limit parses, one deeper is refused, in arrays, objects and both")
    func nesting() throws {
        var options = JSON.ParsingOptions()
        options.maxDepth = 64
        for (open, close) in [("[", "]"), ("{\"k\":", "}"), ("[{\"k\":", "}]")] {
            let levels = open.count > 5 ? 32 : 64
            let atLimit = String(repeating: open, count: levels) + "1" + String(repeating: close, count: levels)
            #expect((try? JSON(parsing: Array(atLimit.utf8), options: options)) != nil, "\(open) \(levels) deep")
            let deeper = String(repeating: open, count: levels + 1) + "1" + String(repeating: close, count: levels + 1)
            #expect(throws: JSONSyntaxError.self, "\(open) \(levels + 1) deep") { try JSON(parsing: Array(deeper.utf8), options: options) }
        }
    }
}
