import BaseModelKit
import Foundation
import Testing

private final class Tick: BaseModel {
    var id = 0
    var price = 0.0
    var name = ""
    override class var apiToLocal: [String: String] { ["i": "id", "p": "price", "n": "name"] }
}

/// A message whose `t` picks its class.
private class Note: BaseModel {
    var seq = 0
    override class var apiToLocal: [String: String] { ["s": "seq"] }
    override class func modelClass(for object: JSONObject) -> BaseModel.Type? {
        object["t"] == "a" ? NoteA.self : object["t"] == "b" ? NoteB.self : nil
    }
}

private final class NoteA: Note {
    var text = ""
    override class var apiToLocal: [String: String] { ["x": "text"] }
}

private final class NoteB: Note {
    var count = 0
    override class var apiToLocal: [String: String] { ["c": "count"] }
}

/// Counts what a stream's consumer pulled.
private final class Pulled: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func add(_ count: Int) { lock.lock(); value += count; lock.unlock() }
    var count: Int { lock.lock(); defer { lock.unlock() }; return value }
}

/// Bytes handed out one at a time, as a plain `AsyncSequence` does.
private struct OneByteAtATime: AsyncSequence {
    typealias Element = UInt8
    let bytes: [UInt8]
    var pulled = Pulled()

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let pulled: Pulled
        var index = 0
        mutating func next() async -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            pulled.add(1)
            return bytes[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, pulled: pulled) }
}

/// `first`, then `repeated` over and over, one byte at a time: a source that never ends, never
/// suspends and never checks cancellation.
private struct Endless: AsyncSequence {
    typealias Element = UInt8
    let first: [UInt8]
    let repeated: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        let first: [UInt8]
        let repeated: [UInt8]
        var index = 0
        mutating func next() async -> UInt8? {
            defer { index += 1 }
            return index < first.count ? first[index] : repeated[(index - first.count) % repeated.count]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(first: first, repeated: repeated) }
}

/// `first`, then `repeated` over and over, in chunks of 4 096 bytes up to `total` bytes: a source
/// that does not end a value for longer than any test waits.
private struct Flood: AsyncSequence {
    typealias Element = [UInt8]
    let first: [UInt8]
    let repeated: [UInt8]
    var total = 1 << 26
    var pulled = Pulled()

    struct AsyncIterator: AsyncIteratorProtocol {
        let source: Flood
        var index = 0
        mutating func next() async -> [UInt8]? {
            guard index < source.total else { return nil }
            let chunk = (index..<index + 4_096).map { $0 < source.first.count ? source.first[$0] : source.repeated[($0 - source.first.count) % source.repeated.count] }
            index += chunk.count
            source.pulled.add(chunk.count)
            return chunk
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: self) }
}

/// Chunks of the sizes given, cycling.
private struct Chunked: AsyncSequence {
    typealias Element = [UInt8]
    let bytes: [UInt8]
    let sizes: [Int]

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        let sizes: [Int]
        var index = 0
        var turn = 0
        mutating func next() async -> [UInt8]? {
            guard index < bytes.count else { return nil }
            let size = Swift.max(1, sizes[turn % sizes.count])
            turn += 1
            let end = Swift.min(bytes.count, index + size)
            defer { index = end }
            return Array(bytes[index..<end])
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, sizes: sizes) }
}

private func ticks(_ count: Int, from start: Int = 0) -> String {
    (start..<start + count).map { #"{"i":\#($0),"p":\#(Double($0) / 4),"n":"t\#($0) [\"x\"] {}"}"# }.joined(separator: ",")
}

private func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
    var all: [S.Element] = []
    for try await element in sequence { all.append(element) }
    return all
}

@Suite("Streams")
struct StreamTests {
    @Test("the elements of the top-level array, one byte at a time and in chunks of any size, as decodeArray reads them")
    func topLevelArray() async throws {
        let text = "[" + ticks(300) + "]"
        let expected = try Tick.decodeArray(from: text).map { try $0.jsonString() }
        let bytes = Array(text.utf8)
        let byByte = try await collect(Tick.decodeElements(from: OneByteAtATime(bytes: bytes)))
        #expect(try byByte.map { try $0.jsonString() } == expected)
        var random = SystemRandomNumberGenerator()
        for sizes in [[1], [2, 3, 5], [4096], (0..<8).map { _ in Int.random(in: 1...97, using: &random) }] {
            let models = try await collect(Tick.decodeElements(from: Chunked(bytes: bytes, sizes: sizes)))
            #expect(try models.map { try $0.jsonString() } == expected, "chunks \(sizes)")
        }
        #expect(try await collect(Tick.decodeElements(from: Chunked(bytes: Array("  [ ] ".utf8), sizes: [1]))).isEmpty)
    }

    @Test("the array at a designated path, past members that hold brackets, quotes and escapes")
    func designatedPath() async throws {
        let text = #"{"skip":{"e":[{"i":-1}]},"s":"]\"[{","data":{"n":[1,[2]],"e":["# + ticks(5) + #"],"after":{"k":"}"}},"tail":[]}"#
        for sizes in [[1], [7], [10_000]] {
            let models = try await collect(Tick.decodeElements(from: Chunked(bytes: Array(text.utf8), sizes: sizes), at: "data.e"))
            #expect(models.map(\.id) == [0, 1, 2, 3, 4])
        }
        let positional = try await collect(Tick.decodeElements(from: Chunked(bytes: Array(#"[[],[{"i":7}]]"#.utf8), sizes: [1]), at: "1"))
        #expect(positional.map(\.id) == [7])
    }

    @Test("a bad element ends the stream after every element before it, with a path that names it")
    func badElement() async throws {
        let text = #"{"e":["# + ticks(1234) + #",{"i":1234,"p":"high"},"# + ticks(5, from: 1235) + "]}"
        var delivered = 0
        let error = await #expect(throws: MappingError.self) {
            for try await tick in Tick.decodeElements(from: Chunked(bytes: Array(text.utf8), sizes: [333]), at: "e") {
                #expect(tick.id == delivered)
                delivered += 1
            }
        }
        #expect(delivered == 1234)
        #expect(error?.path.description == "e[1234].p")
        // Lossy options leave it out and report it.
        var options = DecodingOptions()
        options.collections = .lossy
        let report = MappingReport()
        let all = try await collect(Tick.decodeElements(from: Chunked(bytes: Array(text.utf8), sizes: [333]), at: "e", options: options, report: report))
        #expect(all.count == 1239)
        #expect(report.entries.map { $0.path.description } == ["e[1234]"])
    }

    @Test("syntax errors: between elements, inside one (placed in the stream, at its index), around the array, a missing array")
    func syntaxErrors() async throws {
        // The document, the designated path, and the error's path: the element the framer was in.
        let cases: [(String, String?, String)] = [
            (#"[{"i":1} {"i":2}]"#, nil, "the top level"),
            (#"[{"i":1},]"#, nil, "the top level"),
            (#"[{"i":1},{"i":2"#, nil, "[1]"),
            (#"[{"i":1},{"i":[2}]"#, nil, "[1]"),
            (#"{"e":[{"i":1},{"i":[[2]]]}]}"#, "e", "e[1]"),
            (#"{"e":[{"i":1}]"#, "e", "e"),
            (#"{"e":[{"i":1}]} x"#, "e", "the top level"),
            (#"{"f":[{"i":1}]}"#, "e", "the top level"),
            (#"{"e":{"i":1}}"#, "e", "e"),
        ]
        for (text, path, errorPath) in cases {
            let error = await #expect(throws: MappingError.self, "\(text)") {
                _ = try await collect(Tick.decodeElements(from: Chunked(bytes: Array(text.utf8), sizes: [3]), at: path))
            }
            #expect(error?.path.description == errorPath, "\(text)")
        }
        let inside = await #expect(throws: MappingError.self) {
            _ = try await collect(Tick.decodeElements(from: Chunked(bytes: Array("[{\"i\":1},\n{\"i\":tru}]".utf8), sizes: [2])))
        }
        guard case .malformedJSON(let syntax)? = inside?.reason else {
            Issue.record("expected a syntax error, got \(String(describing: inside))")
            return
        }
        #expect(syntax.line == 2 && syntax.column == 9 && syntax.offset == 18, "\(syntax)")
        #expect(inside?.path.description == "[1]")
    }

    @Test("stopping after ten elements reads only what those needed")
    func stoppingStopsReading() async throws {
        let source = OneByteAtATime(bytes: Array(("[" + ticks(100_000) + "]").utf8))
        var seen = 0
        for try await _ in Tick.decodeElements(from: source) {
            seen += 1
            if seen == 10 { break }
        }
        #expect(seen == 10)
        #expect(source.pulled.count < 1_000, "\(source.pulled.count) bytes read")
    }

    @Test("JSON Lines, RFC 7464 sequences and concatenated documents, each to its own class")
    func lines() async throws {
        let ndjson = "{\"t\":\"a\",\"s\":1,\"x\":\"hi\"}\n\n{\"t\":\"b\",\"s\":2,\"c\":3}\r\n{\"s\":3}\n"
        let sequence = "\u{1E}{\"t\":\"a\",\"s\":1,\"x\":\"hi\"}\n\u{1E}{\"t\":\"b\",\"s\":2,\"c\":3}\n\u{1E}{\"s\":3}\n"
        let concatenated = "{\"t\":\"a\",\"s\":1,\"x\":\"hi\"}{\"t\":\"b\",\"s\":2,\"c\":3} {\"s\":3}"
        for text in [ndjson, sequence, concatenated] {
            let notes = try await collect(Note.decodeLines(from: OneByteAtATime(bytes: Array(text.utf8))))
            #expect(notes.map { String(describing: type(of: $0)) } == ["NoteA", "NoteB", "Note"])
            #expect(notes.map(\.seq) == [1, 2, 3])
            #expect((notes[0] as? NoteA)?.text == "hi" && (notes[1] as? NoteB)?.count == 3)
        }
        // 100 000 messages, each to its own subclass.
        var many = ""
        for index in 0..<100_000 { many += index % 2 == 0 ? "{\"t\":\"a\",\"s\":\(index)}\n" : "{\"t\":\"b\",\"s\":\(index)}\n" }
        var count = 0
        for try await note in Note.decodeLines(from: Chunked(bytes: Array(many.utf8), sizes: [65_536])) {
            #expect(note.seq == count && (count % 2 == 0 ? note is NoteA : note is NoteB))
            count += 1
        }
        #expect(count == 100_000)
        // A truncated last line is an error after the good ones.
        var good = 0
        await #expect(throws: MappingError.self) {
            for try await _ in Note.decodeLines(from: Chunked(bytes: Array("{\"s\":1}\n{\"s\":2}\n{\"s\":".utf8), sizes: [4])) { good += 1 }
        }
        #expect(good == 2)
        let wrongKind = await #expect(throws: MappingError.self) {
            _ = try await collect(Note.decodeLines(from: Chunked(bytes: Array("{\"s\":1}\n42\n".utf8), sizes: [100])))
        }
        #expect(wrongKind?.path.description == "[1]")
    }

    @Test("a leading byte order mark is skipped, as decode skips it, in every mode and at every chunk boundary")
    func byteOrderMark() async throws {
        let lines = "\u{FEFF}{\"s\":1}\n{\"s\":2}\n"
        let elements = "\u{FEFF}[" + ticks(3) + "]"
        for size in 1...6 {
            let notes = try await collect(Note.decodeLines(from: Chunked(bytes: Array(lines.utf8), sizes: [size])))
            #expect(notes.map(\.seq) == [1, 2], "chunks of \(size)")
            let decoded = try await collect(Tick.decodeElements(from: Chunked(bytes: Array(elements.utf8), sizes: [size])))
            #expect(decoded.map(\.id) == [0, 1, 2], "chunks of \(size)")
        }
        // A mark only at the start: elsewhere, and a mark cut short, are errors.
        for text in ["{\"s\":1}\n\u{FEFF}{\"s\":2}\n", "\u{FEFF}\u{FEFF}{\"s\":1}", "\u{EF}\u{BB}"] {
            await #expect(throws: MappingError.self, "\(text.debugDescription)") {
                _ = try await collect(Note.decodeLines(from: Chunked(bytes: Array(text.utf8), sizes: [1])))
            }
        }
        let cut: [UInt8] = [0xEF, 0xBB]
        await #expect(throws: MappingError.self) { _ = try await collect(Note.decodeLines(from: Chunked(bytes: cut, sizes: [1]))) }
        await #expect(throws: MappingError.self) { _ = try await collect(Tick.decodeElements(from: Chunked(bytes: cut, sizes: [1]))) }
    }

    @Test("cancelling the task stops a stream whose source never ends and never checks cancellation")
    func cancellation() async throws {
        for lines in [false, true] {
            let delivered = Pulled()
            let task = Task {
                var count = 0
                if lines {
                    for try await _ in Note.decodeLines(from: Endless(first: [], repeated: Array(#"{"s":1}\#n"#.utf8))) {
                        count += 1
                        if count == 100 { delivered.add(count) }
                        // Bounded, so that a stream that ignores cancellation fails the test, not hangs it.
                        if count == 2_000_000 { return }
                    }
                } else {
                    for try await _ in Tick.decodeElements(from: Endless(first: Array("[".utf8), repeated: Array(#"{"i":1},"#.utf8))) {
                        count += 1
                        if count == 100 { delivered.add(count) }
                        if count == 2_000_000 { return }
                    }
                }
            }
            while delivered.count == 0 { await Task.yield() }
            task.cancel()
            let result = await task.result
            #expect(throws: CancellationError.self, "lines: \(lines)") { try result.get() }
        }
    }

    @Test("a limit on a value's bytes ends a stream whose source does not end a value, once it holds that much: an element, a document, the document around the array")
    func endlessValue() async throws {
        var options = DecodingOptions()
        options.maxStreamedValueBytes = 10_000
        /// The syntax error `stream` of `source` ended with, or `nil` when it ended another way; and
        /// that it ended before `source` handed out much more than the limit, with the syntax error's
        /// words alone (the value may well be JSON).
        func tooLong<S: AsyncSequence>(_ stream: S, of source: Flood, at path: String? = nil) async -> JSONSyntaxError? {
            defer { #expect(source.pulled.count <= 10_000 + 2 * 4_096, "\(source.pulled.count) bytes read") }
            do {
                for try await _ in stream {}
            } catch let error as MappingError {
                if case .malformedJSON(let syntax) = error.reason, syntax.description.contains("longer than 10000 bytes") {
                    #expect(error.description == syntax.description)
                    if let path { #expect(error.path.description == path) }
                    return syntax
                }
            } catch {}
            return nil
        }
        let string = Flood(first: Array(#"[{"i":1}, {"n":""#.utf8), repeated: Array("ab".utf8))
        let element = await tooLong(Tick.decodeElements(from: string, options: options), of: string, at: "[1]")
        #expect(element?.offset == 10 && element?.column == 11, "\(String(describing: element))")
        // Lossy collections leave out a bad element, not one past a limit: the stream ends, as it
        // does at maxDepth.
        var lossy = options
        lossy.collections = .lossy
        let lossyString = Flood(first: Array(#"[{"i":1}, {"n":""#.utf8), repeated: Array("ab".utf8))
        #expect(await tooLong(Tick.decodeElements(from: lossyString, options: lossy), of: lossyString)?.offset == 10)
        let digits = Flood(first: Array("[1".utf8), repeated: Array("0".utf8))
        #expect(await tooLong(Tick.decodeElements(from: digits, options: options), of: digits)?.offset == 1)
        let nested = Flood(first: Array("{\"s\":1}\n[".utf8), repeated: Array("[],".utf8))
        let document = await tooLong(Note.decodeLines(from: nested, options: options), of: nested)
        #expect(document?.offset == 8 && document?.line == 2 && document?.column == 1, "\(String(describing: document))")
        let updates = Flood(first: Array("{\"s\":1}\n{\"s\":".utf8), repeated: Array("9".utf8))
        #expect(await tooLong(Note().updates(fromLines: updates, options: options), of: updates, at: "[1]")?.offset == 8)
        let key = Flood(first: Array(#"{"e":[],"k":""#.utf8), repeated: Array("x".utf8))
        #expect(await tooLong(Tick.decodeElements(from: key, at: "e", options: options), of: key, at: "e")?.offset == 0)
        #expect(element?.description == "A value longer than 10000 bytes starts at line 1, column 11 (byte 10): raise maxStreamedValueBytes in the options to accept it.")
        // Whitespace between values is no value's, and is not held.
        var spaced = 0
        for try await _ in Note.decodeLines(from: Chunked(bytes: Array((#"{"s":1}"# + String(repeating: " ", count: 30_000) + #"{"s":2}"#).utf8), sizes: [7]),
                                            options: options) { spaced += 1 }
        #expect(spaced == 2)
    }

    @Test("iterated on the main actor, in order")
    @MainActor
    func mainActor() async throws {
        var seen: [Int] = []
        for try await tick in Tick.decodeElements(from: Chunked(bytes: Array(("[" + ticks(50) + "]").utf8), sizes: [17])) {
            seen.append(tick.id)
        }
        #expect(seen == Array(0..<50))
    }
}

@Suite("Streams against in-memory decoding")
struct StreamPropertyTests {
    /// A random JSON value, at most `depth` deep, with strings that hold brackets, quotes and escapes.
    private static func randomValue(_ random: inout SeededGenerator, depth: Int) -> JSON {
        switch Int.random(in: 0..<(depth > 0 ? 7 : 4), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(JSONNumber(Int.random(in: -1000...1000, using: &random)))
        case 3: return .string(["", "]", "[{", "\"}\"", "\\", "é\u{1}", "a,b"].randomElement(using: &random)!)
        case 4, 5:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                object[["i", "p", "n", "x", "]", "\""].randomElement(using: &random)!] = randomValue(&random, depth: depth - 1)
            }
            return .object(object)
        default:
            return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in randomValue(&random, depth: depth - 1) })
        }
    }

    /// What a decode made: each model's JSON, or the error's path.
    private static func outcome(_ body: () throws -> [Tick]) -> String {
        do {
            return try body().map { try $0.jsonString() }.joined(separator: "|")
        } catch let error as MappingError {
            return "error at \(error.path)"
        } catch {
            return "error \(error)"
        }
    }

    @Test("random arrays split at random places: the same models as decodeArray, or an error at the same element")
    func randomDocuments() async throws {
        var random = SeededGenerator(seed: 0x5_7EA4)
        var checked = 0
        for _ in 0..<400 {
            let elements = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                Bool.random(using: &random) ? JSON.object(["i": .number(JSONNumber(Int.random(in: 0...99, using: &random))), "p": 1.5, "n": "a]b"])
                    : Self.randomValue(&random, depth: 3)
            }
            let document: JSON = ["head": Self.randomValue(&random, depth: 2), "e": .array(elements), "tail": Self.randomValue(&random, depth: 2)]
            let text = try document.serializedString(formatting: Bool.random(using: &random) ? [.prettyPrinted] : [])
            let expected = Self.outcome { try Tick.decodeArray(from: text, at: "e") }
            let sizes = (0..<4).map { _ in Int.random(in: 1...40, using: &random) }
            var streamed: [Tick] = []
            var failure: MappingError?
            do {
                for try await tick in Tick.decodeElements(from: Chunked(bytes: Array(text.utf8), sizes: sizes), at: "e") { streamed.append(tick) }
            } catch let error as MappingError {
                failure = error
            }
            let actual = failure.map { "error at \($0.path)" } ?? streamed.map { (try? $0.jsonString()) ?? "?" }.joined(separator: "|")
            #expect(actual == expected, "\(text)")
            checked += 1
        }
        #expect(checked == 400)
    }

    /// How many models `stream` delivered, and the syntax error it ended with (`nil`: it ended).
    private static func delivered<S: AsyncSequence>(_ stream: S) async throws -> (count: Int, error: JSONSyntaxError?) {
        var count = 0
        do {
            for try await _ in stream { count += 1 }
        } catch let error as MappingError {
            guard case .malformedJSON(let syntax) = error.reason else { throw error }
            return (count, syntax)
        }
        return (count, nil)
    }

    @Test("a limit on a value's bytes refuses the first value past it, at its start, however the bytes are split, as elements and as lines")
    func valueLimit() async throws {
        var random = SeededGenerator(seed: 0x11_4173)
        var refused = 0
        for _ in 0..<300 {
            let elements = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                JSON.object(["i": .number(JSONNumber(Int.random(in: 0...99, using: &random))), "n": .string(String(repeating: "x", count: Int.random(in: 0...40, using: &random)))])
            }
            let texts = try elements.map { try $0.serializedString() }
            var options = DecodingOptions()
            options.maxStreamedValueBytes = Int.random(in: 20...60, using: &random)
            let sizes = (0..<3).map { _ in Int.random(in: 1...64, using: &random) }
            // What the limit lets through: the values before the first longer one, then an error at
            // that one's first byte (the document around the array is 14 bytes).
            let passed = texts.prefix { $0.utf8.count <= options.maxStreamedValueBytes! }.count
            /// Where the first value refused starts, when each value takes `separator` more bytes.
            func refusedOffset(before first: Int, separator: Int) -> Int? {
                passed == texts.count ? nil : first + texts.prefix(passed).map { $0.utf8.count + separator }.reduce(0, +)
            }
            let text = #"{"e":[ "# + texts.joined(separator: " , ") + " ]}"
            let asElements = try await Self.delivered(Tick.decodeElements(from: Chunked(bytes: Array(text.utf8), sizes: sizes), at: "e", options: options))
            #expect(asElements.count == passed && asElements.error?.offset == refusedOffset(before: 7, separator: 3), "\(options.maxStreamedValueBytes!), chunks \(sizes): \(text)")
            let lines = texts.joined(separator: "\n")
            let asLines = try await Self.delivered(Tick.decodeLines(from: Chunked(bytes: Array(lines.utf8), sizes: sizes), options: options))
            #expect(asLines.count == passed && asLines.error?.offset == refusedOffset(before: 0, separator: 1), "\(options.maxStreamedValueBytes!), chunks \(sizes): \(lines)")
            if let error = asLines.error { #expect(error.line == passed + 1 && error.column == 1) }
            if passed < texts.count { refused += 1 }
        }
        #expect(refused > 50)
    }

    /// The line and column of the byte at `offset` of `bytes`, counted as the errors count them: a
    /// line feed starts a line, and a UTF-8 continuation byte is no column of its own.
    private static func place(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<offset] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0b1100_0000 != 0b1000_0000 {
                column += 1
            }
        }
        return (line, column)
    }

    /// An error's text without its place.
    private static func withoutPlace(_ error: JSONSyntaxError) -> String {
        error.description.replacingOccurrences(of: #" at line \d+, column \d+ \(byte \d+\)"#, with: "", options: .regularExpression)
    }

    @Test("a syntax error in a stream is placed where it is: the same line, column and offset as in memory")
    func errorPlaces() async throws {
        var random = SeededGenerator(seed: 0x91ACE)
        var placed = 0
        for _ in 0..<400 {
            let elements = (0..<Int.random(in: 1...5, using: &random)).map { _ in Self.randomValue(&random, depth: 3) }
            // Characters of two and three bytes just before line feeds, as pretty output puts them.
            let document: JSON = ["head": [.string("ü€é"), Self.randomValue(&random, depth: 2)], "e": .array(elements + ["€"])]
            var bytes = Array(try document.serializedString(formatting: Bool.random(using: &random) ? [.prettyPrinted] : []).utf8)
            // One byte broken: a bracket, quote or letter where it does not belong.
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = Array("{}[]\"x,:".utf8).randomElement(using: &random)!
            var inMemory: JSONSyntaxError?
            do {
                _ = try JSON(parsing: String(decoding: bytes, as: UTF8.self))
            } catch {
                inMemory = error
            }
            let sizes = (0..<3).map { _ in Int.random(in: 1...30, using: &random) }
            do {
                for try await _ in Tick.decodeElements(from: Chunked(bytes: bytes, sizes: sizes), at: "e") {}
            } catch let error as MappingError {
                guard case .malformedJSON(let syntax) = error.reason else { continue }
                let expected = Self.place(of: syntax.offset, in: bytes)
                #expect(syntax.line == expected.line && syntax.column == expected.column, "\(syntax) in \(String(decoding: bytes, as: UTF8.self))")
                // Inside an element, the same error as the in-memory parser's, at the same byte.
                // (Around the array the framer checks the grammar only once the stream ends.)
                if error.path.description.hasSuffix("]"), let inMemory, Self.withoutPlace(inMemory) == Self.withoutPlace(syntax) {
                    #expect(inMemory.offset == syntax.offset, "\(syntax) at \(error.path) against \(inMemory)")
                }
                placed += 1
            }
        }
        #expect(placed > 100)
    }

    @Test("bytes that are not JSON end the stream with an error, never a crash or a hang")
    func garbage() async throws {
        var random = SeededGenerator(seed: 0x6A_4BA6E)
        let alphabet = Array("{}[],:\"\\ \n\u{1E}0123456789.-eEtrufalsn".utf8) + [0xFF, 0xC3]
        var errors = 0
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...60, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            do {
                for try await _ in Tick.decodeElements(from: Chunked(bytes: bytes, sizes: [3, 1, 7])) {}
            } catch is MappingError {
                errors += 1
            }
            do {
                for try await _ in Tick.decodeLines(from: Chunked(bytes: bytes, sizes: [2, 5])) {}
            } catch is MappingError {
                errors += 1
            }
        }
        #expect(errors > 3_000)
    }
}
