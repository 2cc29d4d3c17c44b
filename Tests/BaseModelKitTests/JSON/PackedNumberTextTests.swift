// @testable: `PackedNumberText`, its `Packer` and `DocumentBytes.digitRun(at:)` are internal; packing
// must give back exactly the text packed, and the parser must keep every number's exact text.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Packed number text")
struct PackedNumberTextTests {
    static let characters = Array("0123456789.-+eE".utf8)

    /// A character's code: its position in `characters` plus one.
    static func code(_ byte: UInt8) -> UInt64 {
        UInt64(characters.firstIndex(of: byte)! + 1)
    }

    @Test("every length from 1 to 31 packs and gives back exactly its characters, appended one by one or in runs of up to 16; 32 is refused")
    func roundTrips() {
        var generator = SystemRandomNumberGenerator()
        for length in 1...40 {
            for _ in 0..<200 {
                let text = (0..<length).map { _ in Self.characters.randomElement(using: &generator)! }
                var single = PackedNumberText.Packer()
                for byte in text { single.append(Self.code(byte)) }
                // The same characters in runs of 1 to 16, as the parser appends digits.
                var runs = PackedNumberText.Packer()
                var index = 0
                while index < text.count {
                    let run = min(Int.random(in: 1...16, using: &generator), text.count - index)
                    var codes: UInt64 = 0
                    for offset in 0..<run { codes |= Self.code(text[index + offset]) << UInt64(4 * offset) }
                    runs.append(codes, count: run)
                    index += run
                }
                let expected = length <= 31 ? String(decoding: text, as: UTF8.self) : nil
                #expect(single.packed?.text == expected, "\(String(decoding: text, as: UTF8.self))")
                #expect(runs.packed?.text == expected, "\(String(decoding: text, as: UTF8.self))")
            }
        }
    }

    @Test("a digit run at any position counts exactly the digits before the first other byte, and packs them")
    func digitRuns() {
        var generator = SystemRandomNumberGenerator()
        // Bytes around the digits' range, and bytes that carry when 6 is added to them.
        let others: [UInt8] = [0, 0x2F, 0x3A, 0x2E, 0x65, 0x45, 0x20, 0x80, 0xB0, 0xB9, 0xF9, 0xFA, 0xFF, 0x33 | 0x80]
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let bytes = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0x30...0x39, using: &generator)
                    : (Bool.random(using: &generator) ? others.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator))
            }
            let document = DocumentBytes(copying: bytes)
            for start in 0...length {
                let run = document.digitRun(at: start)
                guard start + 8 <= length else {
                    #expect(run == nil, "\(bytes) at \(start)")
                    continue
                }
                var count = 0
                var codes: UInt64 = 0
                while count < 8, bytes[start + count] >= 0x30, bytes[start + count] <= 0x39 {
                    codes |= UInt64(bytes[start + count] - 0x30 + 1) << UInt64(4 * count)
                    count += 1
                }
                #expect(run?.count == count, "\(bytes) at \(start)")
                #expect(run?.codes == codes, "\(bytes) at \(start)")
            }
        }
        #expect(DocumentBytes(copying: Array("12345678".utf8)).digitRun(at: -1) == nil)
    }

    @Test("parsed numbers of every length keep their exact text; numbers broken anywhere are refused")
    func parsedNumbers() throws {
        var generator = SystemRandomNumberGenerator()
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        }
        for _ in 0..<3_000 {
            var text = Bool.random(using: &generator) ? "-" : ""
            let integer = Int.random(in: 1...22, using: &generator)
            text += Int.random(in: 1...9, using: &generator).description + digits(integer - 1)
            if Bool.random(using: &generator) { text += "." + digits(Int.random(in: 1...24, using: &generator)) }
            if Bool.random(using: &generator) {
                text += ["e", "E"].randomElement(using: &generator)! + ["", "+", "-"].randomElement(using: &generator)!
                text += digits(Int.random(in: 1...4, using: &generator))
            }
            // Alone, in an array, and followed by other values, so the runs meet every kind of end.
            for document in [text, "[\(text)]", "[\(text),1,\"x\"]", "{\"k\":\(text)}"] {
                let parsed = try JSON(parsing: document)
                let number = parsed.number ?? parsed.array?.first?.number ?? parsed["k"]?.number
                #expect(number?.text == text, "\(document)")
            }
            // Every way to break it: a digit-less fraction or exponent, or a byte that is not a digit.
            for broken in [text + ".", text + "e", text + "e+", text + ".e1", text + "x"] {
                #expect(throws: JSONSyntaxError.self, "\(broken)") { try JSON(parsing: "[\(broken)]") }
            }
        }
        // A zero is a whole integer part.
        for text in ["0", "-0", "0.5", "-0.0e-0", "0E+12", "-0.12345678901234567890"] {
            #expect(try JSON(parsing: "[\(text)]").array?.first?.number?.text == text, "\(text)")
        }
        for broken in ["01", "-01", "00", "-00.5", "01e3", "-012345678901234567890"] {
            #expect(throws: JSONSyntaxError.self, "\(broken)") { try JSON(parsing: "[\(broken)]") }
        }
    }

    @Test("a parsed number's Double, short or packed, is the one its text reads as, for every shape of digits, point and sign")
    func doubles() throws {
        var generator = SeededGenerator(seed: 2_611_26)
        var checked = 0
        for _ in 0..<20_000 {
            let integerDigits = Int.random(in: 1...18, using: &generator)
            let fractionDigits = Int.random(in: 0...24, using: &generator)
            var text = Bool.random(using: &generator) ? "-" : ""
            text += String(Int.random(in: 1...9, using: &generator))
            for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            if Int.random(in: 0..<4, using: &generator) == 0 { text = (text.hasPrefix("-") ? "-0" : "0") }
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(Int.random(in: 0...9, using: &generator)) }
            }
            guard text.count <= 31 else { continue }
            let number = try #require(try JSON(parsing: text).number)
            #expect(number.double == Double(text), "\(text)")
            checked += 1
        }
        #expect(checked > 15_000)
        // An exponent, or more digits than the quick path takes, goes through the text.
        for text in ["1e5", "2.5E-3", "12345678901234567890.5", "0.12345678901234567890123"] {
            #expect(try JSON(parsing: text).number?.double == Double(text), "\(text)")
        }
    }
}
