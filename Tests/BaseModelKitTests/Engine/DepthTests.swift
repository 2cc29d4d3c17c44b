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
            .hasPrefix("The data is not valid JSON. Nesting deeper than 512 levels at line 1, column 2561 (byte 2560)") == true)
        #expect(message { _ = try TreeNode.decode(from: nested(100_000, key: "cs")) }?
            .hasPrefix("The data is not valid JSON. Nesting deeper than 512 levels") == true)
    }
}
