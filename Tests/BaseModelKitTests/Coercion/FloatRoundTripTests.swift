import BaseModelKit
import Foundation
import Testing

private final class Floats: BaseModel {
    var single: Float = 0
    var double: Double = 0
    var singles: [Float] = []
    override class var apiToLocal: [String: String] { ["f": "single", "d": "double", "fs": "singles"] }
}

@Suite("Every finite Float and Double reads back as written")
struct FloatRoundTripTests {
    /// The edges of each type's range, and values just inside them.
    static let singleEdges: [Float] = [
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .greatestFiniteMagnitude.nextDown,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, .leastNormalMagnitude.nextDown,
        0, -0.0, 1, 0.1, 16_777_216, 3.4028235e38,
        // Its text read as a Double lies exactly halfway between two Floats.
        7.038531e-26, -7.038531e-26,
    ]
    static let doubleEdges: [Double] = [
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, .leastNormalMagnitude.nextDown, 0.1, .leastNormalMagnitude / 3,
    ]

    /// Writes each value and reads it back, from bytes and from a parsed object, in strict and
    /// lenient mode; the bits must be the same.
    private func roundTrip(single: Float, double: Double) throws {
        let model = Floats()
        model.single = single
        model.double = double
        model.singles = [single, single.nextDown.isFinite ? single.nextDown : single.nextUp]
        let data = try model.jsonData()
        var strict = DecodingOptions()
        strict.coercion = .strict
        for options in [DecodingOptions(), strict] {
            for copy in [try Floats.decode(from: data, options: options), try Floats.decode(from: try #require(JSON(parsing: data).object), options: options)] {
                #expect(copy.single.bitPattern == single.bitPattern, "\(single) written as \(String(decoding: data, as: UTF8.self))")
                #expect(copy.double.bitPattern == double.bitPattern, "\(double)")
                #expect(copy.singles.map(\.bitPattern) == model.singles.map(\.bitPattern), "\(model.singles)")
            }
        }
    }

    @Test("the greatest, the least and the values around them")
    func edges() throws {
        for (single, double) in zip(Self.singleEdges, Self.doubleEdges + Array(repeating: 1.5, count: Self.singleEdges.count)) {
            try roundTrip(single: single, double: double)
        }
        // The text the issue named: the shortest form of the greatest Float, and a longer one.
        for text in ["3.4028235e+38", "3.40282356e38", "-3.4028235e38"] {
            let model = try Floats.decode(from: #"{"f":\#(text)}"#)
            #expect(model.single.magnitude == .greatestFiniteMagnitude, "\(text)")
        }
    }

    @Test("values beyond the range are still refused, never infinite")
    func beyondRange() {
        // Halfway to the next power of two rounds to infinity: out of range.
        for text in ["3.4028236e38", "1e39", "-1e39", "3.5e38"] {
            #expect(message { _ = try Floats.decode(from: #"{"f":\#(text)}"#) }
                == "Expected Float at f (Floats.single) but found the number \(text), which Float cannot hold exactly.", "\(text)")
        }
    }

    @Test("random bit patterns of both types")
    func randomPatterns() throws {
        var random = SeededGenerator(seed: 4)
        var tried = 0
        while tried < 20_000 {
            let single = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()))
            let double = Double(bitPattern: random.next())
            guard single.isFinite, double.isFinite else { continue }
            try roundTrip(single: single, double: double)
            tried += 1
        }
    }
}
