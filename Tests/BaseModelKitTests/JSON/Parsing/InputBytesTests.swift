// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Foundation
import Testing

/// Keeps the object its `deserialize` was handed, to read after the decode returned.
final class KeepsItsObject: BaseModel {
    var name: String = ""
    var child: KeepsItsObject?
    nonisolated(unsafe) var kept: JSONObject?
    override class var apiToLocal: [String: String] { ["n": "name", "c": "child"] }

    override func deserialize(_ object: JSONObject) throws {
        kept = object
        try super.deserialize(object)
    }
}

@Suite("Document bytes")
struct DocumentBytesTests {
    @Test("Data (inline, large, sliced), arrays and other collections are read as exactly their bytes")
    func readsEveryKind() {
        var generator = SystemRandomNumberGenerator()
        for size in [0, 1, 14, 15, 16, 100, 4_096, 100_003] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let data = Data(bytes)
            #expect(DocumentBytes.reading(data) { $0.array } == bytes)
            #expect(DocumentBytes.reading(bytes) { $0.array } == bytes)
            #expect(DocumentBytes.reading(bytes.reversed()) { $0.array } == bytes.reversed())
            #expect(DocumentBytes.reading(data) { $0.isCopy } == false)
            if size > 10 {
                let slice = data[3..<(size - 2)]
                #expect(DocumentBytes.reading(slice) { $0.array } == Array(bytes[3..<(size - 2)]))
                #expect(DocumentBytes.reading(bytes[3..<(size - 2)]) { $0.array } == Array(bytes[3..<(size - 2)]))
            }
        }
    }

    @Test("a copy of lent bytes outlives the call that lent them")
    func copyOutlivesTheLoan() {
        var data = Data(Array(repeating: UInt8(ascii: "x"), count: 1_000))
        let copy = DocumentBytes.reading(data) { $0.copyingIfLent() }
        data.resetBytes(in: 0..<data.count)
        #expect(copy.isCopy)
        #expect(copy.count == 1_000)
        #expect(copy.array == Array(repeating: UInt8(ascii: "x"), count: 1_000))
        #expect(copy.copyingIfLent().base == copy.base)
    }

    @Test("objects handed to hooks read their bytes after the decode, though the Data was overwritten")
    func hookObjectsKeepTheirBytes() throws {
        let text = #"{"n":"outer","c":{"n":"inner","x":[1,2,3]},"pad":"\#(String(repeating: "p", count: 200))"}"#
        for kind in ["Data", "array", "text"] {
            var data = Data(text.utf8)
            var array = Array(text.utf8)
            let model: KeepsItsObject
            switch kind {
            case "Data": model = try KeepsItsObject.decode(from: data)
            case "array": model = try KeepsItsObject.decode(from: array)
            default: model = try KeepsItsObject.decode(from: text)
            }
            // Overwrite the caller's bytes in place: a hook object reading them would see spaces.
            data.resetBytes(in: 0..<data.count)
            for index in array.indices { array[index] = 0x20 }
            #expect(model.name == "outer" && model.child?.name == "inner", "\(kind)")
            #expect(model.kept?["n"] == .string("outer"), "\(kind)")
            #expect(model.child?.kept?["x"] == .array([1, 2, 3]), "\(kind)")
            #expect(model.kept?["pad"]?.string?.count == 200, "\(kind)")
        }
    }

    @Test("a parser reads lent bytes in place until it keeps them; then it reads a copy at the same offsets")
    func keepingBytes() throws {
        let kept = try DocumentBytes.reading(Data(#" {"a":[1,"b"]}"#.utf8)) { document in
            var parser = try JSONParser(bytes: document, maxDepth: 8)
            parser.skipWhitespace()
            #expect(!parser.bytes.isCopy)
            #expect(parser.bytes.base == document.base)
            parser.keepBytes()
            #expect(parser.bytes.isCopy)
            #expect(parser.bytes.base != document.base)
            return parser
        }
        var reader = kept
        #expect(reader.position == 1)
        #expect(try reader.readDocument() == .object(["a": [1, "b"]]))
    }

    @Test("a read outside the document stops the program")
    func readOutsideStops() async {
        await #expect(processExitsWith: .failure) {
            let bytes = DocumentBytes(copying: [1, 2, 3])
            _ = bytes[3]
        }
        await #expect(processExitsWith: .failure) {
            let bytes = DocumentBytes(copying: [1, 2, 3])
            _ = bytes[2..<4]
        }
    }
}
