import BaseModelKit
import Foundation
import Testing

/// One step of what an override does with the object `super.serialize()` returned, or with the
/// object its `deserialize(_:)` was given.
private enum ObjectEdit {
    case set(String, JSON)
    case remove(String)
    /// Reads one key; the value read goes to the log.
    case read(String)
    /// Reads the keys, in order, into the log.
    case keys
    /// Sets a key on a copy, which must leave the object as it was; the copy's value goes to the log.
    case setOnCopy(String, JSON)

    /// Applies the step to `object`, noting what it read in `log`.
    func apply(to object: inout JSONObject, log: inout [JSON]) {
        switch self {
        case .set(let key, let value): object[key] = value
        case .remove(let key): object[key] = nil
        case .read(let key): log.append(object[key] ?? .string("absent"))
        case .keys: log.append(.array(object.keys.map(JSON.string)))
        case .setOnCopy(let key, let value):
            var copy = object
            copy[key] = value
            log.append(copy[key] ?? .string("absent"))
        }
    }
}

/// Edits the object `super.serialize()` returns as `edits` says for its name, logging what it reads.
private final class EditingWriter: BaseModel {
    var name = ""
    var price = 0.0
    var nested: EditingWriter?
    var list: [EditingWriter] = []
    nonisolated(unsafe) static var edits: [String: [ObjectEdit]] = [:]
    nonisolated(unsafe) static var log: [JSON] = []
    override class var apiToLocal: [String: String] { ["n": "name", "p": "price", "s": "nested", "l": "list"] }
    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        for edit in Self.edits[name] ?? [] { edit.apply(to: &object, log: &Self.log) }
        return object
    }
}

/// Reads keys of the object it is given before and after `super`, as `before` and `after` say for
/// the object's place in the order the hook is called (outermost first, nested ones in the order of
/// the document), logging what it reads.
private final class ReadingReader: BaseModel {
    var name = ""
    var price = 0.0
    var nested: ReadingReader?
    var list: [ReadingReader] = []
    nonisolated(unsafe) static var before: [[ObjectEdit]] = []
    nonisolated(unsafe) static var after: [[ObjectEdit]] = []
    nonisolated(unsafe) static var calls = 0
    nonisolated(unsafe) static var log: [JSON] = []
    override class var apiToLocal: [String: String] { ["n": "name", "p": "price", "s": "nested", "l": "list"] }
    override func deserialize(_ object: JSONObject) throws {
        let call = Self.calls
        Self.calls += 1
        var mine = object
        for edit in Self.before[call] { edit.apply(to: &mine, log: &Self.log) }
        try super.deserialize(object)
        for edit in Self.after[call] { edit.apply(to: &mine, log: &Self.log) }
    }
}

@Suite("Overridden hooks under random edits and reads", .serialized)
struct HookEditPropertyTests {
    private static let keys = ["bd", "x", "n", "p", "s", "l", "q\"é", "e\u{301}", "é"]
    private static let values: [JSON] = [
        1, -7, 1.5, -0.25, 1e300, "text", "q\"\u{1}é\u{2028}", "", true, false, .null,
        ["y": [1, 2]], [1, "two", ["three": 3]], [],
    ]

    private static func edits(count: Int, reads: Bool, using random: inout SeededGenerator) -> [ObjectEdit] {
        (0..<count).map { _ in
            let key = keys.randomElement(using: &random)!
            let value = values.randomElement(using: &random)!
            switch Int.random(in: 0..<(reads ? 3 : 5), using: &random) {
            case 0: return .read(key)
            case 1: return .keys
            case 2: return .setOnCopy(key, value)
            case 3: return .remove(key)
            default: return .set(key, value)
            }
        }
    }

    /// A document of models named `m0`, `m1`, … in depth-first order, with keys no map names among
    /// the members.
    private static func document(depth: Int, names: inout Int, using random: inout SeededGenerator) -> JSONObject {
        var object = JSONObject()
        object["n"] = .string("m\(names)")
        names += 1
        if Bool.random(using: &random) { object["bd"] = values.randomElement(using: &random)! }
        object["p"] = price(using: &random)
        if depth < 3, Bool.random(using: &random) { object["s"] = .object(document(depth: depth + 1, names: &names, using: &random)) }
        if Bool.random(using: &random) { object["x"] = ["z": [true, .null]] }
        if depth < 3, Bool.random(using: &random) {
            object["l"] = .array((0..<Int.random(in: 0...3, using: &random)).map { _ in .object(document(depth: depth + 1, names: &names, using: &random)) })
        }
        return object
    }

    /// A price of eighths, exact in binary.
    private static func price(using random: inout SeededGenerator) -> JSON {
        .number(JSONNumber(Double(Int.random(in: -40...40, using: &random)) / 8))
    }

    /// What an encode through `EditingWriter` must write for `document`, as a tree: the members the
    /// maps name, each model edited after its nested models, in the order the member writer meets
    /// them; the reads go to `log`.
    private static func edited(_ document: JSONObject, log: inout [JSON]) -> JSONObject {
        var object = JSONObject()
        object["n"] = document["n"]
        object["p"] = document["p"]
        if let nested = document["s"]?.object { object["s"] = .object(edited(nested, log: &log)) }
        object["l"] = .array((document["l"]?.array ?? []).map { .object(edited($0.object!, log: &log)) })
        for edit in EditingWriter.edits[document["n"]!.string!] ?? [] { edit.apply(to: &object, log: &log) }
        return object
    }

    @Test("random edits of the objects super.serialize() returns write, read and log as the same edits of trees, compact, pretty and sorted")
    func randomEdits() throws {
        var random = SeededGenerator(seed: 0x5EED_0047)
        defer { EditingWriter.edits = [:] }
        for round in 0..<200 {
            var names = 0
            let document = Self.document(depth: 0, names: &names, using: &random)
            EditingWriter.edits = Dictionary(uniqueKeysWithValues: (0..<names).map {
                ("m\($0)", Self.edits(count: Int.random(in: 0...5, using: &random), reads: false, using: &random))
            })
            let model = try EditingWriter.decode(from: JSON.object(document).serializedString())
            var expectedLog: [JSON] = []
            let tree = Self.edited(document, log: &expectedLog)
            for formatting: JSON.Formatting in [[], .prettyPrinted, .sortedKeys] {
                var options = EncodingOptions()
                options.formatting = formatting
                EditingWriter.log = []
                let text = try model.jsonString(options: options)
                #expect(text == (try JSON.object(tree).serializedString(formatting: formatting)), "round \(round), \(formatting)")
                #expect(EditingWriter.log == expectedLog, "round \(round), \(formatting)")
            }
            EditingWriter.log = []
            let object = try model.serialize()
            #expect(object == tree && object.keys == tree.keys, "round \(round)")
            #expect(EditingWriter.log == expectedLog, "round \(round)")
        }
    }

    /// What `ReadingReader` reads from `document`, whose models are named in the order the hook is
    /// called: each model's reads before `super`, then its nested models', then its reads after.
    private static func reads(of document: JSONObject, log: inout [JSON]) {
        var object = document
        let call = Int(document["n"]!.string!.dropFirst())!
        for edit in ReadingReader.before[call] { edit.apply(to: &object, log: &log) }
        if let nested = document["s"]?.object { reads(of: nested, log: &log) }
        for element in document["l"]?.array ?? [] { reads(of: element.object!, log: &log) }
        for edit in ReadingReader.after[call] { edit.apply(to: &object, log: &log) }
    }

    @Test("random reads of the object deserialize(_:) is given, before and after super, in a decode and in an update, read as the same reads of trees; the models read as without them")
    func randomReads() throws {
        var random = SeededGenerator(seed: 0x5EED_0048)
        // The writer writes plain models here: the models decoded without the override.
        EditingWriter.edits = [:]
        defer { (ReadingReader.before, ReadingReader.after) = ([], []) }
        for round in 0..<200 {
            var names = 0
            let document = Self.document(depth: 0, names: &names, using: &random)
            ReadingReader.before = (0..<names).map { _ in Self.edits(count: Int.random(in: 0...3, using: &random), reads: true, using: &random) }
            ReadingReader.after = (0..<names).map { _ in Self.edits(count: Int.random(in: 0...3, using: &random), reads: true, using: &random) }
            var expectedLog: [JSON] = []
            Self.reads(of: document, log: &expectedLog)
            for text in [try JSON.object(document).serializedString(), try JSON.object(document).serializedString(formatting: .prettyPrinted)] {
                (ReadingReader.log, ReadingReader.calls) = ([], 0)
                let model = try ReadingReader.decode(from: text)
                #expect(ReadingReader.log == expectedLog, "round \(round)")
                let plain = try EditingWriter.decode(from: text)
                #expect(try model.jsonString() == plain.jsonString(), "round \(round)")
            }
            // An update of the same models with other values: the hook reads the update's objects.
            let changed = Self.revalued(document, using: &random)
            var updateLog: [JSON] = []
            Self.reads(of: changed, log: &updateLog)
            ReadingReader.calls = 0
            let model = try ReadingReader.decode(from: JSON.object(document).serializedString())
            (ReadingReader.log, ReadingReader.calls) = ([], 0)
            try model.update(from: JSON.object(changed).serializedString())
            #expect(ReadingReader.log == updateLog, "round \(round), update")
            #expect(try model.jsonString() == EditingWriter.decode(from: JSON.object(changed).serializedString()).jsonString(), "round \(round), update")
        }
    }

    /// `document` with the same models, names and lists, and new prices and unmapped keys.
    private static func revalued(_ document: JSONObject, using random: inout SeededGenerator) -> JSONObject {
        var object = JSONObject()
        object["n"] = document["n"]
        if Bool.random(using: &random) { object["bd"] = values.randomElement(using: &random)! }
        object["p"] = price(using: &random)
        if let nested = document["s"]?.object { object["s"] = .object(revalued(nested, using: &random)) }
        if Bool.random(using: &random) { object["x"] = .null }
        if let list = document["l"]?.array { object["l"] = .array(list.map { .object(revalued($0.object!, using: &random)) }) }
        return object
    }
}
