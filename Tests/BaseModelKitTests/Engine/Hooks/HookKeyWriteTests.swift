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
            // More than are searched in order after the bytes (the object is then read and indexed).
            ("many added, some set again or removed, then a mapped key replaced", { object in
                for index in 0..<150 { object["k\(index)"] = .number(JSONNumber(index)) }
                object["k3"] = "again"
                object["k140"] = nil
                object["k149"] = [1]
                object["p"] = 9
            }),
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

    @Test("an added key whose value JSON cannot hold fails at its path; the next encode writes whole")
    func unwritableAddition() throws {
        defer { KeyWriter.edit = { $0["bd"] = 1.5 } }
        let model = try model()
        KeyWriter.edit = { $0["bd"] = 1; $0["nan"] = .number(JSONNumber(Double.nan)) }
        let error = try #require(throws: MappingError.self) { try model.jsonString() }
        #expect("\(error.path)" == "s.nan")
        guard case .notRepresentable = error.reason else { Issue.record("\(error)"); return }
        KeyWriter.edit = { $0["bd"] = 1; $0["x"] = 2 }
        #expect(try model.jsonString() == #"{"n":"a","p":1.25,"s":{"n":"b","p":2,"bd":1,"x":2},"bd":1,"x":2}"#)
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

/// What `InPlaceWriter`'s override does with the object `super.serialize()` returns, which the
/// engine writes where the model's object goes.
private enum InPlaceUse: Sendable {
    /// Adds a key and keeps the object past the encode.
    case keep
    /// Adds a key and hands the object to another thread, which reads it while the encode goes on.
    case handOn
    /// Returns another object that holds it.
    case wrap
    /// Calls `super.serialize()` twice; returns the second object, with the first inside it.
    case twice
    /// Calls `super.serialize()`, which fails, catches the error, and returns another object.
    case caught
    /// Adds a key, counts the objects the engine handed over again (the one it handed the previous
    /// model, still alive), and keeps the objects of the models whose name starts with `k`.
    case keepSome
    /// Adds as many keys as the name's length modulo four, setting the last one twice, and keeps the
    /// objects of the models whose name starts with `k`.
    case varying
}

private final class InPlaceWriter: BaseModel {
    var name = ""
    var price = 0.0
    var nested: InPlaceWriter?
    nonisolated(unsafe) static var use = InPlaceUse.keep
    nonisolated(unsafe) static var kept: [JSONObject] = []
    nonisolated(unsafe) static var readers: [Thread] = []
    nonisolated(unsafe) static var read: [JSONObject] = []
    nonisolated(unsafe) static var handOvers = HandOverCount()
    static let lock = NSLock()
    override class var apiToLocal: [String: String] { ["n": "name", "p": "price", "s": "nested"] }
    override func serialize() throws -> JSONObject {
        switch Self.use {
        case .keep:
            var object = try super.serialize()
            object["bd"] = .string(name)
            Self.kept.append(object)
            return object
        case .handOn:
            var object = try super.serialize()
            object["bd"] = .string(name)
            let handed = object
            let reader = Thread {
                let copy = JSONObject(Array(handed).map { ($0.key, $0.value) })
                Self.lock.withLock { Self.read.append(copy) }
            }
            Self.readers.append(reader)
            reader.start()
            return object
        case .wrap:
            return ["inner": .object(try super.serialize()), "n": .string(name)]
        case .twice:
            let first = try super.serialize()
            var second = try super.serialize()
            second["first"] = .object(first)
            return second
        case .caught:
            do {
                return try super.serialize()
            } catch {
                return ["failed": .string(name)]
            }
        case .keepSome:
            var object = try super.serialize()
            Self.handOvers.note(object)
            object["bd"] = .string(name)
            if name.hasPrefix("k") { Self.kept.append(object) }
            return object
        case .varying:
            var object = try super.serialize()
            for index in 0..<name.count % 4 {
                object["x\(index)"] = .string(name)
                object["x\(index)"] = .number(JSONNumber(index))
            }
            if name.hasPrefix("k") { Self.kept.append(object) }
            return object
        }
    }
}

@Suite("The object super.serialize() writes in place", .serialized)
struct HookInPlaceTests {
    private func model() throws -> InPlaceWriter {
        try InPlaceWriter.decode(from: #"{"n":"a","p":1.25,"s":{"n":"b","p":2,"s":{"n":"c","p":3}}}"#)
    }

    @Test("an object the override keeps reads after the encode as it was written")
    func keptObjects() throws {
        InPlaceWriter.use = .keep
        InPlaceWriter.kept = []
        let text = try model().jsonString()
        #expect(text == #"{"n":"a","p":1.25,"s":{"n":"b","p":2,"s":{"n":"c","p":3,"bd":"c"},"bd":"b"},"bd":"a"}"#)
        // Innermost first; each reads and writes as it was written, after the output moved on.
        let kept = InPlaceWriter.kept.map { try? JSON.object($0).serializedString() }
        #expect(kept == [
            #"{"n":"c","p":3,"bd":"c"}"#,
            #"{"n":"b","p":2,"s":{"n":"c","p":3,"bd":"c"},"bd":"b"}"#,
            text,
        ])
        #expect(InPlaceWriter.kept.last?["p"] == 1.25)
        InPlaceWriter.kept = []
    }

    /// The engine makes the object of the next model again from one nobody kept (an allocation and
    /// a free fewer per hooked model); an object the override keeps is never made again.
    @Test("an object nobody kept is made again for the next model; a kept one reads as it was written")
    func reusedUnlessKept() throws {
        InPlaceWriter.use = .keepSome
        InPlaceWriter.kept = []
        InPlaceWriter.handOvers = HandOverCount()
        let names = (0..<300).map { $0 % 3 == 0 ? "k\($0)" : "d\($0)" }
        let models = names.map { name in
            let model = InPlaceWriter()
            model.name = name
            model.price = Double(name.count)
            return model
        }
        let text = try models.jsonString()
        #expect(text == "[" + names.map { #"{"n":"\#($0)","p":\#($0.count),"bd":"\#($0)"}"# }.joined(separator: ",") + "]")
        // Every kept object reads as it was written, after the objects made again around it.
        let kept = InPlaceWriter.kept.map { try? JSON.object($0).serializedString() }
        #expect(kept == names.filter { $0.hasPrefix("k") }.map { #"{"n":"\#($0)","p":\#($0.count),"bd":"\#($0)"}"# })
        // After each kept object the next model gets a new one, which the two after it get again
        // (the second keeps it): 2 of every 3 handed over again, less the first.
        #expect(InPlaceWriter.handOvers.handedOver == 300)
        #expect(InPlaceWriter.handOvers.handedAgain == 199)
        InPlaceWriter.kept = []
    }

    /// The keys one model's override adds go into the emptied buffer of the previous model's,
    /// unless an override kept that object.
    @Test("models that add different numbers of keys each write their own; kept objects keep theirs")
    func varyingAdditions() throws {
        InPlaceWriter.use = .varying
        InPlaceWriter.kept = []
        let names = (0..<200).map { String(repeating: $0 % 5 == 0 ? "k" : "d", count: 1 + $0 % 7) }
        let models = names.map { name in
            let model = InPlaceWriter()
            model.name = name
            return model
        }
        func written(_ name: String) -> String {
            let added = (0..<name.count % 4).map { #","x\#($0)":\#($0)"# }.joined()
            return #"{"n":"\#(name)","p":0\#(added)}"#
        }
        #expect(try models.jsonString() == "[" + names.map(written).joined(separator: ",") + "]")
        let kept = InPlaceWriter.kept.map { try? JSON.object($0).serializedString() }
        #expect(kept == names.filter { $0.hasPrefix("k") }.map(written))
        InPlaceWriter.kept = []
    }

    @Test("an object handed to another thread reads there as it was written")
    func handedOn() throws {
        InPlaceWriter.use = .handOn
        InPlaceWriter.readers = []
        InPlaceWriter.read = []
        // Enough models that the output grows while the readers read.
        let models = try (0..<200).map { _ in try model() }
        let text = try models.jsonString()
        while InPlaceWriter.readers.contains(where: { !$0.isFinished }) { Thread.sleep(forTimeInterval: 0.001) }
        let read = InPlaceWriter.lock.withLock { InPlaceWriter.read }
        #expect(read.count == 600)
        let one = #"{"n":"a","p":1.25,"s":{"n":"b","p":2,"s":{"n":"c","p":3,"bd":"c"},"bd":"b"},"bd":"a"}"#
        #expect(text == "[" + Array(repeating: one, count: 200).joined(separator: ",") + "]")
        let outer = try #require(try JSON(parsing: one).object)
        #expect(read.filter { $0["bd"] == "a" }.allSatisfy { $0 == outer })
        InPlaceWriter.readers = []
        InPlaceWriter.read = []
    }

    @Test("another object returned in its place, holding it, is written instead of it")
    func wrapped() throws {
        InPlaceWriter.use = .wrap
        let text = try model().jsonString()
        #expect(text == #"{"inner":{"n":"a","p":1.25,"s":{"inner":{"n":"b","p":2,"s":{"inner":{"n":"c","p":3},"n":"c"}},"n":"b"}},"n":"a"}"#)
    }

    @Test("a second super.serialize() writes its own bytes; the one returned is written")
    func twice() throws {
        InPlaceWriter.use = .twice
        let model = InPlaceWriter()
        model.name = "a"
        #expect(try model.jsonString() == #"{"n":"a","p":0,"first":{"n":"a","p":0}}"#)
    }

    @Test("a failed super.serialize() the override catches leaves nothing of what it wrote")
    func caught() throws {
        InPlaceWriter.use = .caught
        let model = InPlaceWriter()
        model.name = "a"
        model.nested = InPlaceWriter()
        model.nested?.name = "b"
        model.price = .infinity
        #expect(try model.jsonString() == #"{"failed":"a"}"#)
        model.price = 0
        model.nested?.price = .infinity
        #expect(try model.jsonString() == #"{"n":"a","p":0,"s":{"failed":"b"}}"#)
        model.nested?.price = 1
        #expect(try model.jsonString() == #"{"n":"a","p":0,"s":{"n":"b","p":1}}"#)
    }
}
