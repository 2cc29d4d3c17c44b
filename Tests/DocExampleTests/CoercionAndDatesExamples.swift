import BaseModelKit
import Foundation
import Testing

// The examples of Docs/CoercionAndDates.md, line for line (Scripts/Checks/examples.py checks it).
@Suite("Docs: Coercion and dates")
struct CoercionAndDatesExamples {
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

    @Test("a date transformer and a custom one")
    func transformers() throws {
        let offer = try Offer.decode(from: #"{"s":"2025-11-22T10:15:00Z","p":"12.50"}"#)
        #expect(offer.price.value == Decimal(string: "12.5"))
        #expect(try offer.jsonString() == #"{"s":"2025-11-22T10:15:00Z","p":"12.5"}"#)
        #expect(throws: MappingError.self) { _ = try Offer.decode(from: #"{"p":"twelve"}"#) }
    }
}
