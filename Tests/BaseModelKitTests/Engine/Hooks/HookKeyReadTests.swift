import BaseModelKit
import Foundation
import Testing

/// Reads one key its map leaves out, after `super`.
private final class KeyAfterSuper: BaseModel {
    var name = ""
    var seen: JSON?
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        seen = object["x"]
    }
}

/// The same, nested in an array, so that each element is an object of a larger document.
private final class KeyReaders: BaseModel {
    var items: [KeyAfterSuper] = []
    override class var apiToLocal: [String: String] { ["i": "items"] }
}

@Suite("Hooks that read a key after super")
struct HookKeyReadTests {
    @Test("a key read after super is what a parsed object holds: values with brackets and quotes inside, repeats, spaces, escapes, absent")
    func keyAfterSuper() throws {
        let objects = [
            #"{"n":"a","x":1.25}"#,
            #"{"x":{"y":[1,{"z":"}"}],"w":"]\""},"n":"b"}"#,
            #"{"n":"c","x":"first","q":[[],{}],"x":"last"}"#,
            #"{"n":"d"}"#,
            #"{ "n" : "e" , "x" : [ 1 , 2 ] }"#,
            #"{"n":"f","\u0078":true}"#,
            #"{"n":"g","x":null,"y":"x"}"#,
            #"{"n":"h","xx":1,"x":-0.000125}"#,
            #"{}"#,
        ]
        for text in objects {
            let expected = try #require(try JSON(parsing: text).object)["x"]
            #expect(try KeyAfterSuper.decode(from: text).seen == expected, "\(text)")
        }
        let document = #"{"i":["# + objects.joined(separator: ",") + "]}"
        let readers = try KeyReaders.decode(from: document)
        #expect(readers.items.map(\.seen) == (try objects.map { try #require(try JSON(parsing: $0).object)["x"] }))
    }
}
