import BaseModelKit
import Foundation
import Testing

final class TreeNode: BaseModel {
    var name: String = ""
    var child: TreeNode?
    var children: [TreeNode] = []
    override class var apiToLocal: [String: String] { ["n": "name", "c": "child", "cs": "children"] }
}

@Suite("Nesting depth")
struct DepthTests {
    /// `{"c":{"c":…}}` nested `depth` objects deep (through `key`), innermost named "leaf".
    private func nested(_ depth: Int, key: String) -> String {
        let open = key == "cs" ? #"{"cs":["# : #"{"c":"#
        let close = key == "cs" ? "]}" : "}"
        return String(repeating: open, count: depth - 1) + #"{"n":"leaf"}"# + String(repeating: close, count: depth - 1)
    }

    @Test("models nested up to the default limit decode and encode on a test thread's stack")
    func deepWithinLimit() throws {
        for key in ["c", "cs"] {
            let depth = key == "c" ? 512 : 256
            let root = try TreeNode.decode(from: nested(depth, key: key))
            var levels = 1
            var node = root
            while let next = node.child ?? node.children.first {
                node = next
                levels += 1
            }
            #expect(levels == depth)
            #expect(node.name == "leaf")
            #expect(try root.jsonData().count > depth)
        }
    }

    @Test("deeper nesting is an error with its place, not a stack overflow")
    func tooDeep() {
        #expect(message { _ = try TreeNode.decode(from: nested(100_000, key: "c")) }?
            .hasPrefix("Nesting deeper than 512 levels at line 1, column 2561 (byte 2560)") == true)
        #expect(message { _ = try TreeNode.decode(from: nested(100_000, key: "cs")) }?
            .hasPrefix("Nesting deeper than 512 levels") == true)
    }

    @Test("a graph that holds itself is an error when written, through a property, an array and an override, whatever the output")
    func cyclesWritten() throws {
        let node = TreeNode()
        node.child = node
        let hooked = HookedTreeNode()
        hooked.child = hooked
        let listed = TreeNode()
        listed.children = [TreeNode(), listed]
        // The cycles broken at the end, so that the graphs are freed.
        defer {
            node.child = nil
            hooked.child = nil
            listed.children = []
        }
        var pretty = EncodingOptions()
        pretty.formatting = [.prettyPrinted, .sortedKeys]
        var shallow = EncodingOptions()
        shallow.maxDepth = 8
        let writes: [(String, () throws -> Void)] = [
            ("c.c.c", { _ = try node.jsonData() }), ("c.c.c", { _ = try node.jsonString(options: pretty) }), ("c.c.c", { _ = try node.dictionary() }), ("c.c.c", { _ = try node.copy() }),
            ("c.c.c", { _ = try hooked.jsonData() }), ("cs[1].cs[1].cs[1]", { _ = try listed.jsonData() }),
        ]
        for (place, write) in writes {
            let text = message(of: write)
            #expect(text?.hasPrefix("Cannot write the object at \(place)") == true, "\(text ?? "no error")")
            #expect(text?.contains("models nest deeper than 512 levels (a cycle of references?)") == true, "\(text ?? "no error")")
        }
        // What reads the graph object by object meets each object once.
        let snapshot = node.snapshot()
        node.name = "loop"
        #expect(node.changes(since: snapshot).map(\.description) == [#"name at n: "" → "loop""#])
        // Through a `Codable` encoder, the encoder's own error, which carries the model's.
        let encoder = try #require(throws: EncodingError.self) { try JSONEncoder().encode(node) }
        #expect("\(encoder)".contains("models nest deeper than 512 levels (a cycle of references?)"))
        #expect(message { _ = try node.jsonData(options: shallow) } == "Cannot write the object at c.c.c.c.c.c.c.c (TreeNode.child): models nest deeper than 8 levels (a cycle of references?); raise EncodingOptions.maxDepth if the nesting is real.")
    }
}

final class HookedTreeNode: BaseModel {
    var name: String = ""
    var child: HookedTreeNode?
    var raw: JSON = .null
    override class var apiToLocal: [String: String] { ["n": "name", "c": "child", "r": "raw"] }
    override func deserialize(_ object: JSONObject) throws { try super.deserialize(object) }
    override func serialize() throws -> JSONObject { try super.serialize() }
}

@Suite("Small stacks")
struct SmallStackTests {
    /// `{"c":{"c":…}}`, `depth` objects deep, innermost named "leaf".
    private func chain(_ depth: Int) -> String {
        String(repeating: #"{"c":"#, count: depth - 1) + #"{"n":"leaf"}"# + String(repeating: "}", count: depth - 1)
    }

    /// What decoding and encoding a chain `depth` deep on a thread of `stackBytes` gives: "ok", or the
    /// start of the error.
    private func outcome(depth: Int, stackBytes: Int, hooked: Bool) -> String {
        let text = chain(depth)
        return onThread(stackBytes: stackBytes) { () -> String in
            do {
                let written = hooked ? try HookedTreeNode.decode(from: text).jsonString() : try TreeNode.decode(from: text).jsonString()
                return written.count > depth ? "ok" : "short"
            } catch let error as MappingError {
                guard case .stackExhausted = error.reason else { return "\(error)" }
                return "stack"
            } catch {
                return "\(error)"
            }
        }
    }

    @Test("on 64 KB and 96 KB threads, nested models decode and encode or stop with stackExhausted, plain and hooked", arguments: [64 << 10, 96 << 10])
    func smallThreads(stackBytes: Int) {
        var results: [Int: String] = [:]
        for depth in [1, 2, 4, 8, 12, 16, 24, 32, 64, 128, 512] {
            for hooked in [false, true] {
                let result = outcome(depth: depth, stackBytes: stackBytes, hooked: hooked)
                #expect(result == "ok" || result == "stack", "depth \(depth), hooked \(hooked): \(result)")
                results[depth] = result
            }
        }
        // Shallow documents still work on the smallest thread; the deepest are refused.
        #expect(results[2] == "ok")
        #expect(results[512] == "stack")
    }

    @Test("a graph built on a large stack is refused, not a crash, when written on a 64 KB thread")
    func writeOnSmallThread() throws {
        // Built on a thread with room (AddressSanitizer's frames do not fit a test thread's stack).
        let text = chain(1_000)
        nonisolated(unsafe) var built: TreeNode?
        let failure = onThread(stackMegabytes: 256) { () -> String? in
            var options = DecodingOptions()
            options.maxDepth = 2_000
            do {
                built = try TreeNode.decode(from: text, options: options)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(failure == nil)
        nonisolated(unsafe) let shared = try #require(built)
        let result = onThread(stackBytes: 64 << 10) { () -> String in
            message { _ = try shared.jsonData() } ?? "written"
        }
        #expect(result.hasPrefix("Cannot go deeper at c.c.c"), "\(result)")
    }
}
