import BaseModelKit
import Foundation
import Testing

// The models of the live-model probes: a leaf, an item with a dictionary of leaves, a root with a
// dictionary of items and an array of items merged by identity.

final class RLeaf: BaseModel {
    var v = 0
    override class var apiToLocal: [String: String] { ["v": "v"] }
}

final class RItem: BaseModel {
    var itemId = 0
    var name = ""
    var price = 0.0
    var extras: [String: RLeaf] = [:]
    override class var apiToLocal: [String: String] { ["i": "itemId", "n": "name", "p": "price", "e": "extras"] }
}

final class RRoot: BaseModel {
    var count = 0
    var dict: [String: RItem] = [:]
    var items: [RItem] = []
    var child: RItem?
    var groups: [String: [String: RLeaf]] = [:]
    var maybeDict: [String: RLeaf]?
    var maybeItems: [RItem]?
    override class var apiToLocal: [String: String] {
        ["c": "count", "d": "dict", "a": "items", "ch": "child", "g": "groups", "m": "maybeDict", "ma": "maybeItems"]
    }
    override class var identities: [String: String] { ["items": "itemId", "maybeItems": "itemId"] }
}

/// An identity mapped under a key with a dot in it.
final class DottedItem: BaseModel {
    var itemId = 0
    var name = ""
    override class var apiToLocal: [String: String] { [#"x\.y"#: "itemId", "n": "name"] }
}

final class DottedRoot: BaseModel {
    var items: [DottedItem] = []
    override class var apiToLocal: [String: String] { ["a": "items"] }
    override class var identities: [String: String] { ["items": "itemId"] }
}

/// Two models 64 members apart: the members an update watches for repeated keys share bits past 64.
final class WideModel: BaseModel {
    var first: RLeaf?
    var v1 = 0
    var v2 = 0
    var v3 = 0
    var v4 = 0
    var v5 = 0
    var v6 = 0
    var v7 = 0
    var v8 = 0
    var v9 = 0
    var v10 = 0
    var v11 = 0
    var v12 = 0
    var v13 = 0
    var v14 = 0
    var v15 = 0
    var v16 = 0
    var v17 = 0
    var v18 = 0
    var v19 = 0
    var v20 = 0
    var v21 = 0
    var v22 = 0
    var v23 = 0
    var v24 = 0
    var v25 = 0
    var v26 = 0
    var v27 = 0
    var v28 = 0
    var v29 = 0
    var v30 = 0
    var v31 = 0
    var v32 = 0
    var v33 = 0
    var v34 = 0
    var v35 = 0
    var v36 = 0
    var v37 = 0
    var v38 = 0
    var v39 = 0
    var v40 = 0
    var v41 = 0
    var v42 = 0
    var v43 = 0
    var v44 = 0
    var v45 = 0
    var v46 = 0
    var v47 = 0
    var v48 = 0
    var v49 = 0
    var v50 = 0
    var v51 = 0
    var v52 = 0
    var v53 = 0
    var v54 = 0
    var v55 = 0
    var v56 = 0
    var v57 = 0
    var v58 = 0
    var v59 = 0
    var v60 = 0
    var v61 = 0
    var v62 = 0
    var v63 = 0
    var last: RLeaf?
    override class var apiToLocal: [String: String] { ["a": "first", "v1": "v1", "v2": "v2", "v3": "v3", "v4": "v4", "v5": "v5", "v6": "v6", "v7": "v7", "v8": "v8", "v9": "v9", "v10": "v10", "v11": "v11", "v12": "v12", "v13": "v13", "v14": "v14", "v15": "v15", "v16": "v16", "v17": "v17", "v18": "v18", "v19": "v19", "v20": "v20", "v21": "v21", "v22": "v22", "v23": "v23", "v24": "v24", "v25": "v25", "v26": "v26", "v27": "v27", "v28": "v28", "v29": "v29", "v30": "v30", "v31": "v31", "v32": "v32", "v33": "v33", "v34": "v34", "v35": "v35", "v36": "v36", "v37": "v37", "v38": "v38", "v39": "v39", "v40": "v40", "v41": "v41", "v42": "v42", "v43": "v43", "v44": "v44", "v45": "v45", "v46": "v46", "v47": "v47", "v48": "v48", "v49": "v49", "v50": "v50", "v51": "v51", "v52": "v52", "v53": "v53", "v54": "v54", "v55": "v55", "v56": "v56", "v57": "v57", "v58": "v58", "v59": "v59", "v60": "v60", "v61": "v61", "v62": "v62", "v63": "v63", "z": "last"] }
}

/// Keeps the object its `deserialize(_:)` was handed: read lazily from the document's bytes.
final class CapturingMessage: BaseModel {
    var captured: JSONObject?
    override func deserialize(_ object: JSONObject) throws {
        captured = object
        try super.deserialize(object)
    }
}

enum Colour: String {
    case red, green
}

final class Painted: BaseModel {
    var colour: Colour = .red
    override class var apiToLocal: [String: String] { ["c": "colour"] }
}

/// Applies `patch` to a model decoded from `old`, and returns what it writes.
private func applied(_ patch: Data, to old: String) throws -> String {
    let receiver = try RRoot.decode(from: old)
    try receiver.update(from: patch)
    return try receiver.jsonString(options: [.sortedKeys])
}

/// The PATCH body of what changed in `model` since `old` (its JSON then), checked to remake the model
/// from `old`.
private func expectPatchRemakes(_ model: RRoot, from old: String, _ snapshot: ModelSnapshot, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let patch = try model.changes(since: snapshot).jsonData()
    #expect(try applied(patch, to: old) == model.jsonString(options: [.sortedKeys]),
            "PATCH \(String(decoding: patch, as: UTF8.self))", sourceLocation: sourceLocation)
}

@Suite("Live models lose nothing")
struct LiveModelReliabilityTests {
    static let start = #"{"c":0,"d":{"k":{"i":1,"n":"one","e":{"x":{"v":1},"y":{"v":2}}}},"a":[{"i":1,"n":"a"},{"i":2,"n":"b"},{"i":3,"n":"c"}],"g":{"y":{"b":{"v":1}}}}"#

    @Test("a dictionary of dictionaries of models is replaced whole on update: no crash, the change listed")
    func nestedDictionaries() throws {
        let root = try RRoot.decode(from: Self.start)
        let changes = try root.update(from: #"{"g":{"z":{"b":{"v":2}}}}"#)
        #expect(root.groups.keys.sorted() == ["z"] && root.groups["z"]?["b"]?.v == 2)
        #expect(changes.map(\.property) == ["groups"])
        let snapshot = root.snapshot()
        root.groups["y"] = [:]
        let old = try root.jsonString()
        #expect(root.changes(since: snapshot).map(\.property) == ["groups"])
        _ = old
    }

    @Test("an update that only reorders an identity array is a change, and its PATCH keeps the order")
    func reorder() throws {
        let root = try RRoot.decode(from: Self.start)
        let changes = try root.update(from: #"{"a":[{"i":3},{"i":1},{"i":2}]}"#)
        #expect(changes.map { "\($0.property) at \($0.path): \($0.oldValue) → \($0.newValue)" } == ["items at a: [1,2,3] → [3,1,2]"])
        #expect(try applied(try changes.jsonData(), to: Self.start) == root.jsonString(options: [.sortedKeys]))
    }

    @Test("a model replaced by a new object: the PATCH leaves none of the old object's keys behind")
    func replacedModels() throws {
        let root = try RRoot.decode(from: Self.start)
        let snapshot = root.snapshot()
        let fresh = RItem()
        fresh.itemId = 1
        fresh.extras = ["z": RLeaf()]
        root.dict["k"] = fresh
        try expectPatchRemakes(root, from: Self.start, snapshot)

        let other = try RRoot.decode(from: Self.start)
        let otherSnapshot = other.snapshot()
        let element = RItem()
        element.itemId = 2
        other.items[1] = element
        try expectPatchRemakes(other, from: Self.start, otherSnapshot)

        let third = try RRoot.decode(from: #"{"ch":{"i":5,"e":{"q":{"v":1}}}}"#)
        let thirdSnapshot = third.snapshot()
        third.child = RItem()
        let patch = try third.changes(since: thirdSnapshot).jsonData()
        #expect(try applied(patch, to: #"{"ch":{"i":5,"e":{"q":{"v":1}}}}"#) == third.jsonString(options: [.sortedKeys]))
    }

    @Test("a mapped key repeated in one object of an update is refused with its path, changing nothing; a JSONObject, which keeps the last value, applies it; a decode keeps the last value")
    func repeatedKeysRefused() throws {
        let messages: [(String, String)] = [
            (#"{"c":5,"c":0}"#, "c (RRoot.count)"),
            (#"{"d":{"k":null,"k":{"n":"new"}}}"#, #"d["k"] (RRoot.dict)"#),
            (#"{"d":{"k":{"n":"x","p":2},"k":{"n":"new"}}}"#, #"d["k"] (RRoot.dict)"#),
            (#"{"ch":{"i":4,"p":2},"ch":{"n":"new"}}"#, "ch (RRoot.child)"),
            (#"{"c":1,"d":{"k":{"n":"x"}},"d":{"k":{"n":"new"}}}"#, "d (RRoot.dict)"),
            (#"{"a":[{"i":1,"n":"x","i":2}]}"#, "a[0].i (RItem.itemId)"),
            (#"{"ch":{"p":1,"\u0070":2}}"#, "ch.p (RItem.price)"),
        ]
        for (message, place) in messages {
            let fromText = try RRoot.decode(from: Self.start)
            let before = try fromText.jsonString()
            let error = try #require(throws: MappingError.self, "\(message)") { try fromText.update(from: message) }
            #expect(error.description == "Repeated key at \(place) in an update: an update merges this key's value into what the model holds, so the key must appear once in its object.")
            #expect(try fromText.jsonString() == before, "\(message)")
            // A parsed JSONObject holds the last value of each key: the update applies those.
            let fromObject = try RRoot.decode(from: Self.start)
            let tree = try #require(JSON(parsing: message).object)
            let changes = try fromObject.update(from: tree)
            #expect(try applied(try changes.jsonData(), to: Self.start) == fromObject.jsonString(options: [.sortedKeys]), "\(message)")
        }
        // A decode reads a repeated key's last value.
        #expect(try RLeaf.decode(from: #"{"v":5,"v":6}"#).v == 6)
    }

    @Test("optional collections to and from nil and empty: every round trip exact")
    func optionalCollections() throws {
        let cases: [(String, (RRoot) -> Void)] = [
            (#"{}"#, { $0.maybeDict = [:] }),
            (#"{}"#, { $0.maybeItems = [] }),
            (#"{"m":{}}"#, { $0.maybeDict = nil }),
            (#"{"ma":[]}"#, { $0.maybeItems = nil }),
            (#"{"m":{"q":{"v":1}}}"#, { $0.maybeDict = nil }),
            (#"{"ma":[{"i":1}]}"#, { $0.maybeItems = nil }),
        ]
        for (old, edit) in cases {
            let root = try RRoot.decode(from: old)
            let snapshot = root.snapshot()
            edit(root)
            #expect(root.changes(since: snapshot).count == 1, "\(old)")
            try expectPatchRemakes(root, from: old, snapshot)
        }
    }

    @Test("an identity mapped under an escaped dot matches its elements")
    func escapedIdentity() throws {
        let root = try DottedRoot.decode(from: #"{"a":[{"x.y":1,"n":"a"}]}"#)
        let element = root.items[0]
        let changes = try root.update(from: #"{"a":[{"x.y":1,"n":"b"}]}"#)
        #expect(root.items[0] === element && element.name == "b")
        #expect(changes.map(\.property) == ["name"])
    }

    @Test("a repeated identity merges in order, short or long; a lenient \"1\" matches 1")
    func identityMatching() throws {
        for count in [2, 40] {
            let elements = (0..<count).map { #"{"i":\#($0 < 2 ? 7 : $0 + 100),"n":"\#($0)"}"# }.joined(separator: ",")
            let root = try RRoot.decode(from: #"{"a":[\#(elements)]}"#)
            let (first, second) = (root.items[0], root.items[1])
            try root.update(from: #"{"a":[{"i":7,"n":"x"},{"i":7,"n":"y"}]}"#)
            #expect(root.items.count == 2 && root.items[0] === first && root.items[1] === second && second.name == "y", "\(count)")
        }
        let root = try RRoot.decode(from: Self.start)
        let one = root.items[0]
        try root.update(from: #"{"a":[{"i":"1","n":"z"}]}"#)
        #expect(root.items.first === one && one.name == "z")
    }

    @Test("identities listed in any order, some repeated, take the first element left of each: arrays of 1 to 20")
    func identityMatchingInAnyOrder() throws {
        var random = SeededGenerator(seed: 7_307)
        for round in 0..<300 {
            let count = Int.random(in: 1...20, using: &random)
            let ids = (0..<count).map { _ in Int.random(in: 1...(count / 2 + 1), using: &random) }
            let elements = ids.enumerated().map { #"{"i":\#($1),"n":"\#($0)"}"# }.joined(separator: ",")
            let root = try RRoot.decode(from: #"{"a":[\#(elements)]}"#)
            let before = root.items
            let listed = (0..<Int.random(in: 0...(count + 2), using: &random)).map { _ in Int.random(in: 1...(count / 2 + 2), using: &random) }
            // Each listed identity takes the first element of that identity not taken yet.
            var taken = Set<Int>()
            let expected: [RItem?] = listed.map { id in
                guard let position = ids.indices.first(where: { ids[$0] == id && !taken.contains($0) }) else { return nil }
                taken.insert(position)
                return before[position]
            }
            try root.update(from: #"{"a":[\#(listed.map { #"{"i":\#($0)}"# }.joined(separator: ","))]}"#)
            #expect(root.items.map(\.itemId) == listed, "round \(round)")
            for (item, match) in zip(root.items, expected) {
                if let match {
                    #expect(item === match, "round \(round): \(ids), listed \(listed)")
                } else {
                    #expect(!before.contains { $0 === item }, "round \(round): \(ids), listed \(listed)")
                }
            }
        }
    }

    @Test("an identity edited in place: the PATCH makes the element again with all its fields")
    func editedIdentity() throws {
        let root = try RRoot.decode(from: Self.start)
        let snapshot = root.snapshot()
        root.items[0].itemId = 9
        try expectPatchRemakes(root, from: Self.start, snapshot)
    }

    @Test("one object under two keys: an edit reaches both in the PATCH")
    func sharedObject() throws {
        let root = try RRoot.decode(from: #"{"d":{"k":{"i":1},"l":{"i":1}}}"#)
        let shared = try #require(root.dict["k"])
        root.dict["l"] = shared
        let old = try root.jsonString()
        let snapshot = root.snapshot()
        shared.name = "both"
        try expectPatchRemakes(root, from: old, snapshot)
    }

    @Test("member names that are canonically equivalent are two members")
    func canonicallyEquivalentNames() throws {
        let text = "{\"\u{E9}\":1,\"e\u{301}\":2}"
        let value = try JSON(parsing: text)
        #expect(value.object?.count == 2)
        #expect(try value.serializedString() == text)
    }

    @Test("a JSONObject kept from a decode, read lazily from bytes that repeat a key, updates as the text does: refused")
    func lazyObjectWithRepeatedKeys() throws {
        let message = #"{"ch":{"i":4,"p":2},"ch":{"n":"new"}}"#
        let object = try #require(try CapturingMessage.decode(from: message).captured)
        let old = #"{"ch":{"i":1,"n":"old","p":1}}"#
        let (fromObject, fromText) = (try RRoot.decode(from: old), try RRoot.decode(from: old))
        let objectError = try #require(throws: MappingError.self) { try fromObject.update(from: object) }
        let textError = try #require(throws: MappingError.self) { try fromText.update(from: message) }
        #expect(objectError.description == textError.description)
        let before = try RRoot.decode(from: old).jsonString()
        #expect(try fromObject.jsonString() == before && fromText.jsonString() == before)
    }

    @Test("changes across nested objects in one update each carry their whole path, shared steps and all")
    func pathsAcrossObjects() throws {
        // The paths of consecutive changes share their first steps; each must still read whole, as
        // the update goes up and down the graph between them.
        let root = try RRoot.decode(from: #"{"c":1,"d":{"x":{"i":1,"p":1,"e":{"k":{"v":1},"l":{"v":1}}},"y":{"i":2,"p":1}},"a":[{"i":7,"p":1,"e":{"k":{"v":1}}},{"i":8,"p":1}],"ch":{"i":3,"p":1}}"#)
        let changes = try root.update(from: #"""
            {"d":{"x":{"e":{"k":{"v":2},"l":{"v":3}},"p":2},"y":{"p":3,"n":"y"}},"c":2,
             "a":[{"i":7,"e":{"k":{"v":4}},"p":5},{"i":8,"p":6}],"ch":{"p":7,"e":{"z":{"v":1}}}}
            """#)
        #expect(changes.map(\.description) == [
            #"v at d["x"].e["k"].v: 1 → 2"#,
            #"v at d["x"].e["l"].v: 1 → 3"#,
            #"price at d["x"].p: 1 → 2"#,
            #"price at d["y"].p: 1 → 3"#,
            #"name at d["y"].n: "" → "y""#,
            "count at c: 1 → 2",
            #"v at a[0].e["k"].v: 1 → 4"#,
            "price at a[0].p: 1 → 5",
            "price at a[1].p: 1 → 6",
            "price at ch.p: 1 → 7",
            #"extras at ch.e["z"]: null → {"v":1}"#,
        ])
        // Kept, the change set reads the same after later updates reuse the recorder.
        _ = try root.update(from: #"{"a":[{"i":7,"p":9},{"i":8,"p":9}],"c":5}"#)
        #expect(changes[6].path.description == #"a[0].e["k"].v"# && changes[10].path.description == #"ch.e["z"]"#)
    }

    @Test("a change reads as property, path, old and new value; a change set as its changes")
    func descriptions() throws {
        let root = try RRoot.decode(from: Self.start)
        let changes = try root.update(from: #"{"c":4,"a":[{"i":1,"n":"z"},{"i":2},{"i":3}]}"#)
        #expect("\(changes)" == """
        count at c: 0 → 4
        name at a[0].n: "a" → "z"
        """)
        #expect("\(ChangeSet())" == "no changes")
        let made = ChangeSet([Change(model: root, property: "count", path: MappingPath([.key("c")]), oldValue: 4, newValue: 5)], from: root)
        #expect(String(decoding: try made.jsonData(), as: UTF8.self) == #"{"c":5}"#)
    }

    @Test("members 64 apart in a wide model are no repeat; a real repeat among them is refused")
    func wideModels() throws {
        let model = try WideModel.decode(from: #"{"a":{"v":1},"z":{"v":2}}"#)
        let changes = try model.update(from: #"{"a":{"v":3},"z":{"v":4}}"#)
        #expect(model.first?.v == 3 && model.last?.v == 4 && changes.count == 2)
        // Member 64 (`z`) and member 0 (`a`) read once each, members 64 apart: no repeat. A real
        // repeat of either is refused.
        for message in [#"{"z":{"v":5},"a":{"v":6},"z":{"v":7}}"#, #"{"a":{"v":5},"z":{"v":6},"a":{"v":7}}"#] {
            #expect(throws: MappingError.self) { try model.update(from: message) }
            #expect(model.first?.v == 3 && model.last?.v == 4)
        }
    }

    @Test("an unknown enum case read leniently from a number is named as the number")
    func enumMessage() {
        #expect(message { _ = try Painted.decode(from: #"{"c":7}"#) } == "Expected Colour at c (Painted.colour) but found the number 7.")
    }

    @Test("JSON through JSONDecoder: deep arrays in linear time, deeper than 512 an error")
    func codableDepth() throws {
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        var value = try JSONDecoder().decode(JSON.self, from: Data(deep.utf8))
        var levels = 1
        while case .array(let elements) = value, let first = elements.first {
            value = first
            levels += 1
        }
        #expect(levels == 500)
        var nested: JSON = []
        for _ in 0..<600 { nested = [nested] }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode(nested)
        #expect(throws: DecodingError.self) { try PropertyListDecoder().decode(JSON.self, from: data) }
    }
}


