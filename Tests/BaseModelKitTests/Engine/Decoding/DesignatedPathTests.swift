import BaseModelKit
import Foundation
import Testing

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
