import BaseModelKit
import Foundation
import Testing

/// Function-typed and metatype-typed properties are stored in a class differently from how generic
/// code sees them: the schema refuses them, whatever transformer is given, at any depth of optionals
/// and tuples. A function inside a struct (alone or in an array) is stored as generic code sees it,
/// and maps.

private let intTransform = JSONTransformer.custom(decode: { _ in { 1 } as () -> Int }, encode: { _ in JSON.null })

final class WithFunction: BaseModel {
    var f: () -> Int = { 1 }
    override class var apiToLocal: [String: String] { ["f": "f"] }
    override class var transformers: [String: JSONTransformer] { ["f": intTransform] }
}

final class WithOptionalFunction: BaseModel {
    var f: (() -> Int)?
    override class var apiToLocal: [String: String] { ["f": "f"] }
    override class var transformers: [String: JSONTransformer] { ["f": intTransform] }
}

final class WithFunctionInTuple: BaseModel {
    var pair: (Int, (String) -> String) = (0, { $0 })
    override class var apiToLocal: [String: String] { ["p": "pair"] }
    override class var transformers: [String: JSONTransformer] {
        ["pair": .custom(decode: { _ in (0, { $0 }) as (Int, (String) -> String) }, encode: { _ in JSON.null })]
    }
}

final class WithMetatype: BaseModel {
    var t: Int.Type = Int.self
    override class var apiToLocal: [String: String] { ["t": "t"] }
    override class var transformers: [String: JSONTransformer] {
        ["t": .custom(decode: { _ in Int.self as Int.Type }, encode: { _ in JSON.null })]
    }
}

final class WithAnyType: BaseModel {
    var t: Any.Type = Int.self
    override class var apiToLocal: [String: String] { ["t": "t"] }
    override class var transformers: [String: JSONTransformer] {
        ["t": .custom(decode: { _ in Int.self as Any.Type }, encode: { _ in JSON.null })]
    }
}

struct Callback: Sendable {
    var run: @Sendable () -> Int
}

/// A `Callback` as the number it returns (a transformer for `T` also serves `[T]`).
private let callbackTransform = JSONTransformer.custom(
    decode: { json in Callback(run: { Int(json.number?.text ?? "") ?? -1 }) },
    encode: { JSON.number(JSONNumber($0.run())) })

final class WithWrappedFunctions: BaseModel {
    var callback = Callback(run: { 0 })
    var callbacks: [Callback] = []
    var pair: (Int, String) = (0, "")
    override class var apiToLocal: [String: String] { ["c": "callback", "cs": "callbacks", "p": "pair"] }
    override class var transformers: [String: JSONTransformer] {
        [
            "callback": callbackTransform,
            "callbacks": callbackTransform,
            "pair": .custom(decode: { json in (json[0]?.number.flatMap { Int($0.text) } ?? 0, json[1]?.string ?? "") }, encode: { JSON.array([.number(JSONNumber($0.0)), .string($0.1)]) }),
        ]
    }
}

struct Nothing: Sendable {}

protocol Named: AnyObject {
    var name: String { get }
}

final class NamedThing: Named {
    let name: String
    init(name: String) { self.name = name }
}

struct Ticket: ~Copyable {
    var number = 7
}

/// A non-copyable property: no coder can copy its value in or out, refused.
final class WithNonCopyable: BaseModel {
    var ticket = Ticket()
    var count = 0
    override class var apiToLocal: [String: String] { ["t": "ticket", "c": "count"] }
}

/// A zero-size property: nothing to map, refused.
final class WithZeroSize: BaseModel {
    var marker = Nothing()
    override class var apiToLocal: [String: String] { ["m": "marker"] }
    override class var transformers: [String: JSONTransformer] { ["marker": .custom(decode: { _ in Nothing() }, encode: { _ in JSON.null })] }
}

/// Arrays of zero-size values and class-constrained existentials: stored as generic code sees them,
/// admitted.
final class WithEdgeStorage: BaseModel {
    var markers: [Nothing] = []
    var owner: AnyObject = NamedThing(name: "none")
    var named: (any Named)?
    override class var apiToLocal: [String: String] { ["ms": "markers", "o": "owner", "n": "named"] }
    override class var transformers: [String: JSONTransformer] {
        [
            "markers": .custom(decode: { _ in Nothing() }, encode: { _ in JSON.null }),
            "owner": .custom(decode: { json in NamedThing(name: json.string ?? "") as AnyObject }, encode: { JSON.string(($0 as? NamedThing)?.name ?? "") }),
            "named": .custom(decode: { json in NamedThing(name: json.string ?? "") as any Named }, encode: { JSON.string($0.name) }),
        ]
    }
}

@Suite("Field storage the schema admits")
struct FieldStorageTests {
    private func problems(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test("a function-typed property is refused with what to do instead")
    func function() {
        #expect(problems { try WithFunction.validateMappings() } == """
        Mapping tables of `WithFunction` are invalid:
        - `f` has type `() -> Int`, which holds a function; the engine cannot store functions in place. Wrap the function in a struct, or keep the property out of the map.
        """)
    }

    @Test("an optional function and a function inside a tuple are refused too")
    func nestedFunctions() {
        #expect(problems { try WithOptionalFunction.validateMappings() }.contains("`f` has type `Optional<() -> Int>`, which holds a function"))
        #expect(problems { try WithFunctionInTuple.validateMappings() }.contains("`pair` has type `(Int, (String) -> String)`, which holds a function"))
    }

    @Test("metatypes, thin and existential, are refused")
    func metatypes() {
        #expect(problems { try WithMetatype.validateMappings() } == """
        Mapping tables of `WithMetatype` are invalid:
        - `t` has type `Int.Type`, which holds a type; the engine cannot store metatypes in place. Map a name or raw value and look the type up, or keep the property out of the map.
        """)
        #expect(problems { try WithAnyType.validateMappings() }.contains("`t` has type `Any.Type`, which holds a type"))
    }

    @Test("decoding and encoding a refused property throw the schema error, and the default value still works")
    func refusedOnUse() throws {
        #expect(throws: SchemaError.self) { _ = try WithFunction.decode(from: #"{"f":1}"#) }
        #expect(throws: SchemaError.self) { _ = try WithFunction().jsonData() }
        #expect(throws: SchemaError.self) { _ = try WithMetatype.decode(from: #"{"t":1}"#) }
        #expect(WithFunction().f() == 1)
        #expect(WithMetatype().t == Int.self)
    }

    @Test("functions inside a struct, alone or in an array, and tuples of plain values, map both ways")
    func admitted() throws {
        try WithWrappedFunctions.validateMappings()
        let model = try WithWrappedFunctions.decode(from: #"{"c":7,"cs":[1,2],"p":[3,"x"]}"#)
        #expect(model.callback.run() == 7)
        #expect(model.callbacks.map { $0.run() } == [1, 2])
        #expect(model.pair.0 == 3 && model.pair.1 == "x")
        #expect(try model.jsonString() == #"{"c":7,"cs":[1,2],"p":[3,"x"]}"#)
    }

    @Test("a zero-size property is refused: it holds no data")
    func zeroSize() {
        #expect(problems { try WithZeroSize.validateMappings() } == """
        Mapping tables of `WithZeroSize` are invalid:
        - `marker` has type `Nothing`, which holds no data (its size is 0): there is nothing to read or write. Keep it out of the map.
        """)
    }

    @Test("arrays of zero-size values, AnyObject and class-constrained existentials map both ways")
    func edgeStorage() throws {
        try WithEdgeStorage.validateMappings()
        let model = try WithEdgeStorage.decode(from: #"{"ms":[1,2,3],"o":"alice","n":"bob"}"#)
        #expect(model.markers.count == 3)
        #expect((model.owner as? NamedThing)?.name == "alice")
        #expect(model.named?.name == "bob")
        try model.update(from: #"{"o":"carol","n":null}"#)
        #expect((model.owner as? NamedThing)?.name == "carol" && model.named == nil)
        #expect(try model.jsonString() == #"{"ms":[null,null,null],"o":"carol"}"#)
    }

    @Test("a non-copyable property is refused, and its value is left alone")
    func nonCopyable() throws {
        let message = problems { try WithNonCopyable.validateMappings() }
        #expect(message == """
        Mapping tables of `WithNonCopyable` are invalid:
        - `ticket` has a type the runtime reports as `()` (an empty tuple, or a non-copyable type): there is nothing the engine can read or write. Keep it out of the map.
        """)
        #expect(throws: SchemaError.self) { _ = try WithNonCopyable.decode(from: #"{"c":1}"#) }
        #expect(WithNonCopyable().ticket.number == 7)
    }
}
