// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Byte output")
struct ByteOutputTests {
    @Test("decimals at every power of ten and of two, one either side, are written as String writes them")
    func decimalBoundaries() {
        var values: [UInt64] = [0, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 1
        for _ in 0...19 {
            values += [power, power &- 1, power &+ 1]
            power = power &* 10
        }
        for bit in 0..<64 {
            let value = UInt64(1) << UInt64(bit)
            values += [value, value - 1, value + 1]
        }
        var output = ByteOutput()
        var expected: [UInt8] = []
        for value in values {
            output.appendDecimal(value)
            output.append(UInt8(ascii: ","))
            expected += Array(String(value).utf8) + [UInt8(ascii: ",")]
        }
        #expect(output.bytes(from: 0) == expected)
    }

    @Test("appends of every kind, inserts, truncations and in-place writes match an Array doing the same")
    func matchesArray() {
        var output = ByteOutput(capacity: 1)
        var expected: [UInt8] = []
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let strings = ["", "a", "héllo wörld", String(repeating: "x", count: 300), "日本語🎉", "quote\"back\\slash"]
        for step in 0..<5_000 {
            switch next(8) {
            case 0:
                let byte = UInt8(next(256))
                output.append(byte)
                expected.append(byte)
            case 1:
                let bytes = (0..<next(40)).map { _ in UInt8(next(256)) }
                output.append(contentsOf: bytes)
                expected.append(contentsOf: bytes)
            case 2:
                let bytes = (0..<next(20)).map { _ in UInt8(next(256)) }
                let slice = bytes[(bytes.count / 2)...]
                output.append(contentsOf: slice)
                expected.append(contentsOf: slice)
            case 3:
                let string = strings[next(strings.count)]
                output.appendUTF8(of: string)
                expected.append(contentsOf: string.utf8)
            case 4:
                let value = UInt64(truncatingIfNeeded: state) >> UInt64(next(64))
                output.appendDecimal(value)
                expected.append(contentsOf: String(value).utf8)
            case 5:
                let index = next(expected.count + 1)
                output.insert(UInt8(step % 256), at: index)
                expected.insert(UInt8(step % 256), at: index)
            case 6 where expected.count > 100:
                let index = expected.count - next(50)
                output.truncate(to: index)
                expected.removeSubrange(index...)
            default:
                if !expected.isEmpty {
                    let index = next(expected.count)
                    output[index] = output[index] ^ 0x5A
                    expected[index] ^= 0x5A
                }
            }
            #expect(output.count == expected.count)
        }
        #expect(output.array == expected)
        #expect(output.bytes(from: expected.count / 3) == Array(expected[(expected.count / 3)...]))
    }

    @Test("the bytes handed to Data are the bytes written, whatever the size and the room left over")
    func handedToData() {
        var state: UInt64 = 29
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for count in [0, 1, 15, 16, 17, 255, 256, 257, 4_097, 70_000, 300_001] {
            let expected = (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
            for initial in [1, 256, count + 1, 4 * count + 10_000] {
                var output = ByteOutput(capacity: initial)
                var written = 0
                while written < count {
                    // Runs of 1 to 64 bytes, and single bytes.
                    let run = min(Int(next() % 65), count - written)
                    if run <= 1 {
                        output.append(expected[written])
                        written += 1
                    } else {
                        output.append(contentsOf: expected[written..<(written + run)])
                        written += run
                    }
                }
                #expect(output.string == String(decoding: expected, as: UTF8.self))
                let data = output.data()
                #expect(data.count == count)
                #expect(Array(data) == expected, "\(count) bytes from a capacity of \(initial)")
            }
        }
    }

    @Test("firstIndexNeedingEscape finds quotes, backslashes, control bytes and, when asked, slashes")
    func escapes() {
        for length in 0..<40 {
            for position in 0...length {
                for special: UInt8 in [0x22, 0x5C, 0x00, 0x1F, 0x2F] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if position < length { bytes[position] = special }
                    var output = ByteOutput()
                    output.append(UInt8(ascii: "\""))
                    output.append(contentsOf: bytes)
                    let found = position < length && (special != 0x2F) ? position + 1 : output.count
                    #expect(output.firstIndexNeedingEscape(from: 1, slash: false) == found)
                    let foundWithSlash = position < length ? position + 1 : output.count
                    #expect(output.firstIndexNeedingEscape(from: 1, slash: true) == foundWithSlash)
                }
            }
        }
        var output = ByteOutput()
        output.appendUTF8(of: "ü€日本 ok")
        #expect(output.firstIndexNeedingEscape(from: 0, slash: true) == output.count)
        // Mixed bytes, non-ASCII among them, from the first seventeen starts (every place in a
        // chunk of sixteen), against a byte-by-byte search.
        var generator = SeededGenerator(seed: 0xE5C4)
        let bytes: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x2F, 0x7F, 0x80, 0xC3, 0xE2, 0xFF, 0x41, 0x61, 0x7A, 0x30, 0x2E]
        for length in 0..<56 {
            let text = (0..<length).map { _ in
                generator.next() % 4 == 0 ? bytes[Int(generator.next() % UInt64(bytes.count))] : UInt8(ascii: "a") + UInt8(generator.next() % 26)
            }
            var output = ByteOutput()
            output.append(contentsOf: text)
            for start in 0...min(length, 17) {
                for slash in [false, true] {
                    let expected = text[start...].firstIndex { ByteOutput.needsEscape($0, slash: slash) } ?? length
                    #expect(output.firstIndexNeedingEscape(from: start, slash: slash) == expected, "\(text) from \(start)")
                }
            }
        }
    }

    /// `appendText` copies short text and checks it in the same pass (a byte at a time, or as two
    /// words that overlap): the same bytes and the same answer as `append` and then
    /// `firstIndexNeedingEscape`, for every length up to 24, every place of one or two bytes that
    /// need escaping or not, after any number of bytes already written.
    @Test("appendText writes and checks what append and firstIndexNeedingEscape write and check")
    func textAppends() {
        var generator = SeededGenerator(seed: 0x7E47)
        let specials: [UInt8] = [0x22, 0x5C, 0x00, 0x1F, 0x20, 0x2F, 0x7F, 0x80, 0xE2, 0xFF, 0x21, 0x5B, 0x5D]
        for length in 0...24 {
            for round in 0..<200 {
                var text = (0..<length).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 26) }
                for _ in 0..<Int(generator.next() % 3) where length > 0 {
                    text[Int(generator.next() % UInt64(length))] = specials[Int(generator.next() % UInt64(specials.count))]
                }
                let slash = round % 2 == 0
                let prefix = (0..<Int(generator.next() % 11)).map { _ in UInt8(ascii: "\\") }
                var fast = ByteOutput(capacity: 1 + Int(generator.next() % 40))
                var plain = ByteOutput(capacity: 1)
                fast.append(contentsOf: prefix)
                plain.append(contentsOf: prefix)
                let found = text.withUnsafeBufferPointer { fast.appendText($0, slash: slash) }
                plain.append(contentsOf: text)
                #expect(found == plain.firstIndexNeedingEscape(from: prefix.count, slash: slash))
                #expect(fast.array == plain.array)
            }
        }
    }

    /// `append(key:)` copies a short key as two words read from the padded memory `QuotedKey`
    /// requires: for every length up to 24, after any number of bytes already written and in any
    /// room, the output is the key's bytes and a colon, and what the words wrote past them is written
    /// over by the next append.
    @Test("append(key:) writes a key and its colon, and nothing after them, whatever its length and the room")
    func keyAppends() {
        var generator = SeededGenerator(seed: 0x4B45)
        for length in 0...24 {
            for _ in 0..<50 {
                let key = (0..<length).map { _ in UInt8(ascii: "a") + UInt8(generator.next() % 26) }
                // The padding `QuotedKey` requires, of bytes that must not reach the output.
                let memory = key + [UInt8](repeating: UInt8(ascii: "#"), count: QuotedKey.readable)
                let prefix = (0..<Int(generator.next() % 40)).map { _ in UInt8(ascii: "p") }
                var fast = ByteOutput(capacity: 1 + Int(generator.next() % 40))
                fast.append(contentsOf: prefix)
                memory.withUnsafeBufferPointer { memory in
                    fast.append(key: QuotedKey(bytes: UnsafeBufferPointer(rebasing: memory[0..<length])))
                }
                fast.append(UInt8(ascii: "1"))
                #expect(fast.array == prefix + key + Array(":1".utf8))
            }
        }
    }
}
