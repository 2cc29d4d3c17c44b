import BaseModelKit
import XCTest

/// A model that keeps the members its map does not name.
private final class Proxy: BaseModel {
    var name = ""
    var price = 0.0
    var inner: ProxyInner?
    override class var apiToLocal: [String: String] { ["n": "name", "p": "price", "in": "inner"] }
    override class var keepsUnknownKeys: Bool { true }
}

private final class ProxyInner: BaseModel {
    var code = 0
    override class var apiToLocal: [String: String] { ["c": "code"] }
    override class var keepsUnknownKeys: Bool { true }
}

/// The same map without keeping.
private final class Plain: BaseModel {
    var name = ""
    override class var apiToLocal: [String: String] { ["n": "name"] }
}

/// Keeps unknown keys and overrides both hooks: the defaults behind them keep and write them too.
private final class Hooked: BaseModel {
    var name = ""
    var extra = ""
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override class var keepsUnknownKeys: Bool { true }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        extra = object["x"]?.string ?? extra
    }
    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        object["x"] = .string(extra)
        return object
    }
}

/// Fails its update when `p` is negative, after the member loop has kept the unknown keys.
private final class Checked: BaseModel {
    var price = 0.0
    override class var apiToLocal: [String: String] { ["p": "price"] }
    override class var keepsUnknownKeys: Bool { true }
    override func didDeserialize() throws {
        if price < 0 { throw CancellationError() }
    }
}

/// Elements that keep unknown keys, in an array merged by identity, a partial collection and a
/// dictionary.
private final class KeptOutcome: BaseModel {
    var outcomeId = 0
    var price = 0
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "p": "price"] }
    override class var keepsUnknownKeys: Bool { true }
}

private final class KeptMarket: BaseModel {
    var outcomes: [KeptOutcome] = []
    var partial: [KeptOutcome] = []
    var byKey: [String: KeptOutcome] = [:]
    var single: KeptOutcome?
    override class var apiToLocal: [String: String] { ["o": "outcomes", "q": "partial", "d": "byKey", "s": "single"] }
    override class var identities: [String: String] { ["outcomes": "outcomeId", "partial": "outcomeId"] }
    override class var partialCollections: Set<String> { ["partial"] }
}

final class UnknownKeysTests: XCTestCase {
    func testAReplacedObjectLeavesNoneOfItsUnknownMembersBehindThroughPatch() throws {
        let old = #"{"o":[{"i":1,"w":"old","p":1}],"q":[{"i":1,"w":"old","p":1},{"i":2,"p":1}],"d":{"k":{"i":1,"w":"old","p":1}},"s":{"i":1,"w":"old","p":1}}"#
        let market = try KeptMarket.decode(from: old)
        let snapshot = market.snapshot()
        market.outcomes[0] = try KeptOutcome.decode(from: #"{"i":1,"p":2}"#)
        market.partial[0] = try KeptOutcome.decode(from: #"{"i":1,"p":2,"v":"new"}"#)
        market.byKey["k"] = try KeptOutcome.decode(from: #"{"i":1,"p":2}"#)
        market.single = try KeptOutcome.decode(from: #"{"i":1,"p":2}"#)
        let body = try market.changes(since: snapshot).jsonData()
        let receiver = try KeptMarket.decode(from: old)
        try receiver.update(from: body)
        XCTAssertEqual(try receiver.jsonString(), try market.jsonString(), String(decoding: body, as: UTF8.self))
        XCTAssertEqual(try receiver.jsonString(), #"{"o":[{"i":1,"p":2}],"q":[{"i":1,"p":2,"v":"new"},{"i":2,"p":1}],"d":{"k":{"i":1,"p":2}},"s":{"i":1,"p":2}}"#)
    }

    func testDecodeKeepsUnknownMembersAndWritesThemAfterTheMappedOnesInFirstSeenOrder() throws {
        let model = try Proxy.decode(from: #"{"z":[1,{"a":null}],"n":"A","y":null,"p":1.5,"x":{"k":"v"}}"#)
        XCTAssertEqual(model.name, "A")
        XCTAssertEqual(Array(model.unknownKeys.keys), ["z", "y", "x"])
        XCTAssertEqual(model.unknownKeys["y"], .null)
        XCTAssertEqual(try model.jsonString(), #"{"n":"A","p":1.5,"z":[1,{"a":null}],"y":null,"x":{"k":"v"}}"#)
    }

    func testAModelThatDoesNotKeepThemDropsThem() throws {
        let model = try Plain.decode(from: #"{"n":"A","x":1}"#)
        XCTAssertTrue(model.unknownKeys.isEmpty)
        XCTAssertEqual(try model.jsonString(), #"{"n":"A"}"#)
    }

    func testNestedModelsKeepTheirOwn() throws {
        let model = try Proxy.decode(from: #"{"n":"A","in":{"c":3,"q":true},"w":2}"#)
        XCTAssertEqual(model.inner?.unknownKeys["q"], .bool(true))
        XCTAssertNil(model.unknownKeys["q"])
        XCTAssertEqual(try model.jsonString(), #"{"n":"A","p":0,"in":{"c":3,"q":true},"w":2}"#)
    }

    func testAnUpdateMergesThemAndNullRemovesOne() throws {
        let model = try Proxy.decode(from: #"{"n":"A","a":1,"b":2}"#)
        try model.update(from: #"{"b":null,"a":10,"c":3,"in":{"c":1,"d":4}}"#)
        XCTAssertEqual(model.unknownKeys, ["a": 10, "c": 3])
        XCTAssertEqual(Array(model.unknownKeys.keys), ["a", "c"])
        XCTAssertEqual(model.inner?.unknownKeys, ["d": 4])
        // A new object's `null` is data, kept as read.
        try model.update(from: #"{"in":{"c":2,"d":null}}"#)
        XCTAssertEqual(model.inner?.unknownKeys, [:])
    }

    func testAFailedUpdateLeavesThemAsTheyWere() throws {
        let model = try Checked.decode(from: #"{"p":1,"a":1,"b":2}"#)
        XCTAssertThrowsError(try model.update(from: #"{"a":null,"c":3,"b":5,"p":-1}"#))
        XCTAssertEqual(model.unknownKeys, ["a": 1, "b": 2])
        XCTAssertEqual(Array(model.unknownKeys.keys), ["a", "b"])
        XCTAssertEqual(model.price, 1)
    }

    func testCopyAndCodableKeepThem() throws {
        let model = try Proxy.decode(from: #"{"n":"A","in":{"c":3,"q":[true]},"w":{"v":1}}"#)
        let copy = try model.copy()
        XCTAssertEqual(copy.unknownKeys, model.unknownKeys)
        XCTAssertEqual(copy.inner?.unknownKeys, ["q": [true]])
        let data = try JSONEncoder().encode([model])
        let decoded = try JSONDecoder().decode([Proxy].self, from: data)
        XCTAssertEqual(decoded[0].unknownKeys, ["w": ["v": 1]])
        XCTAssertEqual(decoded[0].inner?.unknownKeys, ["q": [true]])
        XCTAssertEqual(try decoded[0].jsonString(), try model.jsonString())
    }

    func testKeptKeysAreNotUnknownKeysToTheOptions() throws {
        var options = DecodingOptions()
        options.unknownKeys = .reject
        let model = try Proxy.decode(from: #"{"n":"A","x":1}"#, options: options)
        XCTAssertEqual(model.unknownKeys, ["x": 1])
        XCTAssertThrowsError(try Plain.decode(from: #"{"n":"A","x":1}"#, options: options))
    }

    func testHooksKeepThemThroughTheirDefaults() throws {
        let model = try Hooked.decode(from: #"{"n":"A","x":"special","y":1}"#)
        XCTAssertEqual(model.extra, "special")
        XCTAssertEqual(model.unknownKeys["y"], 1)
        model.extra = "changed"
        // The override's value replaces the kept one in place: the key is written once.
        XCTAssertEqual(try model.jsonString(), #"{"n":"A","x":"changed","y":1}"#)
    }

    func testARepeatedUnknownKeyKeepsTheLastValueAtItsFirstPlace() throws {
        let model = try Proxy.decode(from: #"{"a":1,"b":2,"a":3}"#)
        XCTAssertEqual(Array(model.unknownKeys.keys), ["a", "b"])
        XCTAssertEqual(model.unknownKeys["a"], 3)
    }
}
