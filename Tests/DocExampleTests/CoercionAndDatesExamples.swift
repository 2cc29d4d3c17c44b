import BaseModelKit
import Foundation
import Testing

// The examples of Docs/CoercionAndDates.md, line for line (Scripts/Checks/examples.py checks it).
@Suite("Docs: Coercion and dates")
struct CoercionAndDatesExamples {
    /// The message of the error `body` throws.
    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    struct BadPrice: Error {}

    struct Money: Sendable {
        let value: Decimal
        init(_ value: Decimal) { self.value = value }
        var text: String { "\(value)" }
    }

    final class Offer: BaseModel {
        var startsAt = Date(timeIntervalSince1970: 0)
        var price = Money(0)
        override class var apiToLocal: [String: String] { ["s": "startsAt", "p": "price"] }
        override class var transformers: [String: JSONTransformer] {
            [
                "startsAt": .iso8601,
                "price": .custom(
                    decode: { json in
                        guard let text = json.string, let value = Decimal(string: text) else { throw BadPrice() }
                        return Money(value)
                    },
                    encode: { money in .string(money.text) }),
            ]
        }
    }

    final class DepthUpdate: BaseModel {
        var lastUpdateId = 0
        var bids: [[Decimal]] = []
        override class var apiToLocal: [String: String] { ["u": "lastUpdateId", "b": "bids"] }
        override class var transformers: [String: JSONTransformer] { ["bids": .decimalString] }
    }

    @Test("decimal prices as text, in strict mode")
    func decimalText() throws {
        var strict = DecodingOptions()
        strict.coercion = .strict
        let depth = try DepthUpdate.decode(from: #"{"u":7,"b":[["0.0024","10"],["0.0023","0.00100000"]]}"#, options: strict)
        // depth.bids[1][1] == Decimal(string: "0.001")
        // try depth.jsonString() == #"{"u":7,"b":[["0.0024","10"],["0.0023","0.001"]]}"#
        #expect(depth.bids[1][1] == Decimal(string: "0.001"))
        #expect(try depth.jsonString() == #"{"u":7,"b":[["0.0024","10"],["0.0023","0.001"]]}"#)
        #expect(message { _ = try DepthUpdate.decode(from: #"{"b":[["0.1","ten"]]}"#) } == #"Expected Decimal at b[0][1] (DepthUpdate.bids) but found a string "ten"."#)
    }

    @Test("a date transformer and a custom one")
    func transformers() throws {
        let offer = try Offer.decode(from: #"{"s":"2025-11-22T10:15:00Z","p":"12.50"}"#)
        #expect(offer.price.value == Decimal(string: "12.5"))
        #expect(try offer.jsonString() == #"{"s":"2025-11-22T10:15:00Z","p":"12.5"}"#)
        #expect(throws: MappingError.self) { _ = try Offer.decode(from: #"{"p":"twelve"}"#) }
    }
}
