import BaseModelKit
import Foundation
import Testing

// The examples of Docs/Codable.md, line for line (Scripts/Checks/examples.py checks it).
@Suite("Docs: Codable")
struct CodableExamples {
    final class Bet: BaseModel {
        var betId: String?
        var amount: Double = 0
        override class var apiToLocal: [String: String] { ["i": "betId", "a": "amount"] }
    }

    struct Receipt: Codable {
        var number: Int
        var bet: Bet                  // a model inside a Codable type
    }

    struct Position: Codable {
        var x: Int
        var y: Int
    }

    final class Seat: BaseModel {
        var place = Position(x: 0, y: 0)        // a Codable value inside a model: no transformer
        override class var apiToLocal: [String: String] { ["p": "place"] }
    }

    @Test("a model inside a Codable type")
    func modelInCodable() throws {
        let bet = try Bet.decode(from: #"{"i":"b1","a":2.5}"#)
        let data = try JSONEncoder().encode(Receipt(number: 1, bet: bet))
        // "bet" holds the model's own minified keys, "i" and "a"
        let receipt = try JSONDecoder().decode(Receipt.self, from: data)
        #expect(receipt.bet.amount == 2.5)
        #expect(try JSON(parsing: data)["bet"] == ["i": "b1", "a": 2.5])
    }

    @Test("archiving a graph")
    func archiving() throws {
        let bets = try Bet.decodeArray(from: #"[{"i":"b1","a":2.5},{"i":"b2","a":4}]"#)
        let archive = try PropertyListEncoder().encode(bets)
        let restored = try PropertyListDecoder().decode([Bet].self, from: archive)
        #expect(restored.map(\.betId) == ["b1", "b2"])
    }

    @Test("a Codable value inside a model")
    func codableInModel() throws {
        let seat = try Seat.decode(from: #"{"p":{"x":3,"y":4}}"#)
        #expect(seat.place.x == 3)
        #expect(try seat.jsonString() == #"{"p":{"x":3,"y":4}}"#)
    }

    @Test("options through userInfo")
    func options() throws {
        let decoder = JSONDecoder()
        var options = DecodingOptions()
        options.coercion = .strict
        decoder.userInfo[.decodingOptions] = options
        #expect(throws: DecodingError.self) { _ = try decoder.decode(Bet.self, from: Data(#"{"a":"2.5"}"#.utf8)) }
    }
}
