import BaseModelKit
import Foundation
import Testing

/// The message of the error `body` throws.
func message(of body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch {
        return "\(error)"
    }
}

@Suite("Error messages")
struct ErrorMessageTests {
    @Test("paths run through objects, arrays and dictionaries")
    func paths() {
        #expect(message { _ = try User.decode(from: #"{"b":[{"a":1},{"a":2},{"a":3},{"a":"abc"}]}"#) }
            == #"Expected Double at b[3].a (Bet.amount) but found a string "abc"."#)
        #expect(message { _ = try Event.decode(from: #"{"mk":{"k":{"o":[{"p":"x"}]}}}"#) }
            == #"Expected Double at mk["k"].o[0].p (Outcome.price) but found a string "x"."#)
        #expect(message { _ = try Event.decode(from: #"{"v":{"n":[]}}"#) }
            == "Expected String at v.n (Venue.name) but found an array.")
        #expect(message { _ = try Event.decode(from: #"{"m":[{"fav":7}]}"#) }
            == "Expected Outcome at m[0].fav (Market.favourite) but found the number 7.")
        #expect(message { _ = try Outcome.decodeArray(from: #"[{"i":1},{"i":true}]"#) }
            == "Expected Int at [1].i (Outcome.outcomeId) but found the Boolean true.")
    }

    @Test("the error carries path, model and property as data")
    func fields() throws {
        do {
            _ = try User.decode(from: #"{"b":[{"a":"abc"}]}"#)
            Issue.record("expected an error")
        } catch let error as MappingError {
            #expect(error.path.components == [.key("b"), .index(0), .key("a")])
            #expect(error.path.description == "b[0].a")
            #expect(error.model == "Bet")
            #expect(error.property == "amount")
        }
    }

    @Test("Docs/Errors.md has a row for every reason of MappingError, and JSONWritingError")
    func everyReasonDocumented() throws {
        // Exhaustive: a new reason does not compile here until it has a name, and then needs its row.
        func name(_ reason: MappingError.Reason) -> String {
            switch reason {
            case .malformedJSON: "malformedJSON"
            case .typeMismatch: "typeMismatch"
            case .notExact: "notExact"
            case .notRepresentable: "notRepresentable"
            case .transformFailed: "transformFailed"
            case .rejected: "rejected"
            case .hookFailed: "hookFailed"
            case .tooDeep: "tooDeep"
            case .stackExhausted: "stackExhausted"
            case .notFound: "notFound"
            case .unknownMessageType: "unknownMessageType"
            case .unknownKey: "unknownKey"
            case .concurrentUpdate: "concurrentUpdate"
            case .missingKey: "missingKey"
            case .fixedKeyChanged: "fixedKeyChanged"
            case .repeatedKey: "repeatedKey"
            case .repeatedIdentity: "repeatedIdentity"
            }
        }
        struct Cause: Error {}
        let reasons: [MappingError.Reason] = [
            .malformedJSON(try #require(catching { _ = try JSON(parsing: "[") } as? JSONSyntaxError)),
            .typeMismatch(expected: "", found: ""), .notExact(expected: "", found: ""), .notRepresentable(""),
            .transformFailed(Cause()), .rejected(Cause()), .hookFailed(hook: "", error: Cause()), .tooDeep(limit: 1), .stackExhausted, .notFound(""),
            .unknownMessageType(""), .unknownKey, .concurrentUpdate(""), .missingKey(""),
            .fixedKeyChanged(key: "", current: "", found: ""), .repeatedKey, .repeatedIdentity(""),
        ]
        let page = try String(contentsOf: SharedFiles.packageRoot.appendingPathComponent("Docs/Errors.md"), encoding: .utf8)
        for reason in reasons {
            #expect(page.contains("| `.\(name(reason))` |"), "Docs/Errors.md lacks .\(name(reason))")
        }
        #expect(page.contains("**`JSONWritingError`**"))
    }

    @Test("the top level must be an object or, for arrays, an array")
    func topLevel() {
        #expect(message { _ = try User.decode(from: "[1]") } == "Expected User at the top level but found an array.")
        #expect(message { _ = try Outcome.decodeArray(from: #"{"i":1}"#) } == "Expected [Outcome] at the top level but found an object.")
        #expect(message { _ = try Outcome.decodeArray(from: "[1]") } == "Expected Outcome at [0] but found the number 1.")
    }

    @Test("malformed JSON is a mapping error that wraps the syntax error")
    func malformed() throws {
        #expect(message { _ = try User.decode(from: #"{"fn": }"#) }
            == #"The data is not valid JSON. Unexpected "}" at line 1, column 8 (byte 7): expected a value."#)
        do {
            _ = try User.decode(from: Data("{\n\"fn\" 1}".utf8))
        } catch let error as MappingError {
            let syntax = try #require(error.syntaxError)
            #expect(syntax.line == 2)
            #expect(syntax.column == 6)
        }
    }

    @Test("values JSON cannot represent are refused when writing")
    func notRepresentable() {
        let bet = Bet()
        bet.amount = .nan
        #expect(message { _ = try bet.jsonData() } == "Cannot write NaN at a (Bet.amount): JSON has no representation for it.")
        let user = User()
        bet.amount = -.infinity
        user.bets = [Bet(), bet]
        #expect(message { _ = try user.jsonData() } == "Cannot write -infinity at b[1].a (Bet.amount): JSON has no representation for it.")
        #expect(message { _ = try [user].jsonData() } == "Cannot write -infinity at [0].b[1].a (Bet.amount): JSON has no representation for it.")
        let zoo = Zoo()
        zoo.scores = ["b": 1, "a": .infinity]
        #expect(message { _ = try zoo.jsonData() }?.hasPrefix(#"Cannot write infinity at sc["a"] (Zoo.scores)"#) == true)
        var pretty = EncodingOptions()
        pretty.formatting = [.prettyPrinted, .sortedKeys]
        #expect(message { _ = try zoo.jsonData(options: pretty) } == message { _ = try zoo.jsonData() })
    }

    @Test("localizedDescription is the message, and debugDescription adds the fields", arguments: [false, true])
    func presentation(throughFoundation: Bool) throws {
        let mapping: any Error = try #require(catching { _ = try User.decode(from: #"{"b":[{"a":"abc"}]}"#) })
        let syntax: any Error = try #require(catching { _ = try JSON(parsing: "{\n  \"a\": }") })
        let schema: any Error = try #require(catching { try UnmappedTable.validateMappings() })
        // As an app shows it: `localizedDescription` (also after bridging through NSError).
        func shown(_ error: any Error) -> String {
            throughFoundation ? (error as NSError).localizedDescription : error.localizedDescription
        }
        #expect(shown(mapping) == #"Expected Double at b[0].a (Bet.amount) but found a string "abc"."#)
        #expect(shown(syntax) == "\(syntax)")
        #expect(shown(schema) == "\(schema)")
        #expect(!shown(syntax).contains("could not be completed"))
        // As a debugger or `debugPrint` shows it.
        #expect(String(reflecting: mapping) == #"MappingError(typeMismatch at b[0].a, model: Bet, property: amount): Expected Double at b[0].a (Bet.amount) but found a string "abc"."#)
        #expect(String(reflecting: syntax).hasPrefix("JSONSyntaxError(byte 9, line 2, column 8): "))
        #expect(String(reflecting: schema).hasPrefix("SchemaError(UnmappedTable, 1 problem): Mapping tables of `UnmappedTable` are invalid:"))
    }
}

final class UnmappedTable: BaseModel {
    override class var apiToLocal: [String: String] { ["x": "missing"] }
}

/// The error `body` throws, or `nil`.
func catching(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

@Suite("debugDescription names the reason's case")
struct ReasonNameTests {
    final class Row: BaseModel {
        var size = 0
        override class var apiToLocal: [String: String] { ["s": "size"] }
        override class var requiredKeys: Set<String> { ["s"] }
    }

    @Test("cases with and without a payload", arguments: [
        (#"{"s":1,"x":2}"#, "unknownKey"),
        (#"{"s":1.5}"#, "notExact"),
        (#"{"s":"a"}"#, "typeMismatch"),
        (#"{}"#, "missingKey"),
        (#"{"s":"#, "malformedJSON"),
    ])
    func names(document: String, name: String) throws {
        var options = DecodingOptions()
        options.unknownKeys = .reject
        options.coercion = .strict
        let error = try #require(throws: MappingError.self) { try Row.decode(from: document, options: options) }
        #expect(String(reflecting: error).hasPrefix("MappingError(\(name) at "), "\(String(reflecting: error))")
    }
}
