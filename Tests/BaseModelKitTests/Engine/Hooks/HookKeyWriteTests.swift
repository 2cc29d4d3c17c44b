import BaseModelKit
import Foundation
import Testing

/// Adds keys its map leaves out to the object `super.serialize()` returns, as `edit` says.
private final class KeyWriter: BaseModel {
    var name = ""
    var price = 0.0
    var nested: KeyWriter?
    nonisolated(unsafe) static var edit: (inout JSONObject) -> Void = { $0["bd"] = 1.5 }
    override class var apiToLocal: [String: String] { ["n": "name", "p": "price", "s": "nested"] }
    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        Self.edit(&object)
        return object
    }
}

/// The same writer for a model that keeps unknown keys: any key may be among those written.
private final class KeepingKeyWriter: BaseModel {
    var name = ""
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override class var keepsUnknownKeys: Bool { true }
    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        object["bd"] = 2
        return object
    }
}

@Suite("Hooks that add keys after super.serialize()", .serialized)
struct HookKeyWriteTests {
    private func model() throws -> KeyWriter {
        try KeyWriter.decode(from: #"{"n":"a","p":1.25,"s":{"n":"b","p":2}}"#)
    }

    /// The object the edit makes from a tree of the same members: what the override's object must
    /// read and write as.
    private func expected(_ edit: (inout JSONObject) -> Void, from members: JSONObject) -> JSONObject {
        var object = JSONObject(Array(members).map { ($0.key, $0.value) })
        edit(&object)
        return object
    }

    @Test("an added key, a replaced one, a removed one: the object reads, compares and writes as a tree edited alike")
    func editsAfterSuper() throws {
        let edits: [(String, (inout JSONObject) -> Void)] = [
            ("one added", { $0["bd"] = 1.5 }),
            ("two added, the first set again", { $0["bd"] = 1; $0["x"] = ["y": [1, 2]]; $0["bd"] = "two" }),
            ("a mapped key replaced", { $0["p"] = 9 }),
            ("added, then a mapped key replaced", { $0["bd"] = true; $0["n"] = "z" }),
            ("added, then removed", { $0["bd"] = 1; $0["bd"] = nil }),
            ("a mapped key removed, then one added", { $0["s"] = nil; $0["bd"] = 1 }),
            ("an added key that escapes", { $0["q\"\u{1}é"] = "\u{2028}" }),
            ("added with the spelling of a mapped key in other scalars", { $0["e\u{301}"] = 1; $0["n"] = "é" }),
        ]
        for (what, edit) in edits {
            KeyWriter.edit = edit
            let model = try model()
            let object = try model.serialize()
            let plain = try #require(try JSON(parsing: #"{"n":"a","p":1.25,"s":{"n":"b","p":2}}"#).object)
            var nestedPlain = try #require(plain["s"]?.object)
            edit(&nestedPlain)
            var whole = plain
            whole["s"] = .object(nestedPlain)
            let tree = expected(edit, from: whole)
            #expect(object == tree, "\(what)")
            #expect(object.keys == tree.keys, "\(what)")
            #expect(object["bd"] == tree["bd"] && object["n"] == tree["n"], "\(what)")
            // Compact, pretty and sorted output, from the model and from the object alike.
            for formatting: JSON.Formatting in [[], .prettyPrinted, .sortedKeys] {
                var options = EncodingOptions()
                options.formatting = formatting
                let text = try model.jsonString(options: options)
                #expect(text == (try JSON.object(tree).serializedString(formatting: formatting)), "\(what), \(formatting)")
                #expect(try JSON.object(object).serializedString(formatting: formatting) == JSON.object(tree).serializedString(formatting: formatting))
            }
        }
        KeyWriter.edit = { $0["bd"] = 1.5 }
    }

    @Test("an object with added keys handed to deserialize reads them like any edited object")
    func addedKeysRead() throws {
        KeyWriter.edit = { $0["bd"] = 1.5 }
        let object = try model().serialize()
        let copy = KeyWriter()
        try copy.deserialize(object)
        #expect(copy.name == "a" && copy.price == 1.25 && copy.nested?.name == "b")
        #expect(try copy.jsonString() == model().jsonString())
    }

    @Test("a model that keeps unknown keys writes an added key once, in place of a kept one")
    func keptKeys() throws {
        let model = try KeepingKeyWriter.decode(from: #"{"n":"a","bd":1,"k":true}"#)
        #expect(try model.jsonString() == #"{"n":"a","bd":2,"k":true}"#)
        #expect(try model.serialize().keys == ["n", "bd", "k"])
    }

    @Test("super.serialize() writes with the options of the encode that called the hook, also after the hook ran an encode of its own")
    func optionsOfTheCallingEncode() throws {
        let model = EncodingInside()
        model.nested = EncodingInside()
        var null = EncodingOptions()
        null.nilEncoding = .null
        // The hook's own encode writes `null`; the object's members follow the caller's options.
        #expect(try model.jsonString() == #"{"s":{"i":"{\"n\":null}"},"i":"{\"n\":null}"}"#)
        #expect(try model.jsonString(options: null) == #"{"n":null,"s":{"n":null,"s":null,"i":"{\"n\":null}"},"i":"{\"n\":null}"}"#)
    }
}

/// Runs an encode of its own, writing `nil` as `null`, before `super.serialize()`, and adds its text.
private final class EncodingInside: BaseModel {
    var note: String?
    var nested: EncodingInside?
    override class var apiToLocal: [String: String] { ["n": "note", "s": "nested"] }
    override func serialize() throws -> JSONObject {
        var null = EncodingOptions()
        null.nilEncoding = .null
        let inner = try InnerNote().jsonString(options: null)
        var object = try super.serialize()
        object["i"] = .string(inner)
        return object
    }
}

private final class InnerNote: BaseModel {
    var note: String?
    override class var apiToLocal: [String: String] { ["n": "note"] }
}
