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
