// @testable: `utf8Precedes` and `utf8Equals` are internal; they must agree with the generic
// byte comparisons.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("UTF-8 order")
struct UTF8OrderTests {
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
