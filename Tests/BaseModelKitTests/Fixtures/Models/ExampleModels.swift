import BaseModelKit

// The models of the package's first example, written as a user would.

final class Bet: BaseModel {
    var betId: String?
    var amount: Double = 0
    override class var apiToLocal: [String: String] { ["i": "betId", "a": "amount"] }
}

class User: BaseModel {
    var firstName: String?
    var lastName: String?
    var bets: [Bet]?
    override class var apiToLocal: [String: String] { ["fn": "firstName", "ln": "lastName", "b": "bets"] }
    override class var constructors: [String: () -> Any] {
        ["bets": { [Bet]() }, "bets.": { Bet() }]
    }
}
