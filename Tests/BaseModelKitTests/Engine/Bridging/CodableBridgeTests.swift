import BaseModelKit
import Foundation
import Testing

final class CodableLeg: BaseModel {
    var selection = ""
    var price = 0.0
    override class var apiToLocal: [String: String] { ["s": "selection", "p": "price"] }
}

class CodableSlip: BaseModel {
    var slipId = 0
    var placedAt = Date(timeIntervalSince1970: 0)
    var legs: [CodableLeg] = []
    var byMarket: [String: CodableLeg] = [:]
    var note: String?
    /// Read and written by the hooks, outside the map.
    var channel = ""
    override class var apiToLocal: [String: String] { ["i": "slipId", "t": "placedAt", "l": "legs", "m": "byMarket", "n": "note"] }
    override class var transformers: [String: JSONTransformer] { ["placedAt": .iso8601] }

    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        channel = object["ch"]?.string ?? ""
    }

    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        if !channel.isEmpty { object["ch"] = .string(channel) }
        return object
    }
}

/// A subclass with an initializer of its own: it writes nothing for `Codable`.
final class NamedSlip: CodableSlip {
    var owner = ""
    override class var apiToLocal: [String: String] { ["o": "owner"] }

    init(owner: String) {
        self.owner = owner
        super.init()
    }

    required init() {
        super.init()
    }
}

/// A `Codable` type of the app's, holding models.
struct SlipBasket: Codable {
    var name: String
    var slip: CodableSlip
    var named: NamedSlip?
    var history: [CodableLeg]
}

@Suite("Models through Codable coders")
struct CodableBridgeTests {
    let slipJSON = #"{"i":7,"t":"2026-11-23T05:16:28Z","l":[{"s":"Home","p":1.5},{"s":"Draw","p":3.25}],"m":{"1X2":{"s":"Away","p":4}},"ch":"app"}"#

    @Test("a model inside a Codable struct: JSONEncoder and JSONDecoder use its minified keys, transformers and hooks")
    func jsonCoders() throws {
        let slip = try CodableSlip.decode(from: slipJSON)
        let named = NamedSlip(owner: "ann")
        named.slipId = 9
        let basket = SlipBasket(name: "b", slip: slip, named: named, history: slip.legs)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(basket)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""slip":{"ch":"app","i":7,"l":[{"p":1.5,"s":"Home"},{"p":3.25,"s":"Draw"}],"m":{"1X2":{"p":4,"s":"Away"}},"t":"2026-11-23T05:16:28Z"}"#), "\(text)")
        #expect(text.contains(#""named":{"i":9,"l":[],"m":{},"o":"ann","t":"1970-01-01T00:00:00Z"}"#), "\(text)")

        let back = try JSONDecoder().decode(SlipBasket.self, from: data)
        #expect(try back.slip.jsonString() == slip.jsonString())
        #expect(back.slip.channel == "app")
        #expect(back.named?.owner == "ann" && back.named?.slipId == 9)
        #expect(back.history.map(\.selection) == ["Home", "Draw"])
    }

    @Test("a model graph round-trips through PropertyListEncoder (archiving)", arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func propertyLists(format: PropertyListSerialization.PropertyListFormat) throws {
        let slip = try CodableSlip.decode(from: slipJSON)
        slip.note = "keep"
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format
        let archived = try encoder.encode([slip])
        let restored = try PropertyListDecoder().decode([CodableSlip].self, from: archived)
        #expect(try restored.first?.jsonString() == slip.jsonString())
        #expect(restored.first !== slip)
    }

    @Test("a mapping failure is the coder's error, with the whole path and the MappingError underneath")
    func errors() throws {
        let data = Data(#"{"name":"b","history":[],"slip":{"i":1,"l":[{"s":"Home","p":"x"}]}}"#.utf8)
        do {
            _ = try JSONDecoder().decode(SlipBasket.self, from: data)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["slip", "l", "0", "p"])
            #expect(context.debugDescription == #"Expected Double at l[0].p (CodableLeg.price) but found a string "x"."#)
            #expect(context.underlyingError is MappingError)
        }
        // Not an object where a model belongs.
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode(SlipBasket.self, from: Data(#"{"name":"b","history":[],"slip":[1]}"#.utf8)) }
    }

    @Test("options travel in userInfo")
    func options() throws {
        let slip = try CodableSlip.decode(from: #"{"i":1}"#)
        let encoder = JSONEncoder()
        var options = EncodingOptions()
        options.nilEncoding = .null
        encoder.userInfo[.encodingOptions] = options
        #expect(String(decoding: try encoder.encode(slip), as: UTF8.self).contains(#""n":null"#))

        let decoder = JSONDecoder()
        var strict = DecodingOptions()
        strict.coercion = .strict
        decoder.userInfo[.decodingOptions] = strict
        #expect(throws: DecodingError.self) { _ = try decoder.decode(CodableSlip.self, from: Data(#"{"i":"1"}"#.utf8)) }
        #expect(try JSONDecoder().decode(CodableSlip.self, from: Data(#"{"i":"1"}"#.utf8)).slipId == 1)
    }
}
