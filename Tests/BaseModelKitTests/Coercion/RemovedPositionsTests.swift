// @testable: the count of removed positions an identity index keeps is not public.
@testable import BaseModelKit
import Testing

@Suite("Removed positions of an identity index")
struct RemovedPositionsTests {
    @Test("counts before each position match a plain count, as removals come in any order and past the room held")
    func countsMatchAPlainCount() {
        var generator = SeededGenerator(seed: 0xF3_4E)
        for size in [1, 7, 64, 1_000, 20_000] {
            var positions = RemovedPositions()
            var removed = [Bool](repeating: false, count: size)
            // Half the positions, in random order: the tree grows as larger ones come.
            for (turn, position) in Array(0..<size).shuffled(using: &generator).prefix(size / 2 + 1).enumerated() {
                positions.insert(position)
                removed[position] = true
                if turn.isMultiple(of: max(1, size / 20)) {
                    var before = 0
                    for probe in 0...size {
                        #expect(positions.count(before: probe) == before, "size \(size), position \(probe)")
                        if probe < size, removed[probe] { before += 1 }
                    }
                }
            }
            #expect(positions.count == removed.filter { $0 }.count)
            #expect(positions.count(before: size * 10) == positions.count)
        }
    }
}
