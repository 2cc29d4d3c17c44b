// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Testing

@Suite("Seen indices")
struct SeenIndicesTests {
    @Test("random indices, within the word's 64 and past them, are seen exactly as a Set sees them")
    func agreesWithSet() {
        var random = SeededGenerator(seed: 6_401)
        var further = 0
        for _ in 0..<300 {
            var seen = SeenIndices()
            var expected = Set<Int>()
            // Up to 100 indices from a range that reaches past 64 in most rounds: repeats are common.
            let bound = Int.random(in: 1...200, using: &random)
            for _ in 0..<Int.random(in: 1...100, using: &random) {
                let index = Int.random(in: 0..<bound, using: &random)
                if index >= 64 { further += 1 }
                #expect(seen.insert(index) == expected.insert(index).inserted, "index \(index)")
            }
        }
        #expect(further > 4_000)
    }
}
