import BaseModelKit
import Foundation
import Testing

#if canImport(Observation)
import Observation
#endif

/// One property per key shape: a plain key, a dotted key path, array positions (also inside a
/// position's object), read from inside an envelope by a designated path.
final class ShapedScore: BaseModel {
    var name = ""
    var homeGoals = 0
    var awayGoals = 0
    var home = 0
    var away: Int?
    var firstLeg: String?
    /// The properties each `didUpdate(_:)` was told of (names, not the change sets, which hold the
    /// model: keeping them here would make a cycle).
    var updates: [[String]] = []
    override class var apiToLocal: [String: String] {
        ["n": "name", "g.h": "homeGoals", "g.a": "awayGoals", "sc.0": "home", "sc.1": "away", "legs.1.s": "firstLeg"]
    }
    override func didUpdate(_ changes: ChangeSet) {
        updates.append(changes.map(\.property))
    }
}

/// What each consumer of a change sees, for each key shape: every change made through an update
/// or by code reaches the change set, `changes(since:)`, the PATCH body, `didUpdate`, observers,
/// `copy()` and the Codable bridge.
@Suite("Every key shape reaches every consumer")
struct KeyShapeConsumerTests {
    static let start = #"{"n":"a","g":{"h":1,"a":0},"sc":[1,0],"legs":[{},{"s":"x"}]}"#

    /// One edit per key shape: the update's JSON, the property it changes, the path of the change.
    static let edits: [(json: String, property: String, path: String, old: JSON, new: JSON)] = [
        (#"{"n":"b"}"#, "name", "n", "a", "b"),
        (#"{"g":{"h":2}}"#, "homeGoals", "g.h", 1, 2),
        (#"{"sc":[2,0]}"#, "home", "sc[0]", 1, 2),
        (#"{"sc":[1,null]}"#, "away", "sc[1]", 0, .null),
        (#"{"legs":[null,{"s":"y"}]}"#, "firstLeg", "legs[1].s", "x", "y"),
    ]

    @Test("an update lists the change with its path, in the change set and in didUpdate")
    func updates() throws {
        for edit in Self.edits {
            let model = try ShapedScore.decode(from: Self.start)
            let changes = try model.update(from: edit.json)
            #expect(changes.map(\.property) == [edit.property], "\(edit.json)")
            #expect(changes.first?.path.description == edit.path, "\(edit.json)")
            #expect(changes.first?.oldValue == edit.old && changes.first?.newValue == edit.new, "\(edit.json)")
            #expect(model.updates == [[edit.property]], "\(edit.json)")
            // Writing the same values again changes nothing.
            #expect(try model.update(from: edit.json).isEmpty, "\(edit.json)")
        }
    }

    @Test("through a designated path, the change's path starts at the designated object")
    func designatedPath() throws {
        let model = try ShapedScore.decode(from: #"{"e":\#(Self.start)}"#, at: "e")
        let changes = try model.update(from: #"{"e":{"sc":[5]}}"#, at: "e")
        #expect(changes.map(\.property) == ["home"])
        #expect(model.home == 5 && model.away == 0)
    }

    @Test("an edit by code appears in changes(since:), and its PATCH body makes the old state new")
    func patches() throws {
        let edits: [(String, (ShapedScore) -> Void)] = [
            ("name", { $0.name = "b" }),
            ("homeGoals", { $0.homeGoals = 3 }),
            ("home", { $0.home = 4 }),
            ("away", { $0.away = nil }),
            ("away", { $0.away = 9 }),
            ("firstLeg", { $0.firstLeg = nil }),
        ]
        for (property, edit) in edits {
            let model = try ShapedScore.decode(from: Self.start)
            let snapshot = model.snapshot()
            edit(model)
            let changes = model.changes(since: snapshot)
            #expect(changes.map(\.property) == [property])
            let receiver = try ShapedScore.decode(from: Self.start)
            let body = try changes.jsonData()
            try receiver.update(from: body)
            #expect(try receiver.jsonString() == (try model.jsonString()), "\(String(decoding: body, as: UTF8.self))")
        }
    }

    @Test("an array of positions is sent whole in a PATCH body, with nil as null")
    func patchBodyOfPositions() throws {
        let model = try ShapedScore.decode(from: Self.start)
        let snapshot = model.snapshot()
        model.away = nil
        #expect(String(decoding: try model.changes(since: snapshot).jsonData(), as: UTF8.self) == #"{"sc":[1,null]}"#)
        let update = try ShapedScore.decode(from: Self.start)
        #expect(String(decoding: try update.update(from: #"{"sc":[7]}"#).jsonData(), as: UTF8.self) == #"{"sc":[7,0]}"#)
    }

    @Test("copy() and the Codable bridge keep every shape")
    func copiesAndCodable() throws {
        let model = try ShapedScore.decode(from: Self.start)
        #expect(try model.copy().jsonString() == (try model.jsonString()))
        let archived = try JSONEncoder().encode(model)
        #expect(try JSONDecoder().decode(ShapedScore.self, from: archived).jsonString() == (try model.jsonString()))
        #expect(try model.jsonString() == #"{"n":"a","g":{"h":1,"a":0},"sc":[1,0],"legs":[null,{"s":"x"}]}"#)
        #expect(model.debugDescription.hasPrefix(#"ShapedScore(name: "a", homeGoals: 1, awayGoals: 0, home: 1, away: 0, firstLeg: "x""#))
    }
}

#if canImport(Observation)
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class ObservedScore: BaseModel {
    var home = 0
    var away = 0
    override class var apiToLocal: [String: String] { ["sc.0": "home", "sc.1": "away"] }
    override class var observedKeyPaths: [String: AnyKeyPath] { ["home": \ObservedScore.home, "away": \ObservedScore.away] }
}

@Suite("Positions reach observers")
struct PositionObservationTests {
    @Test("an update through an array position tells the observers of that property only")
    func observers() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let score = try ObservedScore.decode(from: #"{"sc":[1,0]}"#)
        let home = ChangeCounter()
        let away = ChangeCounter()
        home.track { _ = score.home }
        away.track { _ = score.away }
        try score.update(from: #"{"sc":[2,0]}"#)
        #expect(score.home == 2)
        #expect(home.count == 1 && away.count == 0)
    }
}
#endif
