import BaseModelKit
import Foundation
import Testing

final class SnapOutcome: BaseModel {
    var outcomeId = 0
    var name = ""
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "n": "name", "p": "price"] }
}

final class SnapMarket: BaseModel {
    var name = ""
    var suspended: Bool?
    var outcomes: [SnapOutcome] = []
    override class var apiToLocal: [String: String] { ["n": "name", "s": "suspended", "o": "outcomes"] }
    override class var identities: [String: String] { ["outcomes": "outcomeId"] }
}

final class SnapEvent: BaseModel {
    var title = ""
    var homeScore = 0
    var awayScore = 0
    var tags: [String] = []
    var favourite: SnapOutcome?
    var markets: [String: SnapMarket] = [:]
    override class var apiToLocal: [String: String] {
        ["t": "title", "sc.h": "homeScore", "sc.a": "awayScore", "g": "tags", "f": "favourite", "m": "markets"]
    }
}

/// Members behind dotted and positional key paths, in a model that is replaced whole.
final class SnapScore: BaseModel {
    var label = ""
    var home = 0
    var away = 0
    var period: Int?
    override class var apiToLocal: [String: String] { ["l": "label", "g.h": "home", "g.a": "away", "p.1": "period"] }
}

final class SnapMatch: BaseModel {
    var score: SnapScore?
    override class var apiToLocal: [String: String] { ["s": "score"] }
}

@Suite("Snapshots and PATCH bodies")
struct SnapshotTests {
    private let feed = #"""
    {"t":"A v B","sc":{"h":0,"a":0},"g":["live"],"f":{"i":9,"n":"Home","p":1.5},
     "m":{"1x2":{"n":"1X2","o":[{"i":1,"n":"Home","p":1.5},{"i":2,"n":"Draw","p":3.2},{"i":3,"n":"Away","p":5}]},
          "ou":{"n":"O/U 2.5","s":false,"o":[{"i":4,"n":"Over","p":1.9},{"i":5,"n":"Under","p":1.9}]}}}
    """#

    private func describe(_ changes: ChangeSet) -> [String] {
        changes.map { "\(type(of: $0.model)).\($0.property) at \($0.path): \($0.oldValue) → \($0.newValue)" }
    }

    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// Applies `body` to `original` and checks that the result writes what `edited` writes.
    private func expectBodyRecreates(_ edited: SnapEvent, from original: SnapEvent, body: Data) throws {
        try original.update(from: body)
        #expect(try original.jsonString(options: [.sortedKeys] as EncodingOptions) == edited.jsonString(options: [.sortedKeys] as EncodingOptions))
    }

    @Test("changes since a snapshot list what code changed directly, with paths from the model")
    func directEdits() throws {
        let event = try SnapEvent.decode(from: feed)
        let before = try event.copy()
        let snapshot = event.snapshot()
        #expect(event.changes(since: snapshot).isEmpty)
        #expect(text(try event.changes(since: snapshot).jsonData()) == "{}")

        event.homeScore = 1
        event.title = "A v B"  // equal: not a change
        event.markets["1x2"]!.outcomes[1].price = 3.4
        event.markets["ou"]!.suspended = nil
        event.favourite!.price = 1.45
        let changes = event.changes(since: snapshot)
        #expect(describe(changes) == [
            "SnapEvent.homeScore at sc.h: 0 → 1",
            "SnapOutcome.price at f.p: 1.5 → 1.45",
            #"SnapOutcome.price at m["1x2"].o[1].p: 3.2 → 3.4"#,
            #"SnapMarket.suspended at m["ou"].s: false → null"#,
        ])
        #expect(text(try changes.jsonData()) ==
                #"{"sc":{"h":1},"f":{"p":1.45},"m":{"1x2":{"o":[{"i":1},{"i":2,"p":3.4},{"i":3}]},"ou":{"s":null}}}"#)
        try expectBodyRecreates(event, from: before, body: try changes.jsonData())
    }

    @Test("objects added, removed and replaced are changes of the property or key holding them")
    func structure() throws {
        let event = try SnapEvent.decode(from: feed)
        let before = try event.copy()
        let snapshot = event.snapshot()
        let market = event.markets["1x2"]!
        market.outcomes.remove(at: 0)
        market.outcomes.insert(try SnapOutcome.decode(from: #"{"i":7,"n":"Void","p":1}"#), at: 1)
        event.markets["ou"] = nil
        event.markets["h"] = try SnapMarket.decode(from: #"{"n":"Handicap"}"#)
        event.favourite = try SnapOutcome.decode(from: #"{"i":9,"n":"Home","p":1.5}"#)  // another object, equal JSON
        event.tags.append("tv")
        let changes = event.changes(since: snapshot)
        #expect(describe(changes) == [
            #"SnapEvent.tags at g: ["live"] → ["live","tv"]"#,
            #"SnapEvent.favourite at f: {"i":9,"n":"Home","p":1.5} → {"i":9,"n":"Home","p":1.5}"#,
            #"SnapMarket.outcomes at m["1x2"].o[0]: {"i":1,"n":"Home","p":1.5} → null"#,
            #"SnapMarket.outcomes at m["1x2"].o[1]: null → {"i":7,"n":"Void","p":1}"#,
            #"SnapEvent.markets at m["h"]: null → {"n":"Handicap","s":null,"o":[]}"#,
            #"SnapEvent.markets at m["ou"]: {"n":"O/U 2.5","s":false,"o":[{"i":4,"n":"Over","p":1.9},{"i":5,"n":"Under","p":1.9}]} → null"#,
        ])
        let body = try changes.jsonData()
        #expect(text(body) == #"{"g":["live","tv"],"f":{"i":9,"n":"Home","p":1.5},"m":{"1x2":{"o":[{"i":2},{"i":7,"n":"Void","p":1},{"i":3}]},"h":{"n":"Handicap","s":null,"o":[]},"ou":null}}"#)
        try expectBodyRecreates(event, from: before, body: body)
    }

    @Test("the PATCH body of an update's changes makes the same update")
    func updateBody() throws {
        let event = try SnapEvent.decode(from: feed)
        let before = try event.copy()
        let message = #"{"sc":{"a":1},"m":{"1x2":{"n":"1X2","o":[{"i":3,"p":4.5},{"i":1},{"i":2,"p":3.2}]},"ou":{"s":true}}}"#
        let changes = try event.update(from: message)
        #expect(text(try changes.jsonData()) == #"{"sc":{"a":1},"m":{"1x2":{"o":[{"i":3,"p":4.5},{"i":1},{"i":2}]},"ou":{"s":true}}}"#)
        try expectBodyRecreates(event, from: before, body: try changes.jsonData())
        // One model's changes alone write only that model's part.
        let market = event.markets["ou"]!
        #expect(text(try changes.changes(of: market).jsonData()) == #"{"m":{"ou":{"s":true}}}"#)
    }

    @Test("a snapshot keeps its objects: changes later are measured against what they held then")
    func laterSnapshots() throws {
        let event = try SnapEvent.decode(from: feed)
        let first = event.snapshot()
        try event.update(from: #"{"f":{"p":1.6}}"#)
        let second = event.snapshot()
        try event.update(from: #"{"f":{"p":1.7}}"#)
        #expect(describe(event.changes(since: first)) == ["SnapOutcome.price at f.p: 1.5 → 1.7"])
        #expect(describe(event.changes(since: second)) == ["SnapOutcome.price at f.p: 1.6 → 1.7"])
    }

    @Test("a replaced model's old value is what the snapshot held, its dotted and positional key paths too")
    func replacedWithKeyPaths() throws {
        let old = #"{"s":{"l":"FT","g":{"h":2,"a":1},"p":[null,2]}}"#
        let match = try SnapMatch.decode(from: old)
        let snapshot = match.snapshot()
        let former = try #require(match.score)
        match.score = try SnapScore.decode(from: #"{"l":"ET","g":{"h":3,"a":3}}"#)
        // Edited after the snapshot: the change still shows what it held then.
        former.home = 5
        former.period = nil
        let changes = match.changes(since: snapshot)
        #expect(changes.map { "\($0.path): \($0.oldValue) → \($0.newValue)" } == [
            #"s: {"l":"FT","g":{"h":2,"a":1},"p":[null,2]} → {"l":"ET","g":{"h":3,"a":3},"p":[null,null]}"#,
        ])
        let receiver = try SnapMatch.decode(from: old)
        try receiver.update(from: try changes.jsonData())
        #expect(try receiver.jsonString() == match.jsonString())
    }
}
