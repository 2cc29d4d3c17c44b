// @testable: `PackedNumberText` is internal; its packing must give back exactly the text it packed.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Packed number text")
struct PackedNumberTextTests {
    @Test("every length from 1 to 31 packs and gives back exactly its characters; 32 and other bytes are refused")
    func roundTrips() {
        var generator = SystemRandomNumberGenerator()
        let characters = Array("0123456789.-+eE".utf8)
        for length in 1...31 {
            for _ in 0..<200 {
                let text = (0..<length).map { _ in characters.randomElement(using: &generator)! }
                // Padded on both sides, so that the packing reads only its own range.
                let document = DocumentBytes(copying: [UInt8(ascii: "[")] + text + [UInt8(ascii: "]")])
                let packed = PackedNumberText(document, from: 1, to: 1 + length)
                #expect(packed?.text == String(decoding: text, as: UTF8.self), "\(String(decoding: text, as: UTF8.self))")
            }
        }
        let long = DocumentBytes(copying: Array(repeating: UInt8(ascii: "1"), count: 32))
        #expect(PackedNumberText(long, from: 0, to: 32) == nil)
        for refused in [UInt8(ascii: "x"), UInt8(ascii: " "), 0, 0x80, 0xB0, 0xFF] {
            for position in [0, 5, 15, 16, 20] {
                var text = Array("12345678901234567890.5".utf8)
                text[position] = refused
                #expect(PackedNumberText(DocumentBytes(copying: text), from: 0, to: text.count) == nil, "\(refused) at \(position)")
            }
        }
    }
}
