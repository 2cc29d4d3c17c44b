import BaseModelKit
import Foundation
import Testing

final class Basket: BaseModel {
    var items: [Outcome] = []
    var byName: [String: Outcome] = [:]
    var codes: Set<Int> = []
    var strictItems: [Outcome] = []
    var grid: [[Int]] = []
    override class var apiToLocal: [String: String] { ["i": "items", "b": "byName", "c": "codes", "s": "strictItems", "g": "grid"] }
    override class var lossyCollections: Set<String> { ["items", "byName", "codes", "grid"] }
}

final class LossyTypo: BaseModel {
    var items: [Int] = []
    override class var apiToLocal: [String: String] { ["i": "items"] }
    override class var lossyCollections: Set<String> { ["itemz"] }
}

@Suite("Lossy collections")
struct LossyCollectionTests {
    static let text = #"""
    {"i":[{"i":1,"p":2},{"i":"x"},{"i":3,"p":-1},{"i":4}],"b":{"a":{"i":1},"z":{"p":[]}},"c":[1,"two",3],"s":[{"i":1}],"g":[[1,"x"],[2]]}
    """#

    @Test("per property: failing elements are left out, the rest kept, in arrays, sets, dictionaries and nested arrays")
    func perProperty() throws {
        let basket = try Basket.decode(from: Self.text)
        #expect(basket.items.map(\.outcomeId) == [1, 4])  // "x" is not an Int; -1 is rejected by didDeserialize
        #expect(basket.byName.keys.sorted() == ["a"])
        #expect(basket.codes == [1, 3])
        #expect(basket.grid == [[1], [2]])
        #expect(try basket.jsonString() == #"{"i":[{"i":1,"p":2},{"i":4,"p":1}],"b":{"a":{"i":1,"p":1}},"c":[1,3],"s":[{"i":1,"p":1}],"g":[[1],[2]]}"#)
    }

    @Test("a property not marked lossy still fails whole; DecodingOptions.collections makes every collection lossy")
    func options() throws {
        let bad = #"{"s":[{"i":1},{"i":"x"}]}"#
        #expect(message { _ = try Basket.decode(from: bad) } == #"Expected Int at s[1].i (Outcome.outcomeId) but found a string "x"."#)
        var lossy = DecodingOptions()
        lossy.collections = .lossy
        #expect(try Basket.decode(from: bad, options: lossy).strictItems.map(\.outcomeId) == [1])
        // The same through a parsed object (the tree path).
        let object = try JSON(parsing: bad).object!
        #expect(try Basket.decode(from: object, options: lossy).strictItems.map(\.outcomeId) == [1])
        #expect(try Basket.decodeArray(from: #"[{"s":[1,{"i":2}]}]"#, options: lossy).first?.strictItems.map(\.outcomeId) == [2])
    }

    @Test("a key repeated in a dictionary: the last value counts, and every occurrence must be valid")
    func repeatedDictionaryKeys() throws {
        let zoo = try Zoo.decode(from: #"{"sc":{"a":1,"b":2,"a":3},"nest":{"x":[1],"x":[]}}"#)
        #expect(zoo.scores == ["a": 3, "b": 2])
        #expect(zoo.nested == ["x": []])
        #expect(message { _ = try Zoo.decode(from: #"{"sc":{"a":"one","a":1}}"#) }
            == #"Expected Double at sc["a"] (Zoo.scores) but found a string "one"."#)
        // Lossy: a failing last value leaves the key out, even after a good one.
        let basket = try Basket.decode(from: #"{"b":{"a":{"i":1},"a":{"i":"x"},"c":{"i":2},"c":{"i":3}}}"#)
        #expect(basket.byName.keys.sorted() == ["c"])
        #expect(basket.byName["c"]?.outcomeId == 3)
    }

    @Test("malformed JSON and depth limits are never skipped")
    func notSkippable() {
        #expect(message { _ = try Basket.decode(from: #"{"i":[{"i":1},{"i":tru}]}"#) }?.hasPrefix("The data is not valid JSON.") == true)
        var options = DecodingOptions()
        options.maxDepth = 3
        #expect(message { _ = try Basket.decode(from: #"{"g":[[[1]]]}"#, options: options) }?.contains("Nesting deeper than 3 levels") == true)
    }

    @Test("a lossy update keeps the good elements; a failure elsewhere still undoes everything")
    func updates() throws {
        let basket = try Basket.decode(from: #"{"i":[{"i":9}]}"#)
        try basket.update(from: #"{"i":[{"i":"bad"},{"i":2}]}"#)
        #expect(basket.items.map(\.outcomeId) == [2])
        #expect(throws: MappingError.self) { try basket.update(from: #"{"i":[{"i":5}],"s":[{"i":"bad"}]}"#) }
        #expect(basket.items.map(\.outcomeId) == [2])
    }

    @Test("lossyCollections naming an unmapped property is a schema error")
    func typo() {
        #expect(message { try LossyTypo.validateMappings() }?.contains("lossyCollections names `itemz`, which apiToLocal does not map.") == true)
    }
}

@Suite("Decoding report and unknown keys")
struct MappingReportTests {
    @Test("the report lists coercions, ignored nulls, unknown keys and skipped elements with their paths")
    func entries() throws {
        let report = MappingReport()
        let basket = try Basket.decode(from: #"{"i":[{"i":"7","p":null,"q":1},{"i":[]}],"c":["1"],"extra":{"deep":1}}"#, report: report)
        #expect(basket.items.map(\.outcomeId) == [7])
        #expect(report.entries.map(\.description) == [
            #"Coerced a string "7" to Int at i[0].i."#,
            "Ignored null at i[0].p.",
            "Skipped the unknown key at i[0].q.",
            "Skipped the element at i[1]: Expected Int at i[1].i (Outcome.outcomeId) but found an array.",
            #"Coerced a string "1" to Int at c[0]."#,
            "Skipped the unknown key at extra.",
        ])
        #expect(report.coercions.count == 2 && report.ignoredNulls.count == 1 && report.unknownKeys.count == 2 && report.skippedElements.count == 1)
        if case .elementSkipped(let error) = report.skippedElements[0].kind {
            #expect(error.path.description == "i[1].i")
        } else {
            Issue.record("not a skipped element")
        }
    }

    @Test("reports cover nested key paths, Booleans, strings from numbers and dates, and collect across calls")
    func moreEntries() throws {
        let report = MappingReport()
        let score = try Score.decode(from: #"{"i":"3","s":{"h":1,"zz":0,"p":{"n":5}}}"#, report: report)
        #expect(score.matchId == 3 && score.period == "5")
        let zoo = try Zoo.decode(from: #"{"f":"true","dt":"10"}"#, report: report)
        #expect(zoo.flag && zoo.date == Date(timeIntervalSince1970: 10))
        #expect(report.entries.map(\.description) == [
            #"Coerced a string "3" to Int at i."#,
            "Skipped the unknown key at s.zz.",
            "Coerced the number 5 to String at s.p.n.",
            #"Coerced a string "true" to Bool at f."#,
            #"Coerced a string "10" to Date (seconds since 1970) at dt."#,
        ])
    }

    @Test("an update that fails adds nothing to the report; one that succeeds adds its entries")
    func updateReport() throws {
        let report = MappingReport()
        let score = try Score.decode(from: #"{"i":1}"#)
        #expect(throws: MappingError.self) { try score.update(from: #"{"i":"2","s":{"h":"x"}}"#, report: report) }
        #expect(report.entries.isEmpty)
        #expect(score.matchId == 1)
        try score.update(from: Data(#"{"i":"2"}"#.utf8), report: report)
        #expect(report.entries.map(\.description) == [#"Coerced a string "2" to Int at i."#])
    }

    @Test("unknownKeys = .reject makes any unmapped key an error with its path")
    func reject() throws {
        var options = DecodingOptions()
        options.unknownKeys = .reject
        #expect(try Score.decode(from: #"{"i":1,"s":{"h":2}}"#, options: options).homeScore == 2)
        #expect(message { _ = try Score.decode(from: #"{"i":1,"j":2}"#, options: options) }
            == "Unexpected key at j (Score): the map does not name it, and DecodingOptions.unknownKeys is .reject.")
        #expect(message { _ = try Score.decode(from: #"{"s":{"h":2,"x":1}}"#, options: options) }
            == "Unexpected key at s.x (Score): the map does not name it, and DecodingOptions.unknownKeys is .reject.")
        #expect(message { _ = try Basket.decode(from: #"{"s":[{"i":1},{"i":2,"zz":0}]}"#, options: options) }
            == "Unexpected key at s[1].zz (Outcome): the map does not name it, and DecodingOptions.unknownKeys is .reject.")
        // In a lossy collection, an element with an unknown key is one that fails to map: left out.
        #expect(try Basket.decode(from: #"{"i":[{"i":1},{"i":2,"zz":0}]}"#, options: options).items.map(\.outcomeId) == [1])
        #expect(message { _ = try Score.decode(from: try JSON(parsing: #"{"q":1}"#).object!, options: options) }
            == "Unexpected key at q (Score): the map does not name it, and DecodingOptions.unknownKeys is .reject.")
        // An update that meets an unknown key changes nothing.
        let score = try Score.decode(from: #"{"i":1}"#)
        #expect(throws: MappingError.self) { try score.update(from: #"{"i":5,"q":1}"#, options: options) }
        #expect(score.matchId == 1)
    }
}
