import BaseModelKit
import Foundation
import Testing

final class IdOutcome: BaseModel {
    var outcomeId = 0
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "p": "price"] }
}

final class IdMarket: BaseModel {
    var marketId = ""
    var outcomes: [IdOutcome] = []
    var plain: [IdOutcome] = []
    override class var apiToLocal: [String: String] { ["id": "marketId", "o": "outcomes", "pl": "plain"] }
    override class var identities: [String: String] { ["outcomes": "outcomeId"] }
}

final class BadIdentities: BaseModel {
    var outcomes: [IdOutcome] = []
    var tags: Set<String> = []
    override class var apiToLocal: [String: String] { ["o": "outcomes", "t": "tags"] }
    override class var identities: [String: String] { ["outcomes": "price2", "tags": "x", "missing": "y"] }
}

@Suite("Arrays of models merged by identity")
struct IdentityMergeTests {
    private func market() throws -> IdMarket {
        try IdMarket.decode(from: #"{"id":"7-0","o":[{"i":1,"p":1.5},{"i":2,"p":3},{"i":3,"p":5}],"pl":[{"i":9}]}"#)
    }

    @Test("matching elements update in place, new ones are inserted, the order follows the JSON, missing ones are removed")
    func merge() throws {
        let market = try market()
        let (one, three) = (market.outcomes[0], market.outcomes[2])
        let plain = market.plain[0]
        let changes = try market.update(from: #"{"o":[{"i":3,"p":4.5},{"i":4,"p":7},{"i":1}],"pl":[{"i":9}]}"#)
        #expect(market.outcomes.map(\.outcomeId) == [3, 4, 1])
        #expect(market.outcomes[0] === three && market.outcomes[2] === one && three.price == 4.5 && one.price == 1.5)
        // An array not named in identities is replaced.
        #expect(market.plain[0] !== plain)
        #expect(changes.map { "\($0.property) at \($0.path): \($0.oldValue) → \($0.newValue)" } == [
            "price at o[0].p: 5 → 4.5",
            // The elements that stayed changed order: a change of its own, with their identities.
            "outcomes at o: [1,3] → [3,1]",
            #"outcomes at o[1]: {"i":2,"p":3} → null"#,
            #"outcomes at o[1]: null → {"i":4,"p":7}"#,
        ])  // The replaced `plain` array holds an equal value: not a change.
    }

    @Test("from text and from a parsed object, the merge is the same")
    func bothPaths() throws {
        let message = #"{"o":[{"i":3,"p":4.5},{"i":4,"p":7},{"i":1}]}"#
        let (fromText, fromObject) = (try market(), try market())
        let textChanges = try fromText.update(from: message)
        let objectChanges = try fromObject.update(from: try #require(JSON(parsing: message).object))
        #expect(try fromText.jsonString() == fromObject.jsonString())
        #expect(textChanges.map { "\($0.path)" } == objectChanges.map { "\($0.path)" })
    }

    @Test("a failed merge leaves the array and its elements as they were")
    func atomic() throws {
        let market = try market()
        let before = market.outcomes
        #expect(throws: MappingError.self) { try market.update(from: #"{"o":[{"i":1,"p":9},{"i":5,"p":"x"}]}"#) }
        #expect(market.outcomes.count == 3 && zip(market.outcomes, before).allSatisfy { $0 === $1 } && before[0].price == 1.5)
    }

    @Test("identities must name an array of models and a plainly mapped property of its elements")
    func schema() {
        #expect(message { try BadIdentities.validateMappings() } == """
        Mapping tables of `BadIdentities` are invalid:
        - identities names `price2` as the identity of `outcomes`'s elements, but `IdOutcome` maps no such property under a plain key.
        - identities names `tags`, whose type `Set<String>` is not an array of models.
        - identities names `missing`, which apiToLocal does not map.
        """)
    }

    @Test("a long array merges through the same rules (it is indexed by a dictionary)")
    func longArrays() throws {
        let elements = (1...40).map { #"{"i":\#($0),"p":\#($0)}"# }.joined(separator: ",")
        let market = try IdMarket.decode(from: #"{"o":[\#(elements)]}"#)
        let kept = market.outcomes
        let message = (1...40).reversed().filter { $0 != 7 }.map { $0 == 20 ? #"{"i":20,"p":0.5}"# : #"{"i":\#($0)}"# }.joined(separator: ",")
        let changes = try market.update(from: #"{"o":[\#(message),{"i":41,"p":1}]}"#)
        #expect(market.outcomes.map(\.outcomeId) == (1...40).reversed().filter { $0 != 7 } + [41])
        #expect(market.outcomes[0] === kept[39] && market.outcomes[20] === kept[19] && kept[19].price == 0.5)
        #expect(changes.map { "\($0.path)" } == ["o[20].p", "o", "o[6]", "o[39]"])
    }
}
