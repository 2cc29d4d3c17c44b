import BaseModelKit
import Foundation
import Testing

// A graph with every shape of property a live model has: scalars, optionals, a nested model,
// dictionaries of models (nested inside an element too), arrays merged by identity (optional too, and
// one whose updates list only what changed), an optional dictionary, a dictionary of dictionaries
// (replaced whole), positional and dotted key paths (in elements too, which edits replace whole).

final class PLeaf: BaseModel {
    var value = 0
    var tag: String?
    override class var apiToLocal: [String: String] { ["v": "value", "t": "tag"] }
}

final class PItem: BaseModel {
    var itemId = 0
    var name = ""
    var price: Double?
    var extras: [String: PLeaf] = [:]
    var leaf: PLeaf?
    var score = 0
    var rank: Int?
    override class var apiToLocal: [String: String] {
        ["i": "itemId", "n": "name", "p": "price", "e": "extras", "l": "leaf", "m.s": "score", "r.1": "rank"]
    }
}

final class PRoot: BaseModel {
    var count = 0
    var label: String?
    var dict: [String: PItem] = [:]
    var items: [PItem] = []
    var maybeItems: [PItem]?
    var maybeLeaves: [String: PLeaf]?
    var child: PItem?
    var home = 0
    var away: Int?
    var nested = 0
    var groups: [String: [String: PLeaf]] = [:]
    var parts: [PItem] = []
    override class var apiToLocal: [String: String] {
        ["c": "count", "lb": "label", "d": "dict", "a": "items", "ma": "maybeItems", "ml": "maybeLeaves", "ch": "child",
         "sc.0": "home", "sc.1": "away", "s.n": "nested", "g": "groups", "pa": "parts"]
    }
    override class var identities: [String: String] { ["items": "itemId", "maybeItems": "itemId", "parts": "itemId"] }
    override class var partialCollections: Set<String> { ["parts"] }
}

/// Random graphs, edits by code and update messages, from one seeded generator.
private struct GraphMaker {
    var random: SeededGenerator
    /// Identities are unique across the graph, as a feed's are.
    var nextID = 1

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
    mutating func small() -> Int { Int.random(in: 0...3, using: &random) }
    mutating func key() -> String { ["k", "l", "m", "n"].randomElement(using: &random)! }

    mutating func leafJSON() -> String {
        chance(50) ? #"{"v":\#(small())}"# : #"{"v":\#(small()),"t":"\#(key())"}"#
    }

    mutating func dictJSON(_ element: (inout GraphMaker) -> String) -> String {
        let keys = Set((0..<small()).map { _ in key() }).sorted()
        return "{" + keys.map { #""\#($0)":"# + element(&self) }.joined(separator: ",") + "}"
    }

    mutating func itemJSON(id: Int? = nil) -> String {
        let id = id ?? { defer { nextID += 1 }; return nextID }()
        var members = [#""i":\#(id)"#, #""n":"\#(key())""#]
        if chance(50) { members.append(#""p":\#(small()).5"#) }
        if chance(50) { members.append(#""e":"# + dictJSON { $0.leafJSON() }) }
        if chance(30) { members.append(#""l":"# + leafJSON()) }
        if chance(50) { members.append(#""m":{"s":\#(small())}"#) }
        if chance(30) { members.append(#""r":[null,\#(small())]"#) }
        return "{" + members.joined(separator: ",") + "}"
    }

    mutating func arrayJSON() -> String {
        "[" + (0..<small()).map { _ in itemJSON() }.joined(separator: ",") + "]"
    }

    mutating func rootJSON() -> String {
        var members = [#""c":\#(small())"#, #""d":"# + dictJSON { $0.itemJSON() }, #""a":"# + arrayJSON(),
                       #""sc":[\#(small()),\#(small())]"#, #""s":{"n":\#(small())}"#, #""g":"# + dictJSON { $0.dictJSON { $0.leafJSON() } }]
        if chance(50) { members.append(#""lb":"\#(key())""#) }
        if chance(50) { members.append(#""ma":"# + arrayJSON()) }
        if chance(50) { members.append(#""ml":"# + dictJSON { $0.leafJSON() }) }
        if chance(50) { members.append(#""ch":"# + itemJSON()) }
        if chance(70) { members.append(#""pa":"# + arrayJSON()) }
        return "{" + members.joined(separator: ",") + "}"
    }

    mutating func newItem() throws -> PItem { try PItem.decode(from: itemJSON()) }
    mutating func newLeaf() throws -> PLeaf { try PLeaf.decode(from: leafJSON()) }

    /// An edit by code of one property of the graph, at random.
    mutating func edit(_ root: PRoot) throws {
        switch Int.random(in: 0..<26, using: &random) {
        // A partial collection: added at the end, removed, edited, replaced by an object of the same
        // identity (its updates cannot move elements: no reorder, no identity edited in place).
        case 22: root.parts.append(try newItem())
        case 23: if !root.parts.isEmpty { root.parts.remove(at: Int.random(in: 0..<root.parts.count, using: &random)) }
        case 24: if let item = root.parts.randomElement(using: &random) { try editItem(item) }
        case 25:
            if let position = root.parts.indices.randomElement(using: &random) {
                root.parts[position] = try PItem.decode(from: itemJSON(id: root.parts[position].itemId))
            }
        case 0: root.count = small()
        case 1: root.label = chance(50) ? nil : key()
        case 2: root.dict[key()] = try newItem()
        case 3: root.dict[key()] = nil
        case 4: if let item = root.dict.values.randomElement(using: &random) { try editItem(item) }
        case 5: root.items.insert(try newItem(), at: Int.random(in: 0...root.items.count, using: &random))
        case 6: if !root.items.isEmpty { root.items.remove(at: Int.random(in: 0..<root.items.count, using: &random)) }
        case 7: root.items.shuffle(using: &random)
        case 8:
            // An element replaced by a new object with the same identity.
            if let position = root.items.indices.randomElement(using: &random) {
                root.items[position] = try PItem.decode(from: itemJSON(id: root.items[position].itemId))
            }
        case 9:
            // An identity edited in place.
            if let item = root.items.randomElement(using: &random) {
                item.itemId = nextID
                nextID += 1
            }
        case 10: if let item = root.items.randomElement(using: &random) { try editItem(item) }
        case 11: root.maybeItems = chance(30) ? nil : chance(30) ? [] : [try newItem()] + (root.maybeItems ?? [])
        case 12: root.maybeLeaves = chance(30) ? nil : chance(30) ? [:] : [key(): try newLeaf()]
        case 13: root.child = chance(30) ? nil : try newItem()
        case 14: if let child = root.child { try editItem(child) }
        case 15: root.home = small()
        case 16: root.away = chance(30) ? nil : small()
        case 17: root.nested = small()
        case 18: root.groups[key()] = chance(30) ? [:] : [key(): try newLeaf()]
        case 19: root.groups[key()] = nil
        case 20: if let outer = root.groups.keys.randomElement(using: &random) { root.groups[outer]?[key()] = try newLeaf() }
        default: if var items = root.maybeItems, !items.isEmpty { items.shuffle(using: &random); root.maybeItems = items }
        }
    }

    mutating func editItem(_ item: PItem) throws {
        switch Int.random(in: 0..<9, using: &random) {
        case 7: item.score = small()
        case 8: item.rank = chance(40) ? nil : small()
        case 0: item.name = key()
        case 1: item.price = chance(40) ? nil : Double(small())
        case 2: item.extras[key()] = try newLeaf()
        case 3: item.extras[key()] = nil
        case 4: if let leaf = item.extras.values.randomElement(using: &random) { leaf.value = small(); leaf.tag = chance(50) ? nil : key() }
        case 5: item.leaf = chance(30) ? nil : try newLeaf()
        default: item.leaf?.value = small()
        }
    }

    /// An update message for `root`: a few members, each a partial value for its property.
    mutating func message(for root: PRoot) -> String {
        var members: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            switch Int.random(in: 0..<12, using: &random) {
            case 11:
                // A partial list: some known identities with changes, removal markers, new elements.
                var elements: [String] = []
                for item in root.parts where chance(40) {
                    elements.append(chance(30) ? #"{"i":\#(item.itemId),"$remove":true}"# : #"{"i":\#(item.itemId),"n":"\#(key())","e":{"\#(key())":null}}"#)
                }
                if chance(50) { elements.append(itemJSON()) }
                members.append(#""pa":["# + elements.joined(separator: ",") + "]")
            case 0: members.append(#""c":\#(small())"#)
            case 1: members.append(chance(50) ? #""lb":null"# : #""lb":"\#(key())""#)
            case 2:
                // Keys updated in place, added, or removed.
                // Each key once: an update refuses a key repeated in one object.
                let keys = Set((0..<small()).map { _ in key() }).sorted()
                let entries = keys.map { #""\#($0)":"# + (chance(30) ? "null" : chance(50) ? #"{"n":"\#(key())"}"# : itemJSON()) }
                members.append(#""d":{"# + entries.joined(separator: ",") + "}")
            case 3:
                // The whole list: known identities (merged), new ones, in any order.
                var elements = root.items.map { item in chance(50) ? #"{"i":\#(item.itemId)}"# : #"{"i":\#(item.itemId),"n":"\#(key())","e":{"\#(key())":null},"m":{"s":\#(small())}}"# }
                if chance(30), !elements.isEmpty { elements.removeLast() }
                if chance(50) { elements.append(itemJSON()) }
                elements.shuffle(using: &random)
                members.append(#""a":["# + elements.joined(separator: ",") + "]")
            case 4: members.append(chance(30) ? #""ma":null"# : #""ma":"# + arrayJSON())
            case 5: members.append(chance(30) ? #""ml":null"# : #""ml":"# + dictJSON { $0.leafJSON() })
            case 6: members.append(chance(30) ? #""ch":null"# : chance(50) ? #""ch":{"n":"\#(key())","l":\#(leafJSON())}"# : #""ch":"# + itemJSON())
            case 7: members.append(#""sc":[\#(small())]"#)
            case 8: members.append(chance(50) ? #""sc":[\#(small()),null]"# : #""s":{"n":\#(small())}"#)
            case 9: members.append(#""g":"# + dictJSON { $0.dictJSON { $0.leafJSON() } })
            default: members.append(#""lb":"\#(key())""#)
            }
        }
        // Each member once, as an update requires: the first of each key kept.
        var seen: Set<Substring> = []
        members = members.filter { seen.insert($0.split(separator: "\"")[0]).inserted }
        return "{" + members.joined(separator: ",") + "}"
    }
}

/// What a graph writes, compared: sorted keys, `nil` as `null`.
private func state(_ root: PRoot) throws -> String {
    var options = EncodingOptions()
    options.formatting = [.sortedKeys]
    options.nilEncoding = .null
    return try root.jsonString(options: options)
}

@Suite("PATCH bodies remake every edit")
struct PatchRoundTripPropertyTests {
    /// Sequences per run: `PATCH_SEQUENCES` in the environment raises it (the documented 10 000-sequence
    /// run); the suite runs 1 500 of each kind.
    static let sequences = ProcessInfo.processInfo.environment["PATCH_SEQUENCES"].flatMap { Int($0) } ?? 1_500

    @Test("random edits by code: the old state with changes(since:)'s PATCH body is the new state")
    func directEdits() throws {
        var mismatches: [String] = []
        for seed in 0..<UInt64(Self.sequences) {
            var maker = GraphMaker(seed: 0xED17 &+ seed)
            let old = maker.rootJSON()
            let root = try PRoot.decode(from: old)
            let snapshot = root.snapshot()
            for _ in 0..<Int.random(in: 1...6, using: &maker.random) {
                try maker.edit(root)
            }
            let patch = try root.changes(since: snapshot).jsonData()
            let receiver = try PRoot.decode(from: old)
            try receiver.update(from: patch)
            if try state(receiver) != state(root) {
                mismatches.append("seed \(seed): \(old) + \(String(decoding: patch, as: UTF8.self))")
            }
        }
        print("PATCH round trips of edits by code: \(Self.sequences) sequences, \(mismatches.count) mismatches")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }

    @Test("random updates: each update's PATCH body, and changes(since:)'s for the whole sequence, remake it")
    func updates() throws {
        var mismatches: [String] = []
        for seed in 0..<UInt64(Self.sequences) {
            var maker = GraphMaker(seed: 0xA11D &+ seed)
            let old = maker.rootJSON()
            let root = try PRoot.decode(from: old)
            let snapshot = root.snapshot()
            for _ in 0..<Int.random(in: 1...4, using: &maker.random) {
                let before = try root.jsonString()
                let message = maker.message(for: root)
                let changes = try root.update(from: message)
                let receiver = try PRoot.decode(from: before)
                try receiver.update(from: try changes.jsonData())
                if try state(receiver) != state(root) {
                    mismatches.append("seed \(seed): \(before) + \(message) → PATCH \(String(decoding: try changes.jsonData(), as: UTF8.self))")
                }
            }
            let receiver = try PRoot.decode(from: old)
            try receiver.update(from: try root.changes(since: snapshot).jsonData())
            if try state(receiver) != state(root) {
                mismatches.append("seed \(seed), the whole sequence")
            }
        }
        print("PATCH round trips of updates: \(Self.sequences) sequences, \(mismatches.count) mismatches")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
    }
}
