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
