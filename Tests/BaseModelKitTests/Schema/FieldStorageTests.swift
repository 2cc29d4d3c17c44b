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
}
