import BaseModelKit
import Foundation
import Testing

/// Map key paths through array positions: `"sc.0"`, `"nested.0.value"`.
final class IndexedScore: BaseModel {
    var home = 0
    var away = 0
    var firstValue: String?
    var thirdValue: String?
    var name = ""
    override class var apiToLocal: [String: String] {
        ["sc.0": "home", "sc.1": "away", "nested.0.value": "firstValue", "nested.2.value": "thirdValue", "n": "name"]
    }
}

@Suite("Key paths through array positions")
struct IndexedKeyPathTests {
    @Test("digits in a key path are positions in an array, both ways")
    func bothWays() throws {
        let text = #"{"sc":[2,1],"nested":[{"value":"a"},{"other":1},{"value":"c"}],"n":"x"}"#
        let model = try IndexedScore.decode(from: text)
        #expect(model.home == 2 && model.away == 1 && model.firstValue == "a" && model.thirdValue == "c")
        // Positions no entry names are written as null.
        #expect(try model.jsonString() == #"{"sc":[2,1],"nested":[{"value":"a"},null,{"value":"c"}],"n":"x"}"#)
        #expect(try IndexedScore.decode(from: try model.jsonData()).thirdValue == "c")
        let pretty = try model.jsonString(options: [.prettyPrinted])
        #expect(try IndexedScore.decode(from: pretty).away == 1)
    }

    @Test("a short array leaves the properties past its end as they are; an update changes only what it names")
    func shortArrays() throws {
        let model = try IndexedScore.decode(from: #"{"sc":[3]}"#)
        #expect(model.home == 3 && model.away == 0)
        try model.update(from: #"{"nested":[{"value":"z"}]}"#)
        #expect(model.firstValue == "z" && model.home == 3)
        // nil properties at the end: the array stops at the last written position.
        model.firstValue = nil
        #expect(try model.jsonString() == #"{"sc":[3,0],"n":""}"#)
    }

    @Test("errors carry the position in their path; an object keyed by positions is read too")
    func errorsAndObjects() throws {
        #expect(message { _ = try IndexedScore.decode(from: #"{"sc":[1,"x"]}"#) }
            == #"Expected Int at sc[1] (IndexedScore.away) but found a string "x"."#)
        #expect(message { _ = try IndexedScore.decode(from: #"{"nested":[{"value":[]}]}"#) }
            == "Expected String at nested[0].value (IndexedScore.firstValue) but found an array.")
        #expect(message { _ = try IndexedScore.decode(from: #"{"sc":7}"#) }
            == "Expected an array at sc (IndexedScore) but found the number 7.")
        #expect(try IndexedScore.decode(from: #"{"sc":{"0":5,"1":6}}"#).away == 6)
    }
}
