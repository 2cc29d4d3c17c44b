import BaseModelKit
import Foundation
import Testing

final class PartOutcome: BaseModel {
    var outcomeId = 0
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "p": "price"] }
}

final class PartMarket: BaseModel {
    var marketId = ""
    var outcomes: [PartOutcome] = []
    override class var apiToLocal: [String: String] { ["id": "marketId", "o": "outcomes"] }
    override class var identities: [String: String] { ["outcomes": "outcomeId"] }
    override class var partialCollections: Set<String> { ["outcomes"] }
}

final class PartBook: BaseModel {
    var markets: [String: PartMarket] = [:]
    override class var apiToLocal: [String: String] { ["m": "markets"] }
}

final class PartRunner: BaseModel {
    var name = ""
    var size = 0
    override class var apiToLocal: [String: String] { ["n": "name", "s": "size"] }
}

final class PartRunners: BaseModel {
    var runners: [PartRunner] = []
    override class var apiToLocal: [String: String] { ["r": "runners"] }
    override class var identities: [String: String] { ["runners": "name"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

final class BadPartial: BaseModel {
    var plain: [PartOutcome] = []
    override class var apiToLocal: [String: String] { ["p": "plain"] }
    override class var partialCollections: Set<String> { ["plain"] }
}

@Suite("Partial collections")
struct PartialCollectionTests {
    static let start = #"{"id":"101-1","o":[{"i":1,"p":1.5},{"i":2,"p":3},{"i":3,"p":5}]}"#

    @Test("a delta that lists one outcome changes it and leaves the others where they are")
    func listedOnly() throws {
        let market = try PartMarket.decode(from: Self.start)
        let (one, two, three) = (market.outcomes[0], market.outcomes[1], market.outcomes[2])
        let changes = try market.update(from: #"{"o":[{"i":2,"p":2.2}]}"#)
        #expect(market.outcomes.map(\.outcomeId) == [1, 2, 3])
        #expect(market.outcomes[0] === one && market.outcomes[1] === two && market.outcomes[2] === three && two.price == 2.2)
        #expect(changes.map(\.description) == ["price at o[0].p: 3 → 2.2"])
    }

    @Test("new identities are added at the end; the removal marker removes one")
    func addAndRemove() throws {
        let market = try PartMarket.decode(from: Self.start)
        let changes = try market.update(from: #"{"o":[{"i":9,"p":7},{"i":1,"$remove":true}]}"#)
        #expect(market.outcomes.map(\.outcomeId) == [2, 3, 9])
        #expect(changes.map { "\($0.path)" } == ["o[0]", "o[2]"])
        // Removing what is not there changes nothing.
        #expect(try market.update(from: #"{"o":[{"i":1,"$remove":true}]}"#).isEmpty)
    }

    @Test("the removal marker reads the same in every spelling, from bytes as from a parsed object")
    func removalSpellings() throws {
        // Compact elements are read in one pass over their bytes; any other form with the parser.
        let elements: [(element: String, removes: Bool)] = [
            (#"{"i":2,"$remove":true}"#, true),
            (#"{"$remove":true,"i":2}"#, true),
            (#"{"i":2, "$remove": true}"#, true),
            (#"{"i":2,"\u0024remove":true}"#, true),
            (#"{"i":"2","$remove":true}"#, true),
            (#"{"i":2,"$remove":false,"$remove":true}"#, true),
            (#"{"i":2,"$remove":true,"$remove":false}"#, false),
            (#"{"i":2,"$remove":false}"#, false),
            (#"{"i":2, "$remove": false}"#, false),
            (#"{"i":2,"$remove":null,"p":9}"#, false),
            (#"{"i":2, "$remove": null, "p":9}"#, false),
            (#"{"i":4,"$remove":true}"#, false),
        ]
        // Alone, and between plain listings: those after the last `$` or escape of the document
        // are read from their first member without looking for a marker.
        let bodies = elements.flatMap { element, removes in
            [(#"{"o":[\#(element)]}"#, removes), (#"{"o":[{"i":1,"p":4},\#(element),{"i":3,"p":5}],"id":"m"}"#, removes)]
        }
        for (body, removes) in bodies {
            let fromBytes = try PartMarket.decode(from: Self.start)
            let fromObject = try PartMarket.decode(from: Self.start)
            let bytesChanges = try fromBytes.update(from: body)
            let objectChanges = try fromObject.update(from: try #require(JSON(parsing: body).object))
            #expect(fromBytes.outcomes.contains { $0.outcomeId == 2 } == !removes, "\(body)")
            #expect(try fromBytes.jsonString() == fromObject.jsonString(), "\(body)")
            #expect(bytesChanges.map(\.description) == objectChanges.map(\.description), "\(body)")
        }
        // A marker that is not a Boolean (or null) is an error at the marker, compact or not.
        let notBoolean: [(element: String, found: String)] = [
            (#"{"i":2,"$remove":"true"}"#, #"a string "true""#),
            (#"{"i":2,"$remove":"yes"}"#, #"a string "yes""#),
            (#"{"i":2, "$remove": "yes"}"#, #"a string "yes""#),
            (#"{"i":2,"$remove":1}"#, "the number 1"),
            (#"{"i":2,"$remove":[true]}"#, "an array"),
            (#"{"i":2,"$remove":{"a":true}}"#, "an object"),
            (#"{"i":9,"$remove":0}"#, "the number 0"),
        ]
        for (element, found) in notBoolean {
            let market = try PartMarket.decode(from: Self.start)
            #expect(message { try market.update(from: #"{"o":[{"i":1,"p":8},\#(element)]}"#) }
                    == "Expected Bool at o[1].$remove (PartMarket.outcomes) but found \(found).", "\(element)")
            #expect(market.outcomes.map(\.outcomeId) == [1, 2, 3] && market.outcomes[0].price == 1.5, "\(element)")
        }
        // A malformed value is an error either way, marked or not.
        for element in [#"{"i":2,"$remove":tru}"#, #"{"i":2,"$remove":true,"p":}"#] {
            let market = try PartMarket.decode(from: Self.start)
            #expect(throws: MappingError.self, "\(element)") { try market.update(from: #"{"o":[\#(element)]}"#) }
            #expect(market.outcomes.count == 3)
        }
    }

    @Test("an identity listed twice in one delta is refused, whatever its listings do, and the update changes nothing")
    func repeatedIdentities() throws {
        let start = #"{"id":"m","o":[{"i":1,"p":1},{"i":2,"p":2}]}"#
        let cases: [(body: String, message: String)] = [
            // Merged twice, added twice, removed and listed, listed and removed.
            (#"{"o":[{"i":2,"p":5},{"i":2,"p":7}]}"#, "Repeated identity 2 at o[1].i (PartMarket.outcomes)"),
            (#"{"o":[{"i":9,"p":1},{"i":8,"p":4},{"i":9,"p":2}]}"#, "Repeated identity 9 at o[2].i (PartMarket.outcomes)"),
            (#"{"o":[{"i":1,"$remove":true},{"i":1,"p":3}]}"#, "Repeated identity 1 at o[1].i (PartMarket.outcomes)"),
            (#"{"o":[{"i":2,"p":6},{"i":2,"$remove":true}]}"#, "Repeated identity 2 at o[1].i (PartMarket.outcomes)"),
            // The same identity written as a string and as a number is one identity.
            (#"{"o":[{"i":"2","p":10},{"i":2,"p":11}]}"#, "Repeated identity 2 at o[1].i (PartMarket.outcomes)"),
            // Also where the identity is not the first member, or spaces are written.
            (#"{"o":[{"p":3,"i":1},{ "i" : 1 }]}"#, "Repeated identity 1 at o[1].i (PartMarket.outcomes)"),
        ]
        for (body, text) in cases {
            let market = try PartMarket.decode(from: start)
            let before = market.outcomes
            var options = DecodingOptions()
            for recordsChanges in [true, false] {
                options.recordsChanges = recordsChanges
                let error = try #require(throws: MappingError.self, "\(body)") { try market.update(from: body, options: options) }
                guard case .repeatedIdentity = error.reason else { Issue.record("expected a repeated identity: \(error)"); continue }
                #expect(error.description.hasPrefix(text), "\(body): \(error)")
                #expect(zip(market.outcomes, before).allSatisfy { $0 === $1 } && market.outcomes.count == 2, "\(body)")
                #expect(market.outcomes.map(\.price) == [1, 2], "\(body)")
            }
        }
        // Once in each of two arrays is no repeat.
        let market = try PartMarket.decode(from: start)
        try market.update(from: #"{"o":[{"i":2,"p":5}]}"#)
        try market.update(from: #"{"o":[{"i":2,"p":7}]}"#)
        #expect(market.outcomes.map(\.price) == [1, 7])
    }

    @Test("a listed element without its identity, or with null for it, is an error with its path")
    func missingIdentity() throws {
        let cases: [(body: String, message: String)] = [
            (#"{"o":[{"p":3}]}"#, #"Missing key "i" at o[0] (PartOutcome)."#),
            (#"{"o":[{"i":1,"p":2},{ "p" : 3 }]}"#, #"Missing key "i" at o[1] (PartOutcome)."#),
            (#"{"o":[{"i":null,"p":1}]}"#, "Expected an identity at o[0].i (PartOutcome.outcomeId) but found null."),
            (#"{"o":[{"i":1,"p":2},{"p":1,"i":null}]}"#, "Expected an identity at o[1].i (PartOutcome.outcomeId) but found null."),
            (#"{"o":[{"$remove":true}]}"#, #"Missing key "i" at o[0] (PartOutcome)."#),
        ]
        for (body, text) in cases {
            let market = try PartMarket.decode(from: Self.start)
            let before = market.outcomes
            #expect(message { try market.update(from: body) } == text, "\(body)")
            #expect(zip(market.outcomes, before).allSatisfy { $0 === $1 } && market.outcomes.count == 3 && market.outcomes[0].price == 1.5)
        }
    }

    @Test("a failed partial update leaves the array and its elements as they were")
    func atomic() throws {
        let market = try PartMarket.decode(from: Self.start)
        let before = market.outcomes
        #expect(throws: MappingError.self) { try market.update(from: #"{"o":[{"i":1,"$remove":true},{"i":2,"p":"x"}]}"#) }
        #expect(market.outcomes.count == 3 && zip(market.outcomes, before).allSatisfy { $0 === $1 } && before[1].price == 3)
    }

    @Test("an identity that is not UTF-8 is refused, even where the element holds its repaired text")
    func identityNotUTF8() throws {
        // U+FFFD is what a repairing decode makes of the byte 0xFF: the element that holds it must not
        // take the byte for its identity and pass the member without the parser's check.
        let book = try PartRunners.decode(from: #"{"r":[{"n":"a"# + "\u{FFFD}" + #"","s":1}]}"#)
        let runner = book.runners[0]
        let body = Array(#"{"r":[{"n":"a"#.utf8) + [0xFF] + Array(#"","s":2}]}"#.utf8)
        #expect(throws: (any Error).self) { try book.update(from: body) }
        #expect(book.runners.count == 1 && book.runners[0] === runner && runner.size == 1)
    }

    @Test("the PATCH body lists only what changed, with removal markers, and remakes the new state")
    func patches() throws {
        let market = try PartMarket.decode(from: Self.start)
        let snapshot = market.snapshot()
        market.outcomes[1].price = 4
        market.outcomes.remove(at: 0)
        let added = PartOutcome()
        added.outcomeId = 8
        market.outcomes.append(added)
        let body = try market.changes(since: snapshot).jsonData()
        #expect(String(decoding: body, as: UTF8.self) == #"{"o":[{"i":2,"p":4},{"i":8,"p":0},{"i":1,"$remove":true}]}"#)
        let receiver = try PartMarket.decode(from: Self.start)
        try receiver.update(from: body)
        #expect(try receiver.jsonString() == market.jsonString())
    }

    @Test("a model replaced by a new object: the PATCH removes the elements of its partial collection the new one lacks")
    func replacedModelWithPartialCollection() throws {
        let old = #"{"m":{"k":\#(Self.start)}}"#
        let book = try PartBook.decode(from: old)
        let snapshot = book.snapshot()
        let fresh = try PartMarket.decode(from: #"{"id":"101-1","o":[{"i":2,"p":9},{"i":9,"p":1}]}"#)
        book.markets["k"] = fresh
        let body = try book.changes(since: snapshot).jsonData()
        let receiver = try PartBook.decode(from: old)
        try receiver.update(from: body)
        #expect(try receiver.jsonString() == book.jsonString(), "\(String(decoding: body, as: UTF8.self))")
    }

    @Test("partialCollections must name an array merged by identity")
    func schema() {
        #expect(message { try BadPartial.validateMappings() } == """
        Mapping tables of `BadPartial` are invalid:
        - partialCollections names `plain`, which identities does not name: only an array merged by identity can be sent in part.
        """)
    }
}
