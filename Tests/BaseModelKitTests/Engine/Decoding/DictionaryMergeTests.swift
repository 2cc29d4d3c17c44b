import BaseModelKit
import Foundation
import Testing

final class BookMarket: BaseModel {
    var name = ""
    var price = 0.0
    override class var apiToLocal: [String: String] { ["n": "name", "p": "price"] }
    override func didDeserialize() throws {
        struct NegativePrice: Error {}
        if price < 0 { throw NegativePrice() }
    }
}

final class Book: BaseModel {
    var title = ""
    var markets: [String: BookMarket] = [:]
    var spare: [String: BookMarket]?
    override class var apiToLocal: [String: String] { ["t": "title", "m": "markets", "s": "spare"] }
}

@Suite("Dictionaries of models merge by key on update")
struct DictionaryMergeTests {
    private func book() throws -> Book {
        try Book.decode(from: #"{"t":"Final","m":{"7-0":{"n":"1X2","p":1.5},"7-1":{"n":"Totals","p":2}},"s":{"a":{"n":"A","p":1}}}"#)
    }

    @Test("a key present updates its model in place, a new key inserts, null removes, absent keys stay")
    func merge() throws {
        let book = try book()
        let held = try #require(book.markets["7-0"])
        let removed = try #require(book.markets["7-1"])
        let changes = try book.update(from: #"{"m":{"7-0":{"p":1.6},"7-1":null,"7-2":{"n":"BTTS","p":3}},"s":{"a":{"p":2}}}"#)
        #expect(book.markets["7-0"] === held && held.price == 1.6 && held.name == "1X2")
        #expect(book.markets["7-1"] == nil && book.markets["7-2"]?.name == "BTTS")
        #expect(book.spare?["a"]?.price == 2)
        #expect(changes.map { "\($0.property) at \($0.path): \($0.oldValue) → \($0.newValue)" } == [
            #"price at m["7-0"].p: 1.5 → 1.6"#,
            #"markets at m["7-1"]: {"n":"Totals","p":2} → null"#,
            #"markets at m["7-2"]: null → {"n":"BTTS","p":3}"#,
            #"price at s["a"].p: 1 → 2"#,
        ])
        #expect(removed.price == 2)
    }

    @Test("from text and from a parsed object, the merge is the same")
    func bothPaths() throws {
        let message = #"{"m":{"7-0":{"p":1.6},"7-1":null,"7-2":{"n":"BTTS","p":3}}}"#
        let (fromText, fromObject) = (try book(), try book())
        let textChanges = try fromText.update(from: message)
        let objectChanges = try fromObject.update(from: try #require(JSON(parsing: message).object))
        #expect(try fromText.jsonString() == fromObject.jsonString())
        #expect(Set(textChanges.map { "\($0.path)" }) == Set(objectChanges.map { "\($0.path)" }))
    }

    /// The storage a dictionary value refers to (a dictionary is one reference to it).
    private func storage(of dictionary: [String: BookMarket]) -> UInt {
        withUnsafeBytes(of: dictionary) { $0.load(as: UInt.self) }
    }

    @Test("a delta changes a large dictionary in place: its storage is not copied, whatever its size")
    func inPlace() throws {
        for count in [100, 20_000] {
            let text = "{" + (0..<count).map { #""k\#($0)":{"n":"m","p":1}"# }.joined(separator: ",") + "}"
            let book = try Book.decode(from: #"{"m":\#(text)}"#)
            book.markets.reserveCapacity(count + 64)
            let before = storage(of: book.markets)
            let held = try #require(book.markets["k1"])
            // Quantities changed, keys removed, added and replaced by a model of the delta.
            let changes = try book.update(from: #"{"m":{"k1":{"p":2},"k2":null,"k3":null,"new1":{"n":"a","p":3},"new2":{"n":"b","p":4}}}"#)
            #expect(storage(of: book.markets) == before, "\(count) entries: the storage was copied")
            #expect(book.markets.count == count && book.markets["k1"] === held && held.price == 2)
            #expect(changes.map { "\($0.path)" } == [#"m["k1"].p"#, #"m["k2"]"#, #"m["k3"]"#, #"m["new1"]"#, #"m["new2"]"#])
            // Without change sets, the same.
            var quiet = DecodingOptions()
            quiet.recordsChanges = false
            try book.update(from: #"{"m":{"k4":null,"new3":{"n":"c","p":5}}}"#, options: quiet)
            #expect(storage(of: book.markets) == before && book.markets.count == count && book.markets["new3"]?.price == 5)
        }
    }

    @Test("a failed delta puts back every entry it added, removed or replaced, in place")
    func inPlaceRollback() throws {
        let book = try Book.decode(from: #"{"m":{"a":{"n":"A","p":1},"b":{"n":"B","p":2},"c":{"n":"C","p":3}}}"#)
        let before = book.markets
        // Removes a, adds d, merges b, then fails at c (a negative price is refused).
        #expect(throws: MappingError.self) {
            try book.update(from: #"{"m":{"a":null,"d":{"n":"D","p":4},"b":{"p":9},"c":{"p":-1}}}"#)
        }
        #expect(book.markets.count == 3 && book.markets.keys.sorted() == ["a", "b", "c"])
        #expect(["a", "b", "c"].allSatisfy { book.markets[$0] === before[$0] })
        #expect(book.markets["b"]?.price == 2 && book.markets["c"]?.price == 3)
        // A repeated key is refused, after the entries before it changed: they are put back too.
        let error = try #require(throws: MappingError.self) { try book.update(from: #"{"m":{"a":null,"e":{"n":"E","p":5},"a":{"n":"A2","p":6}}}"#) }
        #expect(error.description == #"Repeated key at m["a"] (Book.markets) in an update: an update merges this key's value into what the model holds, so the key must appear once in its object."#)
        #expect(book.markets.count == 3 && ["a", "b", "c"].allSatisfy { book.markets[$0] === before[$0] } && book.markets["a"]?.price == 1)
    }

    @Test("a failed update leaves the dictionary and every model in it as they were")
    func atomic() throws {
        let book = try book()
        let held = try #require(book.markets["7-0"])
        #expect(throws: MappingError.self) {
            try book.update(from: #"{"m":{"7-0":{"p":1.9},"7-1":null,"7-2":{"n":"X","p":-1}}}"#)
        }
        #expect(book.markets.count == 2 && book.markets["7-0"] === held && held.price == 1.5 && book.markets["7-1"] != nil)
    }

    @Test("a decode of a new object reads the dictionary anew; errors keep the key in the path")
    func decodeAndErrors() throws {
        #expect(try Book.decode(from: #"{"m":{"x":{"p":1}}}"#).markets.count == 1)
        let book = try book()
        #expect(message { try book.update(from: #"{"m":{"7-0":{"p":"x"}}}"#) }
            == #"Expected Double at m["7-0"].p (BookMarket.price) but found a string "x"."#)
    }

    @Test("a key repeated anywhere among up to 80 is refused, and keys alike in their first eight bytes are all merged")
    func repeatedKeysAmongMany() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        // Keys that share long prefixes, differ only in their last byte or in length, or are not ASCII.
        let stems = ["12345.67", "12345.678", "12345.6789", "0.000001", "", "é", "markets.", "a"]
        for round in 0..<300 {
            let count = Int.random(in: 1...80, using: &generator)
            var keys: [String] = []
            var seen = Set<[UInt8]>()
            while keys.count < count {
                let key = stems.randomElement(using: &generator)! + String(Int.random(in: 0..<400, using: &generator))
                if seen.insert(Array(key.utf8)).inserted { keys.append(key) }
            }
            let repeats = round % 2 == 1
            var listed = keys
            if repeats { listed.insert(keys.randomElement(using: &generator)!, at: Int.random(in: 0...listed.count, using: &generator)) }
            let values = listed.indices.map { "\($0 + 1)" }
            // A dictionary of values (`mergedDictionaries`) and one of models.
            let ladder = try ValueLadder.decode(from: #"{"atb":{"x":1}}"#)
            let book = try book()
            let body = zip(listed, values).map { "\(JSON.string($0)):\($1)" }.joined(separator: ",")
            let models = zip(listed, values).map { "\(JSON.string($0)):{\"p\":\($1)}" }.joined(separator: ",")
            if repeats {
                let value = try #require(throws: MappingError.self) { try ladder.update(from: "{\"atb\":{\(body)}}") }
                let model = try #require(throws: MappingError.self) { try book.update(from: "{\"m\":{\(models)}}") }
                for error in [value, model] {
                    guard case .repeatedKey = error.reason else { Issue.record("round \(round): \(error)"); continue }
                }
                #expect(ladder.back == ["x": 1] && book.markets.count == 2, "round \(round)")
            } else {
                try ladder.update(from: "{\"atb\":{\(body)}}")
                try book.update(from: "{\"m\":{\(models)}}")
                #expect(ladder.back.count == count + 1 && book.markets.count == count + 2, "round \(round)")
                for (key, value) in zip(listed, values) {
                    #expect(ladder.back[key] == Double(value) && book.markets[key]?.price == Double(value), "round \(round): \(key)")
                }
            }
        }
    }
}
