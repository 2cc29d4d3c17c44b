import BaseModelKit
import Foundation
import Testing

final class TradeEvent: BaseModel {
    var symbol = ""
    var price = ""
    override class var apiToLocal: [String: String] { ["s": "symbol", "p": "price"] }
}

final class CheckedTrade: BaseModel {
    var symbol = ""
    var price = ""
    override class var apiToLocal: [String: String] { ["s": "symbol", "p": "price"] }
    override class var requiredKeys: Set<String> { ["p"] }
}

/// Nested models as the generator writes them: default objects, and an optional one.
final class TradeEnvelope: BaseModel {
    var data = TradeEvent()
    var spare: TradeEvent?
    var checked = CheckedTrade()
    override class var apiToLocal: [String: String] { ["data": "data", "spare": "spare", "checked": "checked"] }
}

final class RequiredBet: BaseModel {
    var outcomeId = 0
    var stake = 0.0
    var note: String?
    var home = 0
    override class var apiToLocal: [String: String] { ["o": "outcomeId", "s": "stake", "n": "note", "sc.h": "home"] }
    override class var requiredKeys: Set<String> { ["o"] }
}

final class RequiredSlip: BaseModel {
    var bets: [RequiredBet] = []
    var label: String?
    override class var apiToLocal: [String: String] { ["bets": "bets", "l": "label"] }
}

final class SystemRequiredBet: BaseModel {
    var legs = 0
    override class var apiToLocal: [String: String] { ["l": "legs"] }
    override class var requiredKeys: Set<String> { ["l", "x"] }
}

@Suite("Required keys")
struct RequiredKeysTests {
    @Test("a key in requiredKeys must be there on decode, with the object's path in the error")
    func declared() throws {
        #expect(message { _ = try RequiredSlip.decode(from: #"{"bets":[{"o":1,"s":2},{"o":2},{"s":2.5}]}"#) }
            == #"Missing key "o" at bets[2] (RequiredBet.outcomeId)."#)
        #expect(message { _ = try RequiredBet.decode(from: #"{"s":2.5}"#) }
            == #"Missing key "o" at the top level (RequiredBet.outcomeId)."#)
        #expect(try RequiredBet.decode(from: #"{"o":7}"#).outcomeId == 7)
        // The same through a parsed object.
        #expect(throws: MappingError.self) { _ = try RequiredBet.decode(from: try #require(JSON(parsing: #"{"s":1}"#).object)) }
    }

    @Test("an update in place needs no required key; a lossy collection leaves out an element that lacks one")
    func updatesAndLossy() throws {
        let bet = try RequiredBet.decode(from: #"{"o":7}"#)
        try bet.update(from: #"{"s":3}"#)
        #expect(bet.outcomeId == 7 && bet.stake == 3)
        var lossy = DecodingOptions()
        lossy.collections = .lossy
        #expect(try RequiredSlip.decode(from: #"{"bets":[{"o":1},{"s":2}]}"#, options: lossy).bets.count == 1)
    }

    @Test("missingKeys = .errorForNonOptional requires every non-optional property, in declaration order")
    func nonOptional() throws {
        var options = DecodingOptions()
        options.missingKeys = .errorForNonOptional
        #expect(message { _ = try RequiredBet.decode(from: #"{"o":1,"sc":{"h":1}}"#, options: options) }
            == #"Missing key "s" at the top level (RequiredBet.stake)."#)
        // A dotted key's first step is required; an optional property is not.
        #expect(message { _ = try RequiredBet.decode(from: #"{"o":1,"s":1}"#, options: options) }
            == #"Missing key "sc" at the top level (RequiredBet.home)."#)
        #expect(try RequiredBet.decode(from: #"{"o":1,"s":1,"sc":{"h":2}}"#, options: options).home == 2)
        #expect(try RequiredSlip.decode(from: #"{"bets":[]}"#, options: options).label == nil)
        // Not on updates.
        let bet = try RequiredBet.decode(from: #"{"o":1,"s":1,"sc":{"h":2}}"#, options: options)
        try bet.update(from: #"{"s":4}"#, options: options)
        #expect(bet.stake == 4)
    }

    @Test("a nested model that starts as a default object reports its missing keys too, as an optional one does")
    func defaultNestedObject() throws {
        var strict = DecodingOptions()
        strict.missingKeys = .errorForNonOptional
        let checked = #""checked":{"s":"X","p":"2"}"#
        #expect(message { _ = try TradeEnvelope.decode(from: #"{"data":{"s":"BTCUSDT"},\#(checked)}"#, options: strict) }
            == #"Missing key "p" at data (TradeEvent.price)."#)
        #expect(message { _ = try TradeEnvelope.decode(from: #"{"data":{"s":"A","p":"1"},"spare":{"s":"BTCUSDT"},\#(checked)}"#, options: strict) }
            == #"Missing key "p" at spare (TradeEvent.price)."#)
        #expect(message { _ = try TradeEnvelope.decode(from: #"{"checked":{"s":"BTCUSDT"}}"#) }
            == #"Missing key "p" at checked (CheckedTrade.price)."#)
        #expect(message { _ = try TradeEnvelope.decode(from: #"{"data":{"s":"A","p":"1"},"checked":{"s":"BTCUSDT"}}"#, options: strict) }
            == #"Missing key "p" at checked (CheckedTrade.price)."#)
        // From a parsed object, the same.
        #expect(message { _ = try TradeEnvelope.decode(from: try #require(JSON(parsing: #"{"data":{"s":"BTCUSDT"},\#(checked)}"#).object), options: strict) }
            == #"Missing key "p" at data (TradeEvent.price)."#)
        let whole = try TradeEnvelope.decode(from: #"{"data":{"s":"BTCUSDT","p":"1.5"},"checked":{"s":"X","p":"2"}}"#, options: strict)
        #expect(whole.data.price == "1.5" && whole.checked.price == "2")
        // An update merges what it lists into the objects there, required keys or not.
        var quiet = strict
        quiet.recordsChanges = false
        try whole.update(from: #"{"data":{"p":"1.6"},"checked":{"p":"3"}}"#, options: strict)
        try whole.update(from: #"{"data":{"p":"1.7"},"checked":{"p":"4"}}"#, options: quiet)
        #expect(whole.data.price == "1.7" && whole.data.symbol == "BTCUSDT" && whole.checked.price == "4")
    }

    @Test("a required key the map does not have is a schema error")
    func unmappedRequiredKey() {
        #expect(message { try SystemRequiredBet.validateMappings() } == """
        Mapping tables of `SystemRequiredBet` are invalid:
        - requiredKeys names "x", which is not a key of apiToLocal (nor the first step of a dotted one).
        """)
    }
}

@Suite("Strict input")
struct StrictInputTests {
    @Test("DecodingOptions.strict: exact types, no unknown keys, every non-optional key; updates take partial objects")
    func strictPreset() throws {
        #expect(message { _ = try TradeEvent.decode(from: #"{"s":"A","p":1.5}"#, options: .strict) } == "Expected String at p (TradeEvent.price) but found the number 1.5.")
        #expect(message { _ = try TradeEvent.decode(from: #"{"s":"A","p":"1","x":1}"#, options: .strict) }
            == "Unexpected key at x (TradeEvent): the map does not name it, and DecodingOptions.unknownKeys is .reject.")
        #expect(message { _ = try TradeEvent.decode(from: #"{"s":"A"}"#, options: .strict) } == #"Missing key "p" at the top level (TradeEvent.price)."#)
        let trade = try TradeEvent.decode(from: #"{"s":"A","p":"1"}"#, options: .strict)
        try trade.update(from: #"{"p":"2"}"#, options: .strict)
        #expect(trade.price == "2" && trade.symbol == "A")
    }
}

final class FixedMarket: BaseModel {
    var marketId = 0
    var name = ""
    var price = 0.0
    override class var apiToLocal: [String: String] { ["id": "marketId", "n": "name", "p": "price"] }
    override class var fixedKeys: Set<String> { ["id"] }
}

final class FixedBoard: BaseModel {
    var markets: [String: FixedMarket] = [:]
    var main = FixedMarket()
    override class var apiToLocal: [String: String] { ["m": "markets", "main": "main"] }
}

final class BadFixed: BaseModel {
    var name = ""
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override class var fixedKeys: Set<String> { ["id"] }
}

@Suite("Keys an update may not change")
struct FixedKeyTests {
    @Test("another value for a fixed key fails the update and changes nothing; the same value, in any spelling, passes")
    func fixedKeys() throws {
        let market = try FixedMarket.decode(from: #"{"id":7,"n":"1X2","p":1.5}"#)
        #expect(message { try market.update(from: #"{"p":2,"id":8}"#) }
            == "The key \"id\" at the top level (FixedMarket.marketId) cannot change in an update: it is 7, and the update says 8.")
        #expect(message { try market.update(from: try #require(JSON(parsing: #"{"p":2,"id":null}"#).object)) }
            == "The key \"id\" at the top level (FixedMarket.marketId) cannot change in an update: it is 7, and the update says null.")
        #expect(market.price == 1.5 && market.marketId == 7)
        try market.update(from: #"{"id":7,"p":2}"#)
        try market.update(from: #"{"id":"7","p":3}"#)
        #expect(market.price == 3)
        // A decode of a new object is not affected.
        #expect(try FixedMarket.decode(from: #"{"id":9}"#).marketId == 9)
    }

    @Test("fixed keys hold in nested models and dictionary values, with the path in the error, and roll back")
    func nested() throws {
        let board = try FixedBoard.decode(from: #"{"m":{"a":{"id":1,"p":1}},"main":{"id":2,"p":2}}"#)
        #expect(message { try board.update(from: #"{"m":{"a":{"p":5}},"main":{"id":3}}"#) }
            == "The key \"id\" at main (FixedMarket.marketId) cannot change in an update: it is 2, and the update says 3.")
        #expect(message { try board.update(from: #"{"m":{"a":{"id":4}}}"#) }
            == "The key \"id\" at m[\"a\"] (FixedMarket.marketId) cannot change in an update: it is 1, and the update says 4.")
        #expect(board.markets["a"]?.price == 1 && board.main.marketId == 2)
        // A new key of the dictionary is a new object: its id is free.
        try board.update(from: #"{"m":{"b":{"id":5}}}"#)
        #expect(board.markets["b"]?.marketId == 5)
    }

    @Test("fixedKeys must name keys of the map")
    func schema() {
        #expect(message { try BadFixed.validateMappings() } == """
        Mapping tables of `BadFixed` are invalid:
        - fixedKeys names "id", which is not a key of apiToLocal.
        """)
    }
}
