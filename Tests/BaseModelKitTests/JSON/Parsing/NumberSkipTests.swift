// @testable: compares the parser's internal number skipping with its reading.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Skipping a number")
struct NumberSkipTests {
    /// Where `skipNumber` or `readNumber` leaves the parser over `text`, or the error it throws.
    private func outcome(of text: [UInt8], skipping: Bool) throws -> Result<Int, JSONSyntaxError> {
        var parser = try JSONParser(bytes: DocumentBytes(copying: text), maxDepth: 512)
        do throws(JSONSyntaxError) {
            if skipping { try parser.skipNumber() } else { _ = try parser.readNumber() }
            return .success(parser.position)
        } catch {
            return .failure(error)
        }
    }

    /// Random texts that start as a number does, from the bytes of the number grammar and a few
    /// others, of every length up to 40 (longer than a packed number's 31 characters): the skip
    /// accepts exactly what the read accepts, ends where it ends, and fails with the same error at
    /// the same place.
    @Test("accepts, ends and fails exactly where reading the number does")
    func sameAsReading() throws {
        var generator = SeededGenerator(seed: 0x5EED_0005)
        let alphabet = Array("0123456789012345678901234567890.eE+-x ,}".utf8)
        var failures = 0
        for round in 0..<20_000 {
            let length = 1 + Int(generator.next() % 40)
            var text = [round % 3 == 0 ? UInt8(ascii: "-") : UInt8(ascii: "0") + UInt8(generator.next() % 10)]
            while text.count < length { text.append(alphabet[Int(generator.next() % UInt64(alphabet.count))]) }
            let skipped = try outcome(of: text, skipping: true)
            #expect(skipped == (try outcome(of: text, skipping: false)), "\(String(decoding: text, as: UTF8.self))")
            if case .failure = skipped { failures += 1 }
        }
        // Both kinds of text came up often.
        #expect(failures > 2_000 && failures < 18_000)
    }

    @Test("the grammar's edges", arguments: ["0", "-0", "12", "0.5", "-1.25e+10", "1E5", "1e-0", "01", "00.5",
                                             "-", "-x", "1.", "1.e5", "1e", "1e+", "2.5E-", "0x10", "-.5",
                                             String(repeating: "9", count: 40) + ".5e300"])
    func edges(_ text: String) throws {
        #expect(try outcome(of: Array(text.utf8), skipping: true) == outcome(of: Array(text.utf8), skipping: false))
    }
}
