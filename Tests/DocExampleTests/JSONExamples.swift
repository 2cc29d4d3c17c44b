import BaseModelKit
import Foundation
import Testing

// The examples of Docs/JSON.md, line for line (Scripts/Checks/examples.py checks it).
@Suite("Docs: JSON")
struct JSONExamples {
    @Test("parse, read, write and build JSON values")
    func values() throws {
        let data = Data(#"{"ev":[{"n":"Final"}]}"#.utf8)
        let value = try JSON(parsing: data)                 // Data, String or [UInt8]
        let name = value["ev"]?[0]?["n"]?.string            // accessors return nil on a mismatch
        let text = try value.serializedString(formatting: [.sortedKeys])
        let built: JSON = ["fn": "Ann", "b": [1, 2.5, nil, true]]
        #expect(name == "Final" && text == #"{"ev":[{"n":"Final"}]}"#)
        #expect(try built.serializedString(formatting: [.sortedKeys]) == #"{"b":[1,2.5,null,true],"fn":"Ann"}"#)
    }
}
