import BaseModelKit
import Foundation

// The model graph the model fuzz targets decode into: every field type the maps support (Docs/MapsAndConstructors.md), nested
// models, arrays and dictionaries of models, a recursive node, transformers, a hook that reads its
// object, a validation hook that throws, a subclass picked by `modelClass(for:)`, dotted keys into
// nested objects and lossy collections; price levels written as arrays merged by price, images that
// replace elements, a dictionary of values merged by key and a model replaced whole on update.

enum FuzzState: String { case open, closed, suspended }
enum FuzzLevel: Int { case low = 1, high = 2 }

class FuzzItem: BaseModel {
    var itemId: Int = 0
    var name: String?
    var price: Double = 0
    var state: FuzzState = .open
    var level: FuzzLevel?
    override class var apiToLocal: [String: String] { ["i": "itemId", "n": "name", "p": "price", "s": "state", "lv": "level", "k": "kind"] }
    var kind: String = "item"

    override class func modelClass(for object: JSONObject) -> BaseModel.Type? {
        object["k"]?.string == "special" ? FuzzSpecialItem.self : nil
    }

    struct Rejected: Error {}
    override func didDeserialize() throws {
        if price < -1_000_000 { throw Rejected() }
    }
}

final class FuzzSpecialItem: FuzzItem {
    var bonus: Int64 = 0
    var note: String = ""
    override class var apiToLocal: [String: String] { ["b": "bonus"] }

    // A key outside the map, read by the hook.
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        if let text = object["note"]?.string { note = text }
    }

    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        if !note.isEmpty { object["note"] = .string(note) }
        return object
    }
}

final class FuzzNode: BaseModel {
    var label: String = ""
    var children: [FuzzNode] = []
    override class var apiToLocal: [String: String] { ["l": "label", "c": "children"] }
}

/// A price level written as an array, `[price, size]`; a size of 0 in a delta removes it.
final class FuzzPair: BaseModel {
    var price: Double = 0
    var size: Int = 0
    override class var apiToLocal: [String: String] { ["0": "price", "1": "size"] }
    override class var isPositional: Bool { true }
    override class var removalMarkers: [String: JSON] { ["1": 0] }
}

/// An element a delta may send as a full image (`"img": true`), with a ladder of its own.
final class FuzzImage: BaseModel {
    var imageId: Int64 = 0
    var value: String?
    var pairs: [FuzzPair] = []
    override class var apiToLocal: [String: String] { ["id": "imageId", "v": "value", "pr": "pairs"] }
    override class var identities: [String: String] { ["pairs": "price"] }
    override class var partialCollections: Set<String> { ["pairs"] }
    override class var replacementMarkers: [String: JSON] { ["img": true] }
}

final class FuzzRoot: BaseModel {
    var flag: Bool = false
    var text: String = ""
    var letter: Character = "a"
    var int: Int = 0
    var int8: Int8 = 0
    var int16: Int16 = 0
    var int32: Int32 = 0
    var int64: Int64 = 0
    var uint: UInt = 0
    var uint8: UInt8 = 0
    var uint16: UInt16 = 0
    var uint32: UInt32 = 0
    var uint64: UInt64 = 0
    var float: Float = 0
    var double: Double = 0
    var decimal: Decimal = 0
    var price: Decimal?
    var wide: Int64?
    var ratio: Float?
    var date: Date = Date(timeIntervalSince1970: 0)
    var isoDate: Date?
    var millis: Date?
    var formatted: Date?
    var url: URL?
    var uuid: UUID?
    var data: Data?
    var raw: JSON = .null
    var state: FuzzState = .open
    var level: FuzzLevel?
    var optionalText: String?
    var numbers: [Int] = []
    var tags: Set<String> = []
    var scores: [String: Double] = [:]
    var grid: [[Int]] = []
    var nested: [String: [Int]]?
    var item: FuzzItem?
    var items: [FuzzItem] = []
    var itemsByKey: [String: FuzzItem] = [:]
    var groups: [[FuzzItem]]?
    var tree: FuzzNode?
    var nestedHome: Int = 0
    var nestedName: String?
    var lossyNumbers: [Int] = []
    var ladder: [FuzzPair] = []
    var sizes: [Double: Int] = [:]
    var images: [FuzzImage] = []
    var definition: FuzzNode?

    override class var apiToLocal: [String: String] {
        [
            "f": "flag", "t": "text", "ch": "letter", "i": "int", "i8": "int8", "i16": "int16", "i32": "int32",
            "i64": "int64", "u": "uint", "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
            "fl": "float", "d": "double", "dec": "decimal", "pr": "price", "w": "wide", "ra": "ratio", "dt": "date", "iso": "isoDate", "ms": "millis",
            "fmt": "formatted", "url": "url", "id": "uuid", "bin": "data", "raw": "raw", "s": "state",
            "lv": "level", "ot": "optionalText", "n": "numbers", "tg": "tags", "sc": "scores", "g": "grid",
            "nest": "nested", "it": "item", "its": "items", "ik": "itemsByKey", "gr": "groups", "tr": "tree",
            "ns.h": "nestedHome", "ns.p.n": "nestedName", "ln": "lossyNumbers",
            "lad": "ladder", "sz": "sizes", "im": "images", "def": "definition",
        ]
    }

    override class var identities: [String: String] { ["ladder": "price", "images": "imageId"] }
    override class var partialCollections: Set<String> { ["ladder", "images"] }
    override class var mergedDictionaries: Set<String> { ["sizes"] }
    override class var replacedOnUpdate: Set<String> { ["definition"] }

    override class var lossyCollections: Set<String> { ["lossyNumbers", "groups"] }

    override class var transformers: [String: JSONTransformer] {
        ["isoDate": .iso8601, "millis": .millisecondsSince1970, "formatted": .dateFormat("yyyyMMddHHmmss"), "price": .decimalString]
    }
}

/// The collections an update merges in place, under `FuzzRoot`'s keys, in a class whose hook runs
/// during an update (so the update copies its fields, and lends the merges the collections): the hook
/// refuses an object that holds `"x"`, after `super` has merged everything else.
final class FuzzHookedRoot: BaseModel {
    var ladder: [FuzzPair] = []
    var images: [FuzzImage]?
    var sizes: [Double: Int] = [:]
    var itemsByKey: [String: FuzzItem] = [:]
    var int: Int = 0

    override class var apiToLocal: [String: String] { ["lad": "ladder", "im": "images", "sz": "sizes", "ik": "itemsByKey", "i": "int"] }
    override class var identities: [String: String] { ["ladder": "price", "images": "imageId"] }
    override class var partialCollections: Set<String> { ["ladder", "images"] }
    override class var mergedDictionaries: Set<String> { ["sizes"] }

    struct Refused: Error {}

    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        if object["x"] != nil { throw Refused() }
    }
}

/// Stops the fuzzer with a message: libFuzzer reports the input that got here.
func fuzzFailure(_ message: String, _ input: [UInt8]) -> Never {
    fatalError("\(message)\ninput: \(String(decoding: input, as: UTF8.self))")
}
