import BaseModelKit
import Foundation
import Testing

/// Records the changes `didUpdate` receives.
nonisolated(unsafe) private var announced: [String] = []

final class PricedOutcome: BaseModel {
    var name = ""
    var price = 0.0
    override class var apiToLocal: [String: String] { ["n": "name", "p": "price"] }
    override func didUpdate(_ changes: ChangeSet) {
        announced.append("outcome \(name): " + changes.map(\.property).joined(separator: ","))
    }
}

final class PricedMarket: BaseModel {
    var name = ""
    var favourite: PricedOutcome?
    var suspended = false
    var tags: [String] = []
    override class var apiToLocal: [String: String] { ["n": "name", "f": "favourite", "s": "suspended", "t": "tags"] }
    override func didUpdate(_ changes: ChangeSet) {
        announced.append("market \(name): " + changes.map(\.property).joined(separator: ","))
    }
}

/// A class with an overridden deserialize: its default still records changes.
final class HookedPricedMarket: BaseModel {
    var name = ""
    var seen = 0
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        seen += 1
    }
}

@Suite("Change sets", .serialized)
struct ChangeSetTests {
    private func market() throws -> PricedMarket {
        try PricedMarket.decode(from: #"{"n":"1X2","f":{"n":"Home","p":1.5},"s":false,"t":["a"]}"#)
    }

    private func describe(_ changes: ChangeSet) -> [String] {
        changes.map { "\(type(of: $0.model)).\($0.property) at \($0.path): \($0.oldValue) → \($0.newValue)" }
    }

    @Test("an update returns every property it changed, with path and old and new JSON, in document order")
    func changes() throws {
        let market = try market()
        let changes = try market.update(from: #"{"f":{"p":1.8,"n":"Home"},"s":true,"n":"1X2"}"#)
        #expect(describe(changes) == [
            "PricedOutcome.price at f.p: 1.5 → 1.8",
            "PricedMarket.suspended at s: false → true",
        ])
        #expect(changes.first?.model === market.favourite)
        // The other order in the document, the other order in the change set.
        let again = try market.update(from: #"{"s":false,"f":{"p":1.7}}"#)
        #expect(describe(again) == ["PricedMarket.suspended at s: true → false", "PricedOutcome.price at f.p: 1.8 → 1.7"])
    }

    @Test("equal writes are not changes; a replaced nested model is a change of its parent's property")
    func equalsAndReplacements() throws {
        let market = try market()
        #expect(try market.update(from: #"{"n":"1X2","f":{"p":1.5},"t":["a"]}"#).isEmpty)
        let replaced = try market.update(from: #"{"f":null,"t":["a","b"]}"#)
        #expect(describe(replaced) == [
            #"PricedMarket.favourite at f: {"n":"Home","p":1.5} → null"#,
            #"PricedMarket.tags at t: ["a"] → ["a","b"]"#,
        ])
        let created = try market.update(from: #"{"f":{"n":"Away","p":4}}"#)
        #expect(describe(created) == [#"PricedMarket.favourite at f: null → {"n":"Away","p":4}"#])
    }

    @Test("didUpdate runs once per changed model after success, never after a failed update")
    func didUpdate() throws {
        let market = try market()
        announced = []
        try market.update(from: #"{"f":{"p":2},"s":true,"n":"Match"}"#)
        #expect(announced == ["outcome Home: price", "market Match: suspended,name"])
        announced = []
        #expect(throws: MappingError.self) { try market.update(from: #"{"s":false,"f":{"p":"x"}}"#) }
        #expect(announced.isEmpty && market.suspended == true)
        try market.update(from: #"{"n":"Match"}"#)
        #expect(announced.isEmpty)
    }

    @Test("paths start at the top of the document; hooked classes and parsed objects record changes too")
    func pathsAndOtherForms() throws {
        let market = try market()
        let changes = try market.update(from: #"{"data":{"f":{"p":3}}}"#, at: "data")
        #expect(describe(changes) == ["PricedOutcome.price at data.f.p: 1.5 → 3"])
        let fromObject = try market.update(from: try #require(JSON(parsing: #"{"n":"Winner"}"#).object))
        #expect(describe(fromObject) == [#"PricedMarket.name at n: "1X2" → "Winner""#])
        let hooked = try HookedPricedMarket.decode(from: #"{"n":"a"}"#)
        #expect(describe(try hooked.update(from: #"{"n":"b"}"#)) == [#"HookedPricedMarket.name at n: "a" → "b""#])
    }

    @Test("recordsChanges = false: the update applies and rolls back as usual, and announces nothing")
    func withoutChangeSets() throws {
        let market = try market()
        var options = DecodingOptions()
        options.recordsChanges = false
        announced = []
        let changes = try market.update(from: #"{"f":{"p":2},"s":true}"#, options: options)
        #expect(changes.isEmpty && announced.isEmpty && market.favourite?.price == 2 && market.suspended)
        #expect(throws: MappingError.self) { try market.update(from: #"{"s":false,"f":{"p":"x"}}"#, options: options) }
        #expect(market.suspended && market.favourite?.price == 2)
    }
}
