import BaseModelKit
import Foundation
import Testing

@Suite("The JSON layer's own options and errors")
struct JSONLayerOptionsTests {
    @Test("JSON.ParsingOptions limits the depth; the message names the option")
    func parsingOptions() throws {
        var options = JSON.ParsingOptions()
        #expect(options.maxDepth == 512)
        options.maxDepth = 2
        #expect(try JSON(parsing: "[[1]]", options: options) == [[1]])
        #expect(throws: JSONSyntaxError.self) { try JSON(parsing: Array("[[[1]]]".utf8), options: options) }
        do {
            _ = try JSON(parsing: "[[[1]]]", options: options)
            Issue.record("a document deeper than maxDepth parsed")
        } catch {
            #expect(error.description == "Nesting deeper than 2 levels at line 1, column 3 (byte 2): raise maxDepth in the options to accept it.")
        }
    }

    @Test("a number JSON cannot hold is a JSONWritingError with its path, word for word")
    func writingError() {
        let value: JSON = ["a": [1, .number(JSONNumber(Double.nan))], "b": .number(JSONNumber(-Double.infinity))]
        do {
            _ = try value.serializedData()
            Issue.record("NaN was written")
        } catch {
            guard case .notRepresentable(let number) = error.reason else {
                Issue.record("\(error.reason)")
                return
            }
            #expect(number.isNaN)
            #expect(error.path == [.key("a"), .index(1)])
            #expect(error.description == "Cannot write NaN at a[1]: JSON has no representation for it.")
        }
        do {
            _ = try JSON.number(JSONNumber(Double.infinity)).serializedString(formatting: [.prettyPrinted])
            Issue.record("infinity was written")
        } catch {
            #expect(error.description == "Cannot write infinity at the top level: JSON has no representation for it.")
            #expect(error.localizedDescription == error.description)
            #expect(error.debugDescription == "JSONWritingError(notRepresentable at the top level): " + error.description)
        }
    }

    @Test("the model options' formatting flags are the JSON layer's")
    func sharedFlags() throws {
        let options: EncodingOptions = [.sortedKeys]
        let value: JSON = ["b": 1, "a": 2]
        #expect(try value.serializedString(formatting: options.formatting) == #"{"a":2,"b":1}"#)
        #expect(EncodingOptions.Formatting.prettyPrinted == JSON.Formatting.prettyPrinted)
    }
}

/// The second release's spellings, still working: called from a deprecated context, as code that
/// has not moved yet is.
@available(*, deprecated, message: "Exercises the deprecated forwards.")
enum RoundTwoJSONSpellings {
    static func parse(_ text: String, maxDepth: Int) throws -> JSON {
        var options = DecodingOptions()
        options.maxDepth = maxDepth
        let fromText = try JSON(parsing: text, options: options)
        let fromBytes = try JSON(parsing: Array(text.utf8), options: options)
        guard fromText == fromBytes else { throw Mismatch(first: fromText, second: fromBytes) }
        return fromText
    }

    struct Mismatch: Error {
        let first: JSON, second: JSON
    }

    static func write(_ value: JSON) throws(MappingError) -> String {
        let text = try value.serializedString(options: [.sortedKeys])
        let data = try value.serializedData(options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self) == text ? text : "text \(text) and data differ"
    }
}

@Suite("The JSON layer's deprecated spellings")
struct DeprecatedJSONSpellingTests {
    @available(*, deprecated, message: "Exercises the deprecated forwards.")
    @Test("JSON(parsing:options: DecodingOptions), serializedString(options:) and serializedData(options:) forward, with a MappingError for writing")
    func forwards() throws {
        #expect(try RoundTwoJSONSpellings.parse("[[1]]", maxDepth: 2) == [[1]])
        #expect(throws: JSONSyntaxError.self) { try RoundTwoJSONSpellings.parse("[[[1]]]", maxDepth: 2) }
        #expect(try RoundTwoJSONSpellings.write(["b": 1, "a": 2]) == #"{"a":2,"b":1}"#)
        do {
            _ = try RoundTwoJSONSpellings.write(["x": .number(JSONNumber(Double.nan))])
            Issue.record("NaN was written")
        } catch {
            #expect(error.description == "Cannot write NaN at x: JSON has no representation for it.")
        }
    }
}
