import BaseModelKit
import Foundation
import Testing

final class Score: BaseModel {
    var matchId: Int = 0
    var homeScore: Int = 0
    var awayScore: Int = 0
    var period: String?
    var clock: Int?
    var dotted: String?
    override class var apiToLocal: [String: String] {
        ["i": "matchId", "s.h": "homeScore", "s.a": "awayScore", "s.p.n": "period", "s.p.c": "clock", "x\\.y": "dotted"]
    }
}

final class ScoreFeed: BaseModel {
    var scores: [Score] = []
    override class var apiToLocal: [String: String] { ["d.sc": "scores"] }
}

/// The empty key, a JSON key like any other, mapped beside a nested path.
final class EmptyKeyed: BaseModel {
    var blank = 0
    var inner = 0
    override class var apiToLocal: [String: String] { ["": "blank", "n.v": "inner"] }
}

final class BadPaths: BaseModel {
    var a: Int = 0
    var b: Int = 0
    var c: Int = 0
    override class var apiToLocal: [String: String] { ["s": "a", "s.x": "b", "q..r": "c"] }
}

@Suite("Nested key paths in maps")
struct KeyPathTests {
    @Test("dotted keys read nested objects, several sharing one parent, and write them back nested")
    func bothWays() throws {
        let text = #"{"i":7,"s":{"h":2,"a":1,"p":{"n":"2H","c":63},"zz":true},"x.y":"literal dot"}"#
        let score = try Score.decode(from: text)
        #expect(score.matchId == 7 && score.homeScore == 2 && score.awayScore == 1)
        #expect(score.period == "2H" && score.clock == 63)
        #expect(score.dotted == "literal dot")
        // Declaration order; one nested object per parent; unknown "zz" is not written.
        #expect(try score.jsonString() == #"{"i":7,"s":{"h":2,"a":1,"p":{"n":"2H","c":63}},"x.y":"literal dot"}"#)
        #expect(try score.jsonString(options: [.sortedKeys]) == #"{"i":7,"s":{"a":1,"h":2,"p":{"c":63,"n":"2H"}},"x.y":"literal dot"}"#)
        // The tree path (a parsed object, a dictionary) reads the same.
        let viaObject = try Score.decode(from: try JSON(parsing: text).object!)
        #expect(try viaObject.jsonString() == score.jsonString())
        let viaDictionary = try Score.decode(from: ["s": ["h": 4]] as [String: Any])
        #expect(viaDictionary.homeScore == 4)
        #expect(Score.localToApi["homeScore"] == "s.h")
    }

    @Test("nested objects with nothing to write are left out; nil is written as null when asked")
    func emptyParents() throws {
        let score = try Score.decode(from: #"{"s":{"h":1}}"#)
        #expect(try score.jsonString() == #"{"i":0,"s":{"h":1,"a":0}}"#)
        var options = EncodingOptions()
        options.nilEncoding = .null
        #expect(try score.jsonString(options: options) == #"{"i":0,"s":{"h":1,"a":0,"p":{"n":null,"c":null}},"x.y":null}"#)
    }

    @Test("updates merge into the nested keys present; a missing parent changes nothing")
    func updates() throws {
        let score = try Score.decode(from: #"{"i":1,"s":{"h":0,"a":0,"p":{"n":"1H","c":10}}}"#)
        try score.update(from: #"{"s":{"h":1,"p":{"c":12}}}"#)
        #expect(score.homeScore == 1 && score.awayScore == 0 && score.clock == 12 && score.period == "1H")
        try score.update(from: #"{"i":2}"#)
        #expect(score.homeScore == 1)
        // null for the parent: nothing in lenient mode, an error in strict mode.
        try score.update(from: #"{"s":null}"#)
        #expect(score.homeScore == 1)
        var strict = DecodingOptions()
        strict.coercion = .strict
        #expect(message { try score.update(from: #"{"s":null}"#, options: strict) } == "Expected an object at s (Score) but found null.")
    }

    @Test("errors name the full path and the property")
    func errors() {
        #expect(message { _ = try Score.decode(from: #"{"s":{"p":{"c":"x"}}}"#) }
            == #"Expected Int at s.p.c (Score.clock) but found a string "x"."#)
        #expect(message { _ = try Score.decode(from: #"{"s":[1]}"#) } == "Expected an object at s (Score) but found an array.")
        #expect(message { _ = try ScoreFeed.decode(from: #"{"d":{"sc":[{"s":{"a":true}}]}}"#) }
            == "Expected Int at d.sc[0].s.a (Score.awayScore) but found the Boolean true.")
    }

    @Test("a path into a model array round-trips")
    func nestedArray() throws {
        let text = #"{"d":{"sc":[{"i":1,"s":{"h":3,"a":0}}]}}"#
        let feed = try ScoreFeed.decode(from: text)
        #expect(feed.scores.first?.homeScore == 3)
        #expect(try feed.jsonString() == text)
    }

    @Test("the empty key is a key: decoded, updated and written back")
    func emptyKey() throws {
        let model = try EmptyKeyed.decode(from: #"{"":3,"n":{"v":1}}"#)
        #expect(model.blank == 3 && model.inner == 1)
        #expect(try model.jsonString() == #"{"":3,"n":{"v":1}}"#)
        let changes = try model.update(from: #"{"":4}"#)
        #expect(model.blank == 4 && changes.map(\.property) == ["blank"])
    }

    @Test("a key that is both a value and a parent, or has an empty step, is a schema error")
    func invalidPaths() {
        #expect(throws: SchemaError.self) { try BadPaths.validateMappings() }
        let text = message { try BadPaths.validateMappings() } ?? ""
        #expect(text.contains(#"apiToLocal maps "s" to `a` and also reads keys inside it for `b`"#))
        #expect(text.contains(#"apiToLocal has the key "q..r" with an empty step"#))
    }
}
