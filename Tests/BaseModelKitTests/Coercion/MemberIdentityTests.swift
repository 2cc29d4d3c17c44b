@testable import BaseModelKit
import Testing

@Suite("Identities read from elements")
struct MemberIdentityTests {
    /// Objects that are not JSON are left out: the in-place reading does not check the other members
    /// (the element's decode, which follows, fails on them either way).
    @Test("the in-place reading of compact objects finds what the parser finds, for random objects")
    func compactAgreesWithParser() throws {
        var random = SeededGenerator(seed: 0x1D_E47)
        let values = ["1", "-7", "0", "007", "12345678901234567890", "1.5", "2e3", "\"a\"", "\"\\u0041\"", "\"é\"", "null", "true",
                      "{\"i\":3}", "[1,{\"i\":2}]", "\"}\"", "\"a,b\"", "-", "\"\""]
        let keys = ["i", "id", "p", "\"", "ii"]
        var compared = 0
        for _ in 0..<5_000 {
            let members = (0..<Int.random(in: 0...4, using: &random)).map { _ in
                "\"\(keys.randomElement(using: &random)!)\":\(values.randomElement(using: &random)!)"
            }
            let spaced = Bool.random(using: &random)
            let text = spaced ? "{ " + members.joined(separator: " , ") + " }" : "{" + members.joined(separator: ",") + "}"
            guard (try? JSON(parsing: text)) != nil else { continue }
            var parser = try JSONParser(bytes: DocumentBytes(copying: Array(text.utf8)), maxDepth: 64)
            for key in ["i", "id"] {
                let read = parser.memberIdentity(named: key, bytes: Array(key.utf8))
                #expect(parser.position == 0, "the parser moved")
                let parsed = try parser.identity(named: key).map(IdentityKey.init)
                #expect(read == parsed, "\(text) \(key)")
                compared += 1
            }
        }
        #expect(compared > 2_000)
    }

    /// A positional element's values are read ahead on the parser itself, which is put back: it reads
    /// what the tree holds at each position, and leaves the parser where it was, malformed or not.
    @Test("an element read ahead by position is the tree's, and the parser stays where it was")
    func positionsReadAheadInPlace() throws {
        var random = SeededGenerator(seed: 0x9051)
        let values = ["1.5", "0", "-2e3", "\"45285.20000\"", "null", "[1,[2]]", "{\"a\":[1,2]}", "true", "\"x]\"", "[", "{\"a\":", "1.", "\"\\q\""]
        var read = 0
        for _ in 0..<3_000 {
            let items = (0..<Int.random(in: 0...4, using: &random)).map { _ in values.randomElement(using: &random)! }
            let text = "[" + items.joined(separator: ",") + (Bool.random(using: &random) ? "]" : "")
            var parser = try JSONParser(bytes: DocumentBytes(copying: Array(text.utf8)), maxDepth: 64)
            let tree = try? JSON(parsing: text)
            for position in 0..<5 {
                let value = parser.elementValue(at: position)
                #expect(parser.position == 0 && parser.depth == 0, "\(text) \(position): the parser moved")
                if case .array(let elements)? = tree {
                    let expected: JSON? = position < elements.count ? elements[position] : Optional.none
                    #expect(value == expected, "\(text) \(position)")
                    read += 1
                }
            }
            // The parser reads the whole value after the reads ahead as a new one does.
            #expect((try? parser.readValue()) == tree, "\(text)")
        }
        #expect(read > 2_000)
    }
}
