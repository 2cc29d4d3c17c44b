import BaseModelKit
import Foundation
import Testing

private final class Runner: BaseModel {
    var runnerId = 0
    var name = ""
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "runnerId", "n": "name", "p": "price"] }
}

/// Collections of models an update merges in its member loop, on their references.
private final class Board: BaseModel {
    var races: [String: Runner] = [:]
    var field: [Runner] = []
    override class var apiToLocal: [String: String] { ["r": "races", "f": "field"] }
    override class var identities: [String: String] { ["field": "runnerId"] }
}

/// The same maps on optional collections: the dictionary an update merges through the property's
/// access, the array through the same member as `Board`'s, which reads `nil` through the access.
private final class OptionalBoard: BaseModel {
    var races: [String: Runner]? = [:]
    var field: [Runner]? = []
    override class var apiToLocal: [String: String] { ["r": "races", "f": "field"] }
    override class var identities: [String: String] { ["field": "runnerId"] }
}

@Suite("Collections of models merged in an update's member loop")
struct ModelCollectionMemberTests {
    @Test("random updates, failed ones among them, leave both ways of merging with the same state and the same changes")
    func sameAsTheAccess() throws {
        var random = SeededGenerator(seed: 26)
        let start = #"{"r":{"a":{"i":1,"n":"A","p":1.5}},"f":[{"i":1,"n":"One","p":2},{"i":2,"n":"Two","p":3}]}"#
        let board = try Board.decode(from: start)
        let optional = try OptionalBoard.decode(from: start)
        var failed = 0
        for round in 0..<600 {
            let keys = ["a", "b", "c"].filter { _ in Bool.random(using: &random) }
            let races = keys.map { key -> String in
                switch Int.random(in: 0..<8, using: &random) {
                case 0: return #""\#(key)":null"#
                case 1: return #""\#(key)":{"p":"bad"}"#
                default: return #""\#(key)":{"p":\#(Int.random(in: 1...9, using: &random))}"#
                }
            }
            let ids = [1, 2, 3, 4].shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random))
            let field = ids.map { #"{"i":\#($0),"p":\#(Int.random(in: 1...9, using: &random))}"# }
            var members: [String] = []
            if Bool.random(using: &random) { members.append(#""r":{\#(races.joined(separator: ","))}"#) }
            if Bool.random(using: &random) { members.append(#""f":[\#(field.joined(separator: ","))]"#) }
            if Int.random(in: 0..<20, using: &random) == 0 { members.append(#""f":{}"#) }
            let message = "{\(members.shuffled(using: &random).joined(separator: ","))}"
            let quiet = round.isMultiple(of: 2)
            var options = DecodingOptions()
            options.recordsChanges = !quiet
            let first = Result { try board.update(from: Data(message.utf8), options: options) }
            let second = Result { try optional.update(from: Data(message.utf8), options: options) }
            switch (first, second) {
            case (.success(let changes), .success(let optionalChanges)):
                #expect(changes.map(\.description) == optionalChanges.map(\.description), "\(message)")
            case (.failure(let error), .failure(let optionalError)):
                // The same error, but for the model's name.
                #expect("\(error)" == "\(optionalError)".replacingOccurrences(of: "OptionalBoard", with: "Board"), "\(message)")
                failed += 1
            default:
                Issue.record("one way failed, the other did not: \(message)")
            }
            #expect(try board.jsonString() == optional.jsonString(), "\(message)")
        }
        #expect(failed > 20)
    }

    @Test("null for a collection that is not optional (strict), and a value of the wrong kind, are errors with their paths")
    func wrongValues() throws {
        let board = try Board.decode(from: #"{"r":{"a":{"p":1}},"f":[{"i":1,"p":2}]}"#)
        let before = try board.jsonString()
        var strict = DecodingOptions()
        strict.coercion = .strict
        for (message, path) in [(#"{"r":null}"#, "r"), (#"{"f":null}"#, "f"), (#"{"r":[]}"#, "r"), (#"{"f":{}}"#, "f"), (#"{"f":[{"i":1,"p":"x"}]}"#, "f[0].p")] {
            let error = try #require(throws: MappingError.self) { try board.update(from: Data(message.utf8), options: strict) }
            #expect("\(error.path)" == path, "\(message)")
            #expect(try board.jsonString() == before)
        }
        // Lenient, the default: `null` leaves the collection as it is.
        try board.update(from: Data(#"{"r":null,"f":null}"#.utf8))
        #expect(try board.jsonString() == before)
    }

    @Test("a merge that moves nothing keeps the collections' objects, and is no change")
    func inPlace() throws {
        let board = try Board.decode(from: #"{"r":{"a":{"p":1}},"f":[{"i":1,"p":2},{"i":2,"p":3}]}"#)
        let (race, runner) = (try #require(board.races["a"]), board.field[1])
        let changes = try board.update(from: Data(#"{"r":{"a":{"p":1.5}},"f":[{"i":1},{"i":2,"p":3.5}]}"#.utf8))
        #expect(board.races["a"] === race && board.field[1] === runner)
        #expect(changes.map(\.description) == ["price at r[\"a\"].p: 1 → 1.5", "price at f[1].p: 3 → 3.5"])
    }
}

private class Entrant: BaseModel {
    var entrantId = 0
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "entrantId", "p": "price"] }
}

/// Not the array's usual class: an element of it is matched only by the identity over all its members.
private final class LateEntrant: Entrant {}

/// Its own code runs in a decode: its elements' identities are read over all their members.
private final class HookedEntrant: BaseModel {
    var entrantId = 0
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "entrantId", "p": "price"] }
    override func didDeserialize() throws {}
}

private final class Race: BaseModel {
    var field: [Entrant] = []
    var hooked: [HookedEntrant] = []
    override class var apiToLocal: [String: String] { ["f": "field", "h": "hooked"] }
    override class var identities: [String: String] { ["field": "entrantId", "hooked": "entrantId"] }
}

extension ModelCollectionMemberTests {
    @Test("an element's identity read from its first member: a repeat of its key, in any spelling, is refused and changes nothing; without one, bytes and a JSONObject agree")
    func repeatedIdentities() throws {
        var random = SeededGenerator(seed: 2_611)
        let start = #"{"f":[{"i":1,"p":1},{"i":2,"p":2},{"i":3,"p":3}],"h":[{"i":1,"p":1},{"i":2,"p":2}]}"#
        var refused = 0
        for round in 0..<400 {
            let fromBytes = try Race.decode(from: start)
            let fromTree = try Race.decode(from: start)
            // Sometimes an element of another class, which the merge matches over all its members.
            if round.isMultiple(of: 3) {
                for race in [fromBytes, fromTree] {
                    let late = LateEntrant()
                    late.entrantId = 4
                    race.field.append(late)
                }
            }
            var repeats = false
            func element() -> String {
                let spellings = [#""i":"#, #""\u0069":"#, #" "i" : "#]
                var members = [#""i":\#(Int.random(in: 1...5, using: &random))"#, #""p":\#(Int.random(in: 1...9, using: &random))"#]
                if Int.random(in: 0..<4, using: &random) == 0 {
                    members.insert(spellings.randomElement(using: &random)! + "\(Int.random(in: 1...5, using: &random))", at: Int.random(in: 1...2, using: &random))
                    repeats = true
                }
                return "{" + members.joined(separator: ",") + "}"
            }
            func list() -> String { "[" + (0..<Int.random(in: 1...3, using: &random)).map { _ in element() }.joined(separator: ",") + "]" }
            let message = #"{"f":\#(list()),"h":\#(list())}"#
            let before = try fromBytes.jsonString()
            if repeats {
                let error = try #require(throws: MappingError.self, "\(message)") { try fromBytes.update(from: Data(message.utf8)) }
                guard case .repeatedKey = error.reason else {
                    Issue.record("\(message): \(error)")
                    continue
                }
                #expect(try fromBytes.jsonString() == before, "\(message)")
                refused += 1
                continue
            }
            let tree = try #require(JSON(parsing: message).object)
            let bytesResult = Result { try fromBytes.update(from: Data(message.utf8)) }
            let treeResult = Result { try fromTree.update(from: tree) }
            switch (bytesResult, treeResult) {
            case (.success(let changes), .success(let treeChanges)):
                #expect(changes.map(\.description) == treeChanges.map(\.description), "\(message)")
            case (.failure, .failure):
                break
            default:
                Issue.record("one way failed, the other did not: \(message)")
            }
            #expect(try fromBytes.jsonString() == fromTree.jsonString(), "\(message)")
        }
        #expect(refused > 100 && refused < 300, "\(refused)")
    }
}

extension ModelCollectionMemberTests {
    @Test("an element's identity is passed unread only when the element holds exactly it: bytes and the same JSONObject give the same result, strict and lenient")
    func identityPassedUnread() throws {
        var random = SeededGenerator(seed: 4_409)
        let start = #"{"f":[{"i":1,"p":1},{"i":2,"p":2},{"i":3,"p":3}]}"#
        // Identities as an `Int` holds them, and as it may not: a string, a fraction, an exponent.
        let identities = ["1", "2", "3", "4", "-0", #""2""#, "2.0", "3e0", "null"]
        let prices = ["5", "6.5", #""high""#, "null"]
        var passed = 0
        for round in 0..<600 {
            var options = DecodingOptions()
            if round.isMultiple(of: 2) { options.coercion = .strict }
            let fromBytes = try Race.decode(from: start)
            let fromTree = try Race.decode(from: start)
            let elements = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                var members = [#""i":\#(identities.randomElement(using: &random)!)"#, #""p":\#(prices.randomElement(using: &random)!)"#]
                if Int.random(in: 0..<4, using: &random) == 0 { members.swapAt(0, 1) }
                return "{" + members.joined(separator: ",") + "}"
            }
            let message = #"{"f":[\#(elements.joined(separator: ","))]}"#
            if elements.contains(where: { $0.hasPrefix(#"{"i":1,"#) || $0.hasPrefix(#"{"i":2,"#) || $0.hasPrefix(#"{"i":3,"#) }) { passed += 1 }
            let tree = try #require(JSON(parsing: message).object)
            let report = MappingReport()
            let bytesResult = Result { try fromBytes.update(from: Data(message.utf8), options: options, report: report) }
            let treeResult = Result { try fromTree.update(from: tree, options: options) }
            switch (bytesResult, treeResult) {
            case (.success(let changes), .success(let treeChanges)):
                #expect(changes.map(\.description) == treeChanges.map(\.description), "\(message)")
                // Every identity the update coerced is reported, as a decode of the same elements
                // (which reads every member) reports it.
                let decodeReport = MappingReport()
                if (try? Race.decode(from: Data(message.utf8), options: options, report: decodeReport)) != nil {
                    let identityCoercions = { (report: MappingReport) in report.coercions.map(\.path.description).filter { $0.hasSuffix(".i") } }
                    #expect(identityCoercions(report) == identityCoercions(decodeReport), "\(message)")
                }
            case (.failure(let error), .failure(let treeError)):
                #expect("\(error)" == "\(treeError)", "\(message)")
            default:
                Issue.record("one way failed, the other did not: \(message), strict: \(options.coercion == .strict)")
            }
            #expect(try fromBytes.jsonString() == fromTree.jsonString(), "\(message)")
        }
        #expect(passed > 200)
    }
}

private final class Ticker: BaseModel {
    var symbol = ""
    var price = 0.0
    override class var apiToLocal: [String: String] { ["s": "symbol", "p": "price"] }
}

/// String identities in a whole list and in a partial collection.
private final class Tape: BaseModel {
    var whole: [Ticker] = []
    var part: [Ticker] = []
    override class var apiToLocal: [String: String] { ["w": "whole", "q": "part"] }
    override class var identities: [String: String] { ["whole": "symbol", "part": "symbol"] }
    override class var partialCollections: Set<String> { ["part"] }
}

extension ModelCollectionMemberTests {
    @Test("a string identity is passed unread only when the element holds its very bytes: spellings Swift calls equal are written as listed, as when the identity is not the first member")
    func stringIdentityPassedUnread() throws {
        var random = SeededGenerator(seed: 4_417)
        // Held: a short ASCII id, the Kelvin sign (equal to "K" as Swift compares strings), a
        // decomposed "é", and an id too long for a small string; in every other round after 16
        // more, so that the lists are found through their index of identities, not searched.
        let held = ["a", "\u{212A}", "e\u{301}", "identity-longer-than-sixteen-bytes"]
        let padding = (0..<16).map { "pad-\($0)" }
        let start = { (ids: [String]) -> String in
            let elements = ids.enumerated().map { #"{"s":"\#($1)","p":\#($0)}"# }.joined(separator: ",")
            return #"{"w":[\#(elements)],"q":[\#(elements)]}"#
        }
        // Listed: the same bytes, other bytes Swift calls equal, an escape, and a new id.
        let listed = ["a", "K", "\u{212A}", "\u{E9}", "e\u{301}", #"\u212A"#, "identity-longer-than-sixteen-bytes", "b"]
        var differentBytes = 0
        for round in 0..<400 {
            let ids = round.isMultiple(of: 2) ? held : held + padding
            // The identity first (read from the first member, passed unread when the element holds
            // its bytes), and last (read over all the members, then read again by the member loop).
            var first: [String] = [], last: [String] = []
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let id = listed.randomElement(using: &random)!
                if held.contains(where: { $0 == id && !$0.utf8.elementsEqual(id.utf8) }) { differentBytes += 1 }
                let price = Int.random(in: 0..<3, using: &random)
                first.append(#"{"s":"\#(id)","p":\#(price)}"#)
                last.append(#"{"p":\#(price),"s":"\#(id)"}"#)
            }
            let member = Bool.random(using: &random) ? "w" : "q"
            let message = { (list: [String]) in #"{"\#(member)":[\#(list.joined(separator: ","))]}"# }
            let idFirst = try Tape.decode(from: start(ids))
            let idLast = try Tape.decode(from: start(ids))
            switch (Result { try idFirst.update(from: Data(message(first).utf8)) }, Result { try idLast.update(from: Data(message(last).utf8)) }) {
            case (.success(let changes), .success(let lastChanges)):
                #expect(changes.map(\.description) == lastChanges.map(\.description), "\(message(first))")
            case (.failure(let error), .failure(let lastError)):
                #expect("\(error)" == "\(lastError)", "\(message(first))")
            default:
                Issue.record("one order failed, the other did not: \(message(first))")
            }
            // Compared as bytes: `==` on strings would take "K" for the Kelvin sign.
            #expect(Array(try idFirst.jsonString().utf8) == Array(try idLast.jsonString().utf8), "\(message(first))")
        }
        #expect(differentBytes > 50)
    }
}
