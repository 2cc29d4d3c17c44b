@testable import BaseModelKit
import Foundation
import Testing

final class Node: BaseModel {
    var label: String = ""
    var children: [Node] = []
    override class var apiToLocal: [String: String] { ["l": "label", "c": "children"] }
}

final class Account: BaseModel {
    var name: String = ""
    var isAdmin = false
    private var secret = "s3cret"
    var balance: Double = 0
    override class var apiToLocal: [String: String] { ["n": "name"] }

    var secretForTesting: String { secret }
}

final class Blob: BaseModel {
    var text: String = ""
    var numbers: [Int] = []
    var raw: JSON = .null
    override class var apiToLocal: [String: String] { ["t": "text", "n": "numbers", "r": "raw"] }
}

/// A field of each kind read from a string's bytes in place (no `String` made by the parser).
class InPlaceStrings: BaseModel {
    enum Side: String { case back, lay, été }
    var link: URL?
    var id: UUID?
    var bytes: Data?
    var stamp: Date?
    var side: Side?
    var kind: String = ""
    override class var apiToLocal: [String: String] { ["u": "link", "id": "id", "b": "bytes", "d": "stamp", "s": "side", "$t": "kind"] }
    override class var transformers: [String: JSONTransformer] { ["stamp": .iso8601] }
    override class func modelClass(for object: JSONObject) -> BaseModel.Type? {
        object["$t"]?.string == "more" ? MoreInPlaceStrings.self : nil
    }
}

final class MoreInPlaceStrings: InPlaceStrings {}

/// Runs `body` on a new thread whose stack is `megabytes` large, and waits for its answer.
func onThread<Result: Sendable>(stackMegabytes megabytes: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    onThread(stackBytes: megabytes << 20, body)
}

/// Runs `body` on a new thread whose stack is `bytes` large, and waits for its answer.
func onThread<Result: Sendable>(stackBytes bytes: Int, _ body: @escaping @Sendable () -> Result) -> Result {
    let answer = Lock<Result?>.make(nil)
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        let result = body()
        answer.withLock { $0 = result }
        finished.signal()
    }
    thread.stackSize = bytes
    thread.start()
    finished.wait()
    return answer.withLock { $0! }
}

@Suite("Adversarial input")
struct AdversarialTests {
    /// How deep the recursive model goes: 10 000 levels, or 2 000 under ThreadSanitizer, whose own
    /// record of each thread's calls holds 65 536 frames and overflows first (about ten frames per
    /// level in a debug build).
    static let deepLevels = underThreadSanitizer ? 2_000 : 10_000

    /// `{"l":"x","c":[{"l":"x","c":[ … {"l":"leaf"} … ]}]}`, `depth` nodes deep.
    private func chain(_ depth: Int) -> String {
        String(repeating: #"{"l":"x","c":["#, count: depth - 1) + #"{"l":"leaf"}"# + String(repeating: "]}", count: depth - 1)
    }

    @Test("100 000 nested arrays and objects are an error, not a stack overflow, as JSON and as models")
    func deepNesting() {
        let arrays = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let objects = String(repeating: #"{"c":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        let mixed = String(repeating: #"{"c":["#, count: 50_000) + String(repeating: "]}", count: 50_000)
        for text in [arrays, objects, mixed] {
            #expect(throws: JSONSyntaxError.self) { try JSON(parsing: text) }
            #expect(message { _ = try Node.decode(from: text) }?.contains("Nesting deeper than 512 levels") == true)
        }
        #expect(message { _ = try Node.decodeArray(from: arrays) }?.contains("Nesting deeper than 512 levels") == true)
    }

    @Test("a recursive model 10 000 levels deep decodes and encodes when the limits and the stack allow it")
    func tenThousandLevels() throws {
        let depth = Self.deepLevels
        let text = chain(depth)
        // The default limit refuses it.
        #expect(message { _ = try Node.decode(from: text) }?.contains("Nesting deeper than 512 levels") == true)

        // With the limits raised, on a thread with room, it decodes and encodes back to the same text.
        let outcome = onThread(stackMegabytes: 512) { () -> String in
            do {
                var decoding = DecodingOptions()
                decoding.maxDepth = 2 * depth
                let root = try Node.decode(from: text, options: decoding)
                var levels = 1
                var node = root
                while let next = node.children.first {
                    node = next
                    levels += 1
                }
                var encoding = EncodingOptions()
                encoding.maxDepth = depth
                let written = try root.jsonString(options: encoding)
                // The leaf writes its empty array of children too.
                let expected = text.replacingOccurrences(of: #"{"l":"leaf"}"#, with: #"{"l":"leaf","c":[]}"#)
                return "\(levels) \(node.label) \(written == expected)"
            } catch {
                return "\(error)"
            }
        }
        #expect(outcome == "\(depth) leaf true")
    }

    @Test("on a thread with a small stack, deep models are an error before the stack runs out")
    func smallStack() throws {
        let depth = Self.deepLevels
        let text = chain(depth)
        let outcome = onThread(stackMegabytes: 1) { () -> String in
            var decoding = DecodingOptions()
            decoding.maxDepth = 2 * depth
            return message { _ = try Node.decode(from: text, options: decoding) } ?? "decoded"
        }
        #expect(outcome.hasPrefix("Cannot go deeper at c[0].c[0]"))
        #expect(outcome.contains("more steps"))
        #expect(outcome.hasSuffix("the nesting would overflow this thread's stack; lower maxDepth, or run the call on a thread with a larger stack."))

        // Encoding a graph that deep on a small stack: built on a large stack, written on a small one.
        let encoded = onThread(stackMegabytes: 512) { () -> String in
            do {
                var decoding = DecodingOptions()
                decoding.maxDepth = 2 * depth
                let root = try Node.decode(from: text, options: decoding)
                var encoding = EncodingOptions()
                encoding.maxDepth = depth
                let options = encoding
                let box = UncheckedBox(root)
                let result = onThread(stackMegabytes: 1) { () -> String in
                    message { _ = try box.value.jsonData(options: options) } ?? "encoded"
                }
                // Cut the chain link by link here, so that no release of the graph recurses thousands of
                // levels deep — on this thread or on the small one, which may drop its reference last.
                var node = root
                while let next = node.children.first {
                    node.children = []
                    node = next
                }
                return result
            } catch {
                return "\(error)"
            }
        }
        #expect(encoded.hasPrefix("Cannot go deeper at c[0].c[0]"))

        // A JSON value nested that deep is refused by the writer the same way.
        let value = onThread(stackMegabytes: 1) { () -> String in
            var json: JSON = []
            for _ in 0..<100_000 { json = [json] }
            let result = message { _ = try json.serializedData() } ?? "written"
            // Released here, iteratively, so that the value's own deinit does not recurse 100 000 deep.
            while case .array(let elements) = json, let inner = elements.first { json = inner }
            return result
        }
        #expect(value.hasPrefix("Cannot go deeper at [0][0]"))
    }

    @Test("a 10 MB string parses, decodes and encodes intact")
    func hugeString() throws {
        let piece = "abcdefghij\u{e9}\u{1F600}\\n\\\"\\u00e9"  // raw UTF-8 and escapes
        let count = 10_000_000 / piece.utf8.count + 1
        let body = String(repeating: piece, count: count)
        let expected = String(repeating: "abcdefghij\u{e9}\u{1F600}\n\"\u{e9}", count: count)
        let text = #"{"t":""# + body + #""}"#
        #expect(text.utf8.count > 10_000_000)
        let blob = try Blob.decode(from: text)
        #expect(blob.text == expected)
        let written = try blob.jsonData()
        #expect(try Blob.decode(from: written).text == expected)
        #expect(try JSON(parsing: text)["t"]?.string == expected)
    }

    @Test("a 1 000 000-element array parses and decodes")
    func millionElements() throws {
        let text = #"{"n":["# + (0..<1_000_000).map(String.init).joined(separator: ",") + "]}"
        let blob = try Blob.decode(from: text)
        #expect(blob.numbers.count == 1_000_000)
        #expect(blob.numbers.last == 999_999)
        #expect(try JSON(parsing: text)["n"]?.array?.count == 1_000_000)
        #expect(try blob.jsonString() == #"{"t":"","# + text.dropFirst().dropLast() + #","r":null}"#)
        // One bad element among a million is found with its index.
        let bad = text.replacingOccurrences(of: ",777777,", with: ",\"x\",")
        #expect(message { _ = try Blob.decode(from: bad) } == #"Expected Int at n[777777] (Blob.numbers) but found a string "x"."#)
    }

    /// What decoding `number` into each numeric property gives: the value's text, or `error`.
    private func outcomes(of number: String) -> [String] {
        ["i", "i8", "i16", "i32", "i64", "u", "u8", "u16", "u32", "u64", "fl", "d", "dec"].map { key in
            guard let model = try? Zoo.decode(from: #"{"\#(key)":\#(number)}"#),
                  let json = try? JSON(parsing: model.jsonData()), let value = json[key] else { return "error" }
            return value.description
        }
    }

    @Test("extreme numbers into every integer width, Float, Double and Decimal: exact or an error")
    func extremeNumbers() {
        let e = "error"
        // Order: Int Int8 Int16 Int32 Int64 UInt UInt8 UInt16 UInt32 UInt64 Float Double Decimal.
        #expect(outcomes(of: "1e400") == [e, e, e, e, e, e, e, e, e, e, e, e, e])
        #expect(outcomes(of: "-1e400") == [e, e, e, e, e, e, e, e, e, e, e, e, e])
        // Too small for a binary floating-point number: rounds to zero, as any decimal rounds; Decimal's
        // exponent range ends at -128, so it refuses.
        #expect(outcomes(of: "1e-400") == [e, e, e, e, e, e, e, e, e, e, "0.0", "0", e])
        // Minus zero is zero for integers and Decimal, and keeps its sign in Float and Double.
        #expect(outcomes(of: "-0") == ["0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "-0.0", "-0", "0"])
        // 20 digits: fits UInt64 and Decimal exactly; binary floating point rounds it.
        #expect(outcomes(of: "12345678901234567890")
            == [e, e, e, e, e, "12345678901234567890", e, e, e, "12345678901234567890", "1.2345679e+19", "1.2345678901234567e+19", "12345678901234567890"])
        #expect(outcomes(of: "-12345678901234567890")
            == [e, e, e, e, e, e, e, e, e, e, "-1.2345679e+19", "-1.2345678901234567e+19", "-12345678901234567890"])
        // 40 digits: beyond every integer width, beyond Float's range and Decimal's 38 digits.
        let forty = "1234567890123456789012345678901234567890"
        #expect(outcomes(of: forty) == [e, e, e, e, e, e, e, e, e, e, e, "1.2345678901234568e+39", e])
        #expect(outcomes(of: "-" + forty) == [e, e, e, e, e, e, e, e, e, e, e, "-1.2345678901234568e+39", e])
        // The edges of the widths.
        #expect(outcomes(of: "9223372036854775807").prefix(6) == ["9223372036854775807", e, e, e, "9223372036854775807", "9223372036854775807"])
        #expect(outcomes(of: "-9223372036854775808").prefix(6) == ["-9223372036854775808", e, e, e, "-9223372036854775808", e])
        #expect(outcomes(of: "18446744073709551616").prefix(10) == [e, e, e, e, e, e, e, e, e, e])
        // The message names the type that cannot hold the value.
        #expect(message { _ = try Zoo.decode(from: #"{"u8":12345678901234567890}"#) }
            == "Expected UInt8 at u8 (Zoo.uint8) but found the number 12345678901234567890, which UInt8 cannot hold exactly.")
    }

    @Test("invalid UTF-8 in keys and values is malformed JSON, with its place")
    func invalidUTF8() {
        let cases: [[UInt8]] = [
            Array(#"{"t":"a"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),  // bad continuation in a value
            Array(#"{"#.utf8) + [0x22, 0xFF, 0x22] + Array(#":1}"#.utf8),  // 0xFF in a key
            Array(#"{"t":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),  // an encoded surrogate
            Array(#"{"t":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),  // an overlong encoding
            Array(#"{"t":""#.utf8) + [0xF0, 0x9F, 0x98] + Array(#""}"#.utf8),  // truncated sequence
        ]
        for bytes in cases {
            let text = message { _ = try Blob.decode(from: Data(bytes)) }
            #expect(text?.hasPrefix("The data is not valid JSON. Invalid UTF-8") == true, "\(text ?? "decoded")")
            #expect(throws: JSONSyntaxError.self) { try JSON(parsing: bytes) }
        }
    }

    /// Readers that take a string's bytes where they stand (URLs, UUIDs, base64, dates, enum cases)
    /// refuse invalid UTF-8 as the parser does, rather than decoding it to U+FFFD: a bad byte in a
    /// URL once made a model whose type key came after it decode as the base class (the key's
    /// look-ahead refused the byte and found no type) and re-decode, from its own output, as the
    /// subclass.
    @Test("invalid UTF-8 in a string read in place is malformed JSON, for every field that reads so")
    func invalidUTF8InPlace() throws {
        let bad: [UInt8] = [0xBF]
        for (key, before, after) in [("u", "https://example.com/a", "b=c"), ("id", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", ""),
                                     ("b", "AAAA", "AAA="), ("d", "2026-11-27T10:00:00", "Z"), ("s", "ét", "")] {
            let bytes = Array(#"{"\#(key)":"\#(before)"#.utf8) + bad + Array(#"\#(after)","$t":"more"}"#.utf8)
            let text = message { _ = try InPlaceStrings.decode(from: Data(bytes)) }
            #expect(text?.hasPrefix("The data is not valid JSON. Invalid UTF-8") == true, "\(key): \(text ?? "decoded")")
        }
        // Valid non-ASCII text still reads in place, and the type key after it picks the subclass.
        let good = try InPlaceStrings.decode(from: #"{"u":"https://example.com/été","s":"été","$t":"more"}"#)
        #expect(good is MoreInPlaceStrings)
        #expect(good.side == .été)
        #expect(good.link?.absoluteString == "https://example.com/%C3%A9t%C3%A9")
    }

    @Test("NUL in keys and values: escaped it is data, raw it is a control character and refused")
    func nulCharacters() throws {
        let blob = try Blob.decode(from: #"{"t":"a\u0000b","r":{"k\u0000":"\u0000"}}"#)
        #expect(blob.text == "a\u{0}b")
        #expect(blob.raw["k\u{0}"] == "\u{0}")
        #expect(try blob.jsonString() == #"{"t":"a\u0000b","n":[],"r":{"k\u0000":"\u0000"}}"#)
        // A key with NUL is not the mapped key it starts with.
        let other = try Blob.decode(from: #"{"t\u0000":"x"}"#)
        #expect(other.text == "")
        for bytes in [Array(#"{"t":"a"#.utf8) + [0] + Array(#""}"#.utf8), Array(#"{"t"#.utf8) + [0] + Array(#"":1}"#.utf8)] {
            #expect(message { _ = try Blob.decode(from: Data(bytes)) }?.contains("control character") == true)
        }
    }

    @Test("duplicate keys: the last value wins, and each one must be valid")
    func duplicateKeys() throws {
        #expect(try Zoo.decode(from: #"{"i":1,"i":2}"#).int == 2)
        #expect(try Zoo.decode(from: #"{"i":1,"d":1,"i":3}"#).int == 3)
        #expect(try JSON(parsing: #"{"i":1,"i":2}"#)["i"] == 2)
        #expect(message { _ = try Zoo.decode(from: #"{"i":"x","i":2}"#) } == #"Expected Int at i (Zoo.int) but found a string "x"."#)
        #expect(message { _ = try Zoo.decode(from: #"{"i":2,"i":"x"}"#) } == #"Expected Int at i (Zoo.int) but found a string "x"."#)
    }

    @Test("no mass assignment: keys naming unmapped or private properties never change state")
    func noMassAssignment() throws {
        let account = try Account.decode(from: #"""
        {"n":"ann","name":"eve","isAdmin":true,"secret":"stolen","_secret":"stolen","balance":1e9,"$secret":"x","__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}
        """#)
        #expect(account.name == "ann")
        #expect(account.isAdmin == false)
        #expect(account.secretForTesting == "s3cret")
        #expect(account.balance == 0)
        try account.update(from: #"{"isAdmin":true,"secret":"stolen","balance":5,"n":"bob"}"#)
        #expect(account.name == "bob")
        #expect(account.isAdmin == false)
        #expect(account.secretForTesting == "s3cret")
        #expect(account.balance == 0)
        // Output says only what the map says.
        #expect(try account.jsonString() == #"{"n":"bob"}"#)
        let viaDictionary = try Account.decode(from: ["n": "c", "isAdmin": true, "secret": "x"] as [String: Any])
        #expect(viaDictionary.isAdmin == false && viaDictionary.secretForTesting == "s3cret")
    }
}

/// Whether this test process runs under ThreadSanitizer (its runtime's functions are there).
let underThreadSanitizer = dlsym(nil, "__tsan_acquire") != nil

/// Carries a non-`Sendable` value to a thread that is waited for, so nothing touches it concurrently.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
