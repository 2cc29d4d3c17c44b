import BaseModelKit
import Foundation
import Testing

private final class Stamped: BaseModel {
    var milliseconds = Date(timeIntervalSince1970: 0)
    var seconds = Date(timeIntervalSince1970: 0)
    override class var apiToLocal: [String: String] { ["ms": "milliseconds", "s": "seconds"] }
    override class var transformers: [String: JSONTransformer] { ["milliseconds": .millisecondsSince1970, "seconds": .secondsSince1970] }
}

@Suite("Epoch dates")
struct EpochRoundTripTests {
    @Test("integral epoch milliseconds and seconds read and write back as the same integers")
    func integralRoundTrip() throws {
        var random = SeededGenerator(seed: 0xE90C4)
        var mismatches: [String] = []
        for _ in 0..<100_000 {
            let milliseconds = Int64.random(in: -4_000_000_000_000...4_000_000_000_000, using: &random)
            let seconds = Int64.random(in: -4_000_000_000...4_000_000_000, using: &random)
            let text = #"{"ms":\#(milliseconds),"s":\#(seconds)}"#
            let written = try Stamped.decode(from: text).jsonString()
            if written != text, mismatches.count < 5 { mismatches.append("\(text) → \(written)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
