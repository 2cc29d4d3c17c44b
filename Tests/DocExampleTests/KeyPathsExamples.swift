import BaseModelKit
import Foundation
import Testing

// The examples of Docs/KeyPaths.md, line for line (Scripts/Checks/examples.py checks it).
@Suite("Docs: Key paths")
struct KeyPathsExamples {
    final class Score: BaseModel {
        var matchId = 0
        var homeScore = 0
        var awayScore = 0
        var period: String?
        override class var apiToLocal: [String: String] {
            ["i": "matchId", "s.h": "homeScore", "s.a": "awayScore", "s.p.n": "period"]
        }
    }

    final class Event: BaseModel {
        var name = ""
        override class var apiToLocal: [String: String] { ["n": "name"] }
    }

    @Test("dotted keys read and write nested objects")
    func dottedKeys() throws {
        var printed: [String] = []
        func print(_ text: String) { printed.append(text) }
        let score = try Score.decode(from: #"{"i":7,"s":{"h":2,"a":1,"p":{"n":"2H"}}}"#)
        print(try score.jsonString())   // {"i":7,"s":{"h":2,"a":1,"p":{"n":"2H"}}}
        #expect(printed == [#"{"i":7,"s":{"h":2,"a":1,"p":{"n":"2H"}}}"#])
    }

    @Test("designated paths")
    func designatedPaths() throws {
        let data = Data(#"{"data":{"event":{"n":"a"},"events":[{"n":"b"},{"n":"c"}]}}"#.utf8)
        let event = try Event.decode(from: data, at: "data.event")
        let events = try Event.decodeArray(from: data, at: "data.events")
        let first = try Event.decode(from: data, at: "data.events.0")   // digits select an array element
        #expect(event.name == "a" && events.map(\.name) == ["b", "c"] && first.name == "b")
    }
}
