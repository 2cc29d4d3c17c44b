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

    @Test("a key that is both a value and a parent, or has an empty step, is a schema error")
    func invalidPaths() {
        #expect(throws: SchemaError.self) { try BadPaths.validateMappings() }
        let text = message { try BadPaths.validateMappings() } ?? ""
        #expect(text.contains(#"apiToLocal maps "s" to `a` and also reads keys inside it for `b`"#))
        #expect(text.contains(#"apiToLocal has the key "q..r" with an empty step"#))
    }
}

@Suite("Designated paths")
struct DesignatedPathTests {
    static let envelope = #"""
    {"meta":{"v":2},"data":{"items":[{"i":1,"s":{"h":1}},{"i":2,"s":{"h":2}}],"main":{"i":9},"a.b":{"i":5}},"tail":[1,2]}
    """#

    @Test("decode and decodeArray start at a nested object, array or element")
    func reads() throws {
        #expect(try Score.decode(from: Self.envelope, at: "data.main").matchId == 9)
        #expect(try Score.decode(from: Self.envelope, at: "data.items.1").homeScore == 2)
        #expect(try Score.decodeArray(from: Self.envelope, at: "data.items").map(\.matchId) == [1, 2])
        #expect(try Score.decode(from: Data(Self.envelope.utf8), at: "data.a\\.b").matchId == 5)
        #expect(try Score.decodeArray(from: Data(Self.envelope.utf8), at: "data.items").count == 2)
        // The last of repeated keys, as everywhere.
        #expect(try Score.decode(from: #"{"d":{"i":1},"d":{"i":2}}"#, at: "d").matchId == 2)
    }

    @Test("a missing segment or a wrong container is an error naming it")
    func missing() {
        #expect(message { _ = try Score.decode(from: Self.envelope, at: "data.events") } == #"Found no key "events" at data."#)
        #expect(message { _ = try Score.decode(from: Self.envelope, at: "data.items.5") } == "Found no element 5 (the array has 2) at data.items.")
        #expect(message { _ = try Score.decode(from: Self.envelope, at: "meta.v.x") }
            == #"Expected an object or array to go on to "x" at meta.v but found the number 2."#)
        #expect(message { _ = try Score.decode(from: Self.envelope, at: "data.items.first") }
            == #"Expected an object with the key "first" at data.items but found an array."#)
        #expect(message { _ = try Score.decode(from: Self.envelope, at: "meta.v") } == "Expected Score at meta.v but found the number 2.")
    }

    @Test("errors inside carry the whole path; the rest of the document must still be JSON")
    func errorsAndRest() {
        #expect(message { _ = try Score.decodeArray(from: Self.envelope.replacingOccurrences(of: #""h":2"#, with: #""h":"x""#), at: "data.items") }
            == #"Expected Int at data.items[1].s.h (Score.homeScore) but found a string "x"."#)
        #expect(message { _ = try Score.decode(from: #"{"data":{"main":{"i":1}},"tail":[1,}"#, at: "data.main") }?
            .hasPrefix("The data is not valid JSON.") == true)
    }
}

final class OddsUpdate: BaseModel {
    var marketId: String = ""
    var price: Double = 0
    override class var apiToLocal: [String: String] { ["t": "type", "m": "marketId", "p": "price"] }
    var type: String = ""
}

final class Heartbeat: BaseModel {
    var sequence: Int = 0
    override class var apiToLocal: [String: String] { ["n": "sequence"] }
}

@Suite("Message routing")
struct MessageRouterTests {
    @Test("each message is decoded as the class registered for its type and handed to its handler")
    func routes() throws {
        let router = MessageRouter(typeKey: "t")
        var seen: [String] = []
        router.register(OddsUpdate.self, type: "ou") { seen.append("odds \($0.marketId) \($0.price)") }
        router.register(Heartbeat.self, type: "7") { seen.append("heartbeat \($0.sequence)") }
        let model = try router.route(#"{"m":"m1","t":"ou","p":2.5}"#)
        #expect((model as? OddsUpdate)?.type == "ou")
        try router.route(Data(#"{"t":7,"n":3}"#.utf8))
        #expect(seen == ["odds m1 2.5", "heartbeat 3"])
        // The message goes out again as its class writes it.
        #expect(try (model as! OddsUpdate).jsonString() == #"{"m":"m1","p":2.5,"t":"ou"}"#)
    }

    @Test("unknown or missing types are errors, or go to the fallback handler")
    func unknown() throws {
        let router = MessageRouter(typeKey: "meta.type")
        router.register(Heartbeat.self, type: "hb") { _ in }
        #expect(message { try router.route(#"{"meta":{"type":"zz"}}"#) } == #"No class is registered for the message type "zz" at meta.type."#)
        #expect(message { try router.route(#"{"n":1}"#) } == #"Found no key "meta" at the top level."#)
        #expect(message { try router.route(#"{"meta":{"type":true}}"#) }
            == "Expected a message type (a string or an integer) at meta.type but found the Boolean true.")
        #expect(message { try router.route(#"{"meta":{"type":"hb"},"n":"x"}"#) } == #"Expected Int at n (Heartbeat.sequence) but found a string "x"."#)
        #expect(message { try router.route("{") }?.hasPrefix("The data is not valid JSON.") == true)

        var fallen: [String] = []
        router.setFallback { type, message in fallen.append("\(type ?? "none") \(message)") }
        #expect(try router.route(#"{"meta":{"type":"zz"},"x":1}"#) == nil)
        #expect(try router.route(#"{"x":2}"#) == nil)
        #expect(fallen == [#"zz {"meta":{"type":"zz"},"x":1}"#, #"none {"x":2}"#])
    }
}
