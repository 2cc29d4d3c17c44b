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

/// The same transformer on a property (read by the member loop's own date coder) and on array
/// elements (read by the general transformer's coder).
private final class Epochs: BaseModel {
    var milliseconds = Date(timeIntervalSince1970: 0)
    var optional: Date?
    var list: [Date] = []
    var optionals: [Date?] = []
    override class var apiToLocal: [String: String] { ["m": "milliseconds", "o": "optional", "l": "list", "ol": "optionals"] }
    override class var transformers: [String: JSONTransformer] {
        ["milliseconds": .millisecondsSince1970, "optional": .millisecondsSince1970, "list": .millisecondsSince1970, "optionals": .millisecondsSince1970]
    }
}

@Suite("Epoch date properties")
struct EpochPropertyTests {
    @Test("a property reads every value as the transformer reads an element: numbers, text, null, errors, strict and lenient")
    func sameAsElements() throws {
        let values = ["1790000000123", "-5", "0.5", "1e3", "-0", #""123""#, #""x""#, "null", "true", "1e400", "12345678901234567890", "[1]"]
        var strict = DecodingOptions()
        strict.coercion = .strict
        var compared = 0
        for options in [DecodingOptions(), strict] {
            for value in values {
                let property = Result { try Epochs.decode(from: #"{"m":\#(value)}"#, options: options).milliseconds }
                let element = Result { try Epochs.decode(from: #"{"l":[\#(value)]}"#, options: options).list.first ?? Date(timeIntervalSince1970: 0) }
                // `null` is no element of `[Date]`; for the property it is checked below.
                if value != "null" { #expect(outcome(property) == outcome(element), "\(value)") }
                let optional = Result { try Epochs.decode(from: #"{"o":\#(value)}"#, options: options).optional }
                let optionalElement = Result { try Epochs.decode(from: #"{"ol":[\#(value)]}"#, options: options).optionals.first ?? nil }
                #expect(outcome(optional) == outcome(optionalElement), "\(value)")
                compared += 2
            }
        }
        #expect(compared == 48)
        // `null` for a non-optional property: kept as it was with lenient coercion, an error with strict.
        #expect(try Epochs.decode(from: #"{"m":null}"#).milliseconds == Date(timeIntervalSince1970: 0))
        #expect(message { _ = try Epochs.decode(from: #"{"m":null}"#, options: strict) } == "Expected Date (milliseconds since 1970) at m (Epochs.milliseconds) but found null.")
    }

    @Test("an update records a changed date, keeps an unchanged one out of the change set, and writes both back")
    func updates() throws {
        let epochs = try Epochs.decode(from: #"{"m":1000,"o":2000}"#)
        #expect(try epochs.update(from: #"{"m":1000,"o":2000}"#).isEmpty)
        let changes = try epochs.update(from: #"{"m":1500,"o":null}"#)
        #expect(changes.map(\.property).sorted() == ["milliseconds", "optional"])
        #expect(changes.first { $0.property == "milliseconds" }?.newValue == 1500)
        #expect(try epochs.jsonString() == #"{"m":1500,"l":[],"ol":[]}"#)
    }

    /// The value, or that it threw: messages differ in their paths only.
    private func outcome<Value: Equatable>(_ result: Result<Value, any Error>) -> Value? {
        try? result.get()
    }
}
