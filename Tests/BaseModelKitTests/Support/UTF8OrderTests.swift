// @testable: `utf8Precedes`, `utf8Equals` and `forEachInUTF8Order` are package declarations; they must agree
// with the generic byte comparisons.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("UTF-8 order")
struct UTF8OrderTests {
    @Test("forEachInUTF8Order and utf8Sorted give the order of utf8Precedes, on strings that share their first eight bytes too")
    func ordersAsUTF8Precedes() {
        var generator = SeededGenerator(seed: 0x07F9)
        let alphabet = Array("ab0é😀\u{301}\u{0}")
        for round in 0..<200 {
            // Short strings, long ones with a shared start, and repeats.
            let shared = String(repeating: "k", count: round % 12)
            var strings: [String] = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                shared + String((0..<Int.random(in: 0...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
            if let first = strings.first { strings.append(first) }
            let expected = strings.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            var order: [Int] = []
            forEachInUTF8Order(strings) { order.append($0) }
            #expect(order.sorted() == Array(strings.indices))
            #expect(order.map { Array(strings[$0].utf8) } == expected.map { Array($0.utf8) })
            #expect(strings.utf8Sorted().map { Array($0.utf8) } == expected.map { Array($0.utf8) })
            let fromSet = Set(strings).utf8Sorted()
            #expect(fromSet.count == Set(strings).count)
            #expect(zip(fromSet, fromSet.dropFirst()).allSatisfy { !$1.utf8.lexicographicallyPrecedes($0.utf8) })
        }
    }

    @Test("utf8Precedes and utf8Equals agree with comparing the UTF-8 views, both ways, on every pair")
    func agreesWithTheGenericComparison() {
        var generator = SeededGenerator(seed: 0x07F8)
        var strings = ["", "a", "b", "ab", "abc", "abd", "a\u{0}", "Z", "é", "e\u{301}", "ﬃ", "😀", "😀a",
                       "138586341", "138586345", "13858634", "1385863410", String(repeating: "x", count: 15),
                       String(repeating: "x", count: 16), String(repeating: "x", count: 40) + "y",
                       String(repeating: "x", count: 40) + "z", NSString(string: "bridged ✓") as String]
        let alphabet = Array("ab0é😀\u{301}")
        for _ in 0..<200 {
            let length = Int.random(in: 0...20, using: &generator)
            strings.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator)! }))
        }
        for left in strings {
            for right in strings {
                #expect(left.utf8Precedes(right) == left.utf8.lexicographicallyPrecedes(right.utf8), "\(left) \(right)")
                #expect(left.utf8Equals(right) == left.utf8.elementsEqual(right.utf8), "\(left) \(right)")
            }
        }
    }
}
