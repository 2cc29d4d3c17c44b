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

    final class Candle: BaseModel {
        var openTime = 0
        var open = ""
        var close = ""
        override class var apiToLocal: [String: String] { ["0": "openTime", "1": "open", "4": "close"] }
        override class var isPositional: Bool { true }
    }

    @Test("a positional class: read from and written as an array")
    func positional() throws {
        let candle = try Candle.decode(from: #"[1700000000,"1.5","1.9","1.2","1.7"]"#)
        #expect(candle.openTime == 1_700_000_000 && candle.open == "1.5" && candle.close == "1.7")
        #expect(try candle.jsonString() == #"[1700000000,"1.5",null,null,"1.7"]"#)
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
