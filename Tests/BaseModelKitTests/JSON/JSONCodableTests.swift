import BaseModelKit
import Foundation
import Testing

/// A `Codable` type holding raw JSON values.
struct Envelope: Codable, Equatable {
    var id: Int
    var payload: JSON
    var extra: JSONObject?
    var amount: JSONNumber?
}

@Suite("JSON values through Codable coders")
struct JSONCodableTests {
    let sample: JSON = ["s": "text", "i": 42, "big": JSON.number(JSONNumber(UInt64.max)), "d": 2.5, "t": true, "f": false, "n": nil, "a": [1, "two", [3.25]], "o": ["k": "v"]]

    @Test("JSONEncoder and JSONDecoder: a value comes back equal, numbers exact")
    func jsonCoders() throws {
        let envelope = Envelope(id: 1, payload: sample, extra: ["x": 1], amount: JSONNumber(text: "12.345"))
        let data = try JSONEncoder().encode(envelope)
        let back = try JSONDecoder().decode(Envelope.self, from: data)
        #expect(back == envelope)
        #expect(back.payload["big"]?.number?.uint64 == UInt64.max)
        #expect(back.amount?.text == "12.345")
        // A number with more digits than a Double keeps survives as a Decimal.
        let precise = try JSONDecoder().decode(JSON.self, from: try JSONEncoder().encode(JSON.number(JSONNumber(text: "0.12345678901234567890123")!)))
        #expect(precise.number?.text == "0.12345678901234567890123")
    }

    @Test("PropertyListEncoder and PropertyListDecoder: a value comes back equal, Booleans stay Booleans")
    func propertyLists() throws {
        for format in [PropertyListSerialization.PropertyListFormat.binary, .xml] {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format
            let envelope = Envelope(id: 7, payload: sample, extra: nil, amount: JSONNumber(1))
            let back = try PropertyListDecoder().decode(Envelope.self, from: try encoder.encode(envelope))
            #expect(back == envelope, "\(format)")
            #expect(back.payload["t"] == true && back.payload["i"] == 42)
        }
    }

    @Test("what is not JSON is a DecodingError with its path")
    func errors() {
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(Envelope.self, from: Data(#"{"id":1}"#.utf8)) }
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(JSONObject.self, from: Data("[1]".utf8)) }
    }
}
