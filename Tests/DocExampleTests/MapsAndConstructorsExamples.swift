import BaseModelKit
import Testing

// The examples of Docs/MapsAndConstructors.md, line for line (Scripts/Checks/examples.py checks it).
@Suite("Docs: Maps and constructors")
struct MapsAndConstructorsExamples {
    class Bet: BaseModel {
        var amount: Double = 0
        override class var apiToLocal: [String: String] { ["a": "amount"] }
    }

    final class SystemBet: Bet {
        var legs = 0
        override class var apiToLocal: [String: String] { ["l": "legs"] }
    }

    class Person: BaseModel {
        var name = ""
        override class var apiToLocal: [String: String] { ["n": "name"] }
    }

    final class Admin: Person {}

    final class User: BaseModel {
        var firstName: String?
        var lastName: String?
        var bets: [Bet] = []
        var owner: Person?
        override class var apiToLocal: [String: String] { ["fn": "firstName", "ln": "lastName", "b": "bets"] }
    }

    final class Account: BaseModel {
        var bets: [Bet] = []
        var owner: Person?
        override class var apiToLocal: [String: String] { ["b": "bets", "o": "owner"] }
        override class var constructors: [String: () -> Any] {
            ["bets": { [Bet]() }, "bets.": { SystemBet() }, "owner": { Admin() }]
        }
    }

    final class Quote: BaseModel {
        var price = 0.0
        override class var apiToLocal: [String: String] { ["p": "price"] }
        override class var alternativeKeys: [String: [String]] { ["p": ["price", "px"]] }
    }

    @Test("alternative keys: read under any name, written under the map's")
    func alternativeKeys() throws {
        let quote = try Quote.decode(from: #"{"px":1.5}"#)
        #expect(try quote.price == 1.5 && quote.jsonString() == #"{"p":1.5}"#)
    }

    @Test("the map and the constructors")
    func constructors() throws {
        let user = try User.decode(from: #"{"fn":"Ann","b":[{"a":1}]}"#)
        #expect(user.firstName == "Ann" && user.bets.count == 1)
        let account = try Account.decode(from: #"{"b":[{"a":2,"l":3}],"o":{"n":"root"}}"#)
        #expect((account.bets.first as? SystemBet)?.legs == 3)
        #expect(account.owner is Admin)
    }
}
