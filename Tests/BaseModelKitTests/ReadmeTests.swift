import BaseModelKit
import Foundation
import Testing

/// The README's example, compiled and run here. The lines between the markers must be the README's
/// first Swift block (without its import line), which `readmeMatches` checks, so the two cannot drift.
@Suite("README")
struct ReadmeTests {
    @Test("the README example runs and prints what its comment says")
    func example() throws {
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }
        // README example begins
        final class Bet: BaseModel {
            var betId: String?
            var amount: Double = 0
            override class var apiToLocal: [String: String] { ["i": "betId", "a": "amount"] }
        }

        let bet = try Bet.decode(from: #"{"i":"b1","a":2.5}"#)   // JSON → model
        try bet.update(from: #"{"a":3}"#)                        // in place; only present keys change
        print(try bet.jsonString())                              // {"i":"b1","a":3}
        // README example ends
        #expect(printed == [#"{"i":"b1","a":3}"#])
    }

    @Test("the README's first screen speaks of the basics only: no advanced API in its first 40 lines")
    func firstScreen() throws {
        let readme = try String(contentsOf: SharedFiles.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let firstScreen = readme.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).joined(separator: "\n")
        for advanced in ["IdentityPath", "keepsUnknownKeys", "changes(since", "snapshot", "PATCH", "identities", "partialCollections", "MessageRouter",
                         "decodeElements", "decodeLines", "updates(fromLines", "validateMappings", "Observable", "transformers", "constructors"] {
            #expect(!firstScreen.contains(advanced), "\(advanced)")
        }
        #expect(firstScreen.contains("swift run -c release Demo") && firstScreen.contains("swift test"))
    }

    @Test("the example above is the README's first Swift block")
    func readmeMatches() throws {
        let readme = try String(contentsOf: SharedFiles.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        let readmeLines = block.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0 != "import BaseModelKit" }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let region = try #require(source.components(separatedBy: "// README example begins\n").last?.components(separatedBy: "// README example ends").first)
        let testLines = region.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(testLines == readmeLines)
    }
}
