import BaseModelKit
import Foundation
import Testing

enum MarketState: String, Sendable { case open = "o", suspended = "s" }
enum Sport: Int, Sendable { case football = 1, tennis = 2 }

final class LiveMarket: BaseModel {
    var state: MarketState = .open
    var previous: MarketState?
    var sport: Sport = .football
    var history: [MarketState] = []
    var name = ""
    override class var apiToLocal: [String: String] { ["s": "state", "p": "previous", "sp": "sport", "h": "history", "n": "name"] }
}

/// The same, with one property declared forward-compatible by the class.
final class TolerantMarket: BaseModel {
    var state: MarketState = .open
    var sport: Sport = .football
    override class var apiToLocal: [String: String] { ["s": "state", "sp": "sport"] }
    override class var forwardCompatibleEnums: Set<String> { ["state"] }
}

@Suite("Unknown enum cases")
struct UnknownEnumCaseTests {
    let newer = #"{"s":"x","p":"x","sp":3,"h":["o","x","s"],"n":"Winner"}"#

    @Test("by default an unknown raw value is an error, as before")
    func errorByDefault() {
        #expect(message { _ = try LiveMarket.decode(from: newer) }
            == #"Expected MarketState at s (LiveMarket.state) but found a string "x"."#)
    }

    @Test("with .keepDefault: an optional becomes nil, others stay, collections leave the element out, and the report says so")
    func keepDefault() throws {
        var options = DecodingOptions()
        options.unknownEnumCases = .keepDefault
        let report = MappingReport()
        let market = try LiveMarket.decode(from: newer, options: options, report: report)
        #expect(market.state == .open && market.previous == nil && market.sport == .football)
        #expect(market.history == [.open, .suspended] && market.name == "Winner")
        #expect(report.entries.map(\.description) == [
            #"Kept the default for a string "x", which no case of MarketState has, at s."#,
            #"Kept the default for a string "x", which no case of MarketState has, at p."#,
            "Kept the default for the number 3, which no case of Sport has, at sp.",
            #"Kept the default for a string "x", which no case of MarketState has, at h[1]."#,
        ])
        // An update leaves the property as it was.
        market.state = .suspended
        try market.update(from: #"{"s":"z","n":"Next"}"#, options: options)
        #expect(market.state == .suspended && market.name == "Next")
        // The same through a parsed object (the tree path).
        let tree = try LiveMarket.decode(from: try #require(JSON(parsing: newer).object), options: options)
        #expect(tree.previous == nil && tree.history == [.open, .suspended])
    }

    @Test("forwardCompatibleEnums keeps the default for the properties it names only")
    func perProperty() throws {
        let market = try TolerantMarket.decode(from: #"{"s":"x","sp":2}"#)
        #expect(market.state == .open && market.sport == .tennis)
        #expect(message { _ = try TolerantMarket.decode(from: #"{"s":"x","sp":3}"#) }
            == "Expected Sport at sp (TolerantMarket.sport) but found the number 3.")
    }
}

/// An enum at an array position and inside a nested key path.
final class PositionedStates: BaseModel {
    var first: MarketState = .open
    var second: MarketState = .open
    var inner: MarketState?
    override class var apiToLocal: [String: String] { ["st.0": "first", "st.1": "second", "x.s": "inner"] }
    override class var forwardCompatibleEnums: Set<String> { ["first", "inner"] }
}

@Suite("Unknown enum cases at positions and key paths")
struct PositionedUnknownEnumCaseTests {
    @Test("the default is kept at an array position and in a nested object, and reading goes on")
    func positions() throws {
        let model = try PositionedStates.decode(from: #"{"st":["x","s"],"x":{"s":"y"}}"#)
        #expect(model.first == .open && model.second == .suspended && model.inner == nil)
    }
}
