import BaseModelKit
import Foundation
import Testing

// The examples of Docs/GettingStarted.md, line for line (Scripts/Checks/examples.py checks it).
@Suite("Docs: Getting started")
struct GettingStartedExamples {
    final class Bet: BaseModel {
        var betId: String?
        var amount: Double = 0
        override class var apiToLocal: [String: String] { ["i": "betId", "a": "amount"] }
    }

    class User: BaseModel {
        var firstName: String?
        var lastName: String?
        var bets: [Bet]?
        override class var apiToLocal: [String: String] { ["fn": "firstName", "ln": "lastName", "b": "bets"] }
    }

    @Test("decode, update, encode, arrays and dictionaries")
    func usage() throws {
        let data = Data(#"{"fn":"Bob","ln":"Lee","b":[{"i":"b1","a":2.5}]}"#.utf8)
        let arrayData = Data(#"[{"fn":"Ann"},{"fn":"Cy"}]"#.utf8)
        let user = try User.decode(from: data)                   // Data, String, JSONObject or [String: Any]
        try user.update(from: #"{"fn":"Ann"}"#)                  // in place; only present keys change
        let json: Data = try user.jsonData()                     // minified keys again
        let text = try user.jsonString(options: [.prettyPrinted, .sortedKeys])
        let users = try User.decodeArray(from: arrayData)        // a top-level array
        let back = try users.jsonData()                          // arrays of models encode too
        let dictionary = try user.dictionary()                   // [String: Any], for JSONSerialization code
        #expect(String(decoding: json, as: UTF8.self) == #"{"fn":"Ann","ln":"Lee","b":[{"i":"b1","a":2.5}]}"#)
        #expect(text.contains("\n") && users.count == 2 && !back.isEmpty)
        #expect(dictionary["fn"] as? String == "Ann")
    }

    @Test("options")
    func options() throws {
        var decoding = DecodingOptions()
        decoding.coercion = .strict          // exact JSON types only
        decoding.maxDepth = 64               // nesting limit for the parser
        decoding.dateStrategy = .iso8601     // for Date properties without a transformer

        var encoding: EncodingOptions = [.prettyPrinted]
        encoding.nilEncoding = .null         // write nil properties as null instead of leaving them out
        #expect(try User.decode(from: #"{"fn":"A"}"#, options: decoding).jsonString(options: encoding).contains("null"))
    }

    @Test func mappings() throws {
        try User.validateMappings()   // throws a SchemaError listing every problem of the tables
    }
}
