// Not @testable: what a package that depends on the BaseModelKitJSON product alone can write.
import BaseModelKitJSON
import Foundation
import Testing

@Suite("The JSON module on its own")
struct JSONModuleTests {
    @Test("parses, reads, builds and writes values without the model layer")
    func valuesAlone() throws {
        let value = try JSON(parsing: #"{"ev":[{"n":"Cup final","p":[2.5,3.25]}],"live":true,"id":9007199254740993}"#)
        #expect(value["ev"]?[0]?["n"]?.string == "Cup final")
        #expect(value["ev"]?[0]?["p"]?[1]?.number?.double == 3.25)
        #expect(value["live"]?.bool == true)
        // A number keeps its text: an integer past a Double's precision stays exact.
        #expect(value["id"]?.number?.int64 == 9_007_199_254_740_993)

        var object = JSONObject()
        object["fn"] = "Ann"
        object["b"] = [1, 2.5, nil, true]
        let built = JSON.object(object)
        #expect(try built.serializedString(formatting: [.sortedKeys]) == #"{"b":[1,2.5,null,true],"fn":"Ann"}"#)
        #expect(try JSON(parsing: built.serializedData()) == built)
    }

    @Test("malformed input is a JSONSyntaxError with its place")
    func errorsAlone() {
        do {
            _ = try JSON(parsing: "{\"a\":\n  [1,]}")
            Issue.record("a trailing comma parsed")
        } catch {
            #expect(error.line == 2)
            #expect(error.column == 6)
        }
    }

    @Test("values go through Codable coders")
    func codableAlone() throws {
        struct Envelope: Codable, Equatable {
            var kind: String
            var body: JSON
        }
        let envelope = Envelope(kind: "price", body: ["m": 17, "p": [1.5, 2]])
        let data = try JSONEncoder().encode(envelope)
        #expect(try JSONDecoder().decode(Envelope.self, from: data) == envelope)
    }
}
