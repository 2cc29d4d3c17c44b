// @testable: `HookOverrides` reads class metadata to tell which hooks a class overrides, which is
// internal; these tests prove that it tells right for every shape of subclass.
@testable import BaseModelKit
import Foundation
import Testing

private class Plain: BaseModel {
    var value: Int = 0
    override class var apiToLocal: [String: String] { ["v": "value"] }
}

private final class PlainLeaf: Plain {
    var extra: String = ""
    override class var apiToLocal: [String: String] { ["x": "extra"] }
}

private final class OnlyDidDeserialize: BaseModel {
    override func didDeserialize() throws {}
}

/// Calls of `Reading.deserialize`, to show that a nested override runs under a parent that has none.
private let readingCalls = Lock.make(0)

private class Reading: BaseModel {
    var name: String = ""
    var shout: String = ""
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func deserialize(_ object: JSONObject) throws {
        readingCalls.withLock { $0 += 1 }
        try super.deserialize(object)
        shout = object["n"]?.string?.uppercased() ?? ""
    }
}

/// Overrides nothing itself, but inherits `Reading`'s override.
private final class InheritsReading: Reading {}

private final class Writing: BaseModel {
    var name: String = ""
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        object["len"] = .number(JSONNumber(name.count))
        return object
    }
}

private final class Choosing: BaseModel {
    override class func modelClass(for object: JSONObject) -> BaseModel.Type? { nil }
}

private class Generic<Payload>: BaseModel {
    var payload: Payload?
    override func serialize() throws -> JSONObject { try super.serialize() }
}

private final class GenericLeaf: Generic<String> {}

private class GenericPlain<Payload>: BaseModel {
    var payload: Payload?
}

/// `PlainLeaf`'s twin whose `deserialize` and `serialize` only call `super`: it takes the deferred path.
private final class PassThroughLeaf: Plain {
    var extra: String = ""
    override class var apiToLocal: [String: String] { ["x": "extra"] }
    override func deserialize(_ object: JSONObject) throws { try super.deserialize(object) }
    override func serialize() throws -> JSONObject { try super.serialize() }
}

/// One property of every scalar type the member loop decodes in place.
private class Scalars: BaseModel {
    var s = ""
    var os: String?
    var i = 0
    var oi: Int?
    var d = 0.0
    var od: Double?
    var b = false
    var ob: Bool?
    var t = Date(timeIntervalSince1970: 0)
    var ot: Date?
    override class var apiToLocal: [String: String] {
        ["s": "s", "os": "os", "i": "i", "oi": "oi", "d": "d", "od": "od", "b": "b", "ob": "ob", "t": "t", "ot": "ot"]
    }
}

private final class StreamedScalars: Scalars {}

/// Reads its object before calling `super`, so its members are mapped from the `JSONObject`.
private final class TreeScalars: Scalars {
    override func deserialize(_ object: JSONObject) throws {
        _ = object.count
        try super.deserialize(object)
    }
}

/// A parent without overrides whose children have them.
private final class Shelf: BaseModel {
    var first: Reading?
    var rest: [Reading] = []
    var writer: Writing?
    override class var apiToLocal: [String: String] { ["f": "first", "r": "rest", "w": "writer"] }
}

/// A child whose `didDeserialize` reads a JSON object of its own through `deserialize`: that read
/// must use the decode's options, so the decode must make its session current although the parent
/// runs no hook.
private final class ReReadingChild: BaseModel {
    var name = ""
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func didDeserialize() throws {
        try deserialize(["n": 5])
    }
}

private final class HookFreeParent: BaseModel {
    var children: [String: [ReReadingChild]] = [:]
    override class var apiToLocal: [String: String] { ["c": "children"] }
}

private final class HookFreeGraph: BaseModel {
    var leaf: PlainLeaf?
    var others: [[HookFreeGraph]] = []
    override class var apiToLocal: [String: String] { ["l": "leaf", "o": "others"] }
}

@Suite("Hook overrides", .serialized)
struct HookOverrideTests {
    @Test("classes that keep every default hook are told apart from BaseModel by nothing")
    func noOverrides() {
        #expect(HookOverrides.of(BaseModel.self) == [])
        #expect(HookOverrides.of(Plain.self) == [])
        #expect(HookOverrides.of(PlainLeaf.self) == [])
        #expect(HookOverrides.of(GenericPlain<Int>.self) == [])
        #expect(HookOverrides.of(GenericPlain<[String]>.self) == [])
    }

    @Test("each hook overridden alone is found, and only it")
    func singleOverrides() {
        #expect(HookOverrides.of(Reading.self) == [.deserialize])
        #expect(HookOverrides.of(Writing.self) == [.serialize])
        #expect(HookOverrides.of(Choosing.self) == [.modelClass])
        #expect(HookOverrides.of(OnlyDidDeserialize.self) == [.didDeserialize])
        // Classes of the change-set tests.
        #expect(HookOverrides.of(PricedOutcome.self) == [.didUpdate])
        #expect(HookOverrides.of(HookedPricedMarket.self) == [.deserialize])
    }

    @Test("an override is inherited by subclasses, generic ones included")
    func inheritedOverrides() {
        #expect(HookOverrides.of(InheritsReading.self) == [.deserialize])
        #expect(HookOverrides.of(Generic<Int>.self) == [.serialize])
        #expect(HookOverrides.of(Generic<Data>.self) == [.serialize])
        #expect(HookOverrides.of(GenericLeaf.self) == [.serialize])
        // Classes of the hook tests, overriding three hooks across three levels.
        #expect(HookOverrides.of(Animal.self) == [.deserialize, .serialize, .didDeserialize])
        #expect(HookOverrides.of(Puppy.self) == [.deserialize, .serialize, .didDeserialize])
    }

    @Test("the plan carries the overrides the engine decides by")
    func planCarriesOverrides() throws {
        #expect(try PlanRegistry.plan(for: Plain.self).overriddenHooks == [])
        #expect(try PlanRegistry.plan(for: InheritsReading.self).overriddenHooks == [.deserialize])
    }

    @Test("under a parent that overrides nothing, nested overrides still run, in decode and encode")
    func nestedOverridesRun() throws {
        readingCalls.withLock { $0 = 0 }
        let shelf = try Shelf.decode(from: #"{"f":{"n":"ann"},"r":[{"n":"bo"},{"n":"cy"}],"w":{"n":"dee"}}"#)
        #expect(readingCalls.withLock { $0 } == 3)
        #expect(shelf.first?.shout == "ANN")
        #expect(shelf.rest.map(\.shout) == ["BO", "CY"])
        #expect(try shelf.jsonString() == #"{"f":{"n":"ann"},"r":[{"n":"bo"},{"n":"cy"}],"w":{"n":"dee","len":3}}"#)

        // Written straight from the plans, pretty output is what the JSON layer makes of the compact text.
        var pretty = EncodingOptions()
        pretty.formatting = [.prettyPrinted]
        #expect(try shelf.jsonString(options: pretty) == JSON(parsing: shelf.jsonString()).serializedString(formatting: pretty.formatting))
        let empty = Shelf()
        empty.rest = [Reading()]
        #expect(try empty.jsonString(options: pretty) == JSON(parsing: empty.jsonString()).serializedString(formatting: pretty.formatting))

        try shelf.update(from: #"{"f":{"n":"eve"}}"#)
        #expect(readingCalls.withLock { $0 } == 4)
        #expect(shelf.first?.shout == "EVE")
    }

    @Test("a model without overrides decodes, updates and fails exactly like its twin whose overrides only call super")
    func defaultMatchesPassThroughOverride() throws {
        #expect(HookOverrides.of(PassThroughLeaf.self) == [.deserialize, .serialize])
        let text = #"{"v":7,"x":"seven","unknown":[1,{"a":null}]}"#
        let plain = try PlainLeaf.decode(from: text)
        let twin = try PassThroughLeaf.decode(from: text)
        #expect(plain.value == 7 && plain.extra == "seven" && twin.value == 7 && twin.extra == "seven")
        #expect(try plain.jsonString() == #"{"v":7,"x":"seven"}"#)
        #expect(try twin.jsonString() == plain.jsonString())
        for formatting: EncodingOptions.Formatting in [[.prettyPrinted], [.sortedKeys], [.prettyPrinted, .sortedKeys], [.escapingSlashes]] {
            var options = EncodingOptions()
            options.formatting = formatting
            options.nilEncoding = .null
            #expect(try twin.jsonString(options: options) == plain.jsonString(options: options))
        }

        try plain.update(from: #"{"v":8}"#)
        try twin.update(from: #"{"v":8}"#)
        #expect(plain.value == 8 && plain.extra == "seven" && twin.value == 8 && twin.extra == "seven")

        for bad in [#"{"v":9,"x":true}"#, #"{"v":9,"x":"nine""#, #"{"v":9,"unknown":[1,}"#] {
            let plainError = mappingError { try plain.update(from: bad) }
            let twinError = mappingError { try twin.update(from: bad) }
            #expect(plainError != nil)
            #expect(plainError?.path == twinError?.path)
            #expect(plainError?.property == twinError?.property)
            #expect(plainError.map { "\($0.reason)" } == twinError.map { "\($0.reason)" })
            #expect(plain.value == 8 && twin.value == 8)
        }
    }

    @Test("every scalar type decodes in the member loop exactly as from the hook's object: values, nulls, coercions, errors")
    func scalarsMatchTreePath() throws {
        #expect(HookOverrides.of(StreamedScalars.self).isEmpty)
        let inputs = [
            #"{"s":"a","os":"b","i":1,"oi":-2,"d":1.5,"od":12.290000000000001,"b":true,"ob":false,"t":1700000000,"ot":1700000001.5}"#,
            #"{"os":null,"oi":null,"od":null,"ob":null,"ot":null}"#,
            #"{"s":null}"#, #"{"i":null}"#, #"{"d":null}"#, #"{"b":null}"#, #"{"t":null}"#,
            #"{"i":"12"}"#, #"{"i":1.5}"#, #"{"i":1.0}"#, #"{"i":12345678901234567890}"#, #"{"oi":true}"#, #"{"i":-0}"#,
            #"{"d":"2.5"}"#, #"{"d":1e400}"#, #"{"d":-0.0}"#, #"{"od":"x"}"#,
            #"{"b":1}"#, #"{"b":"true"}"#, #"{"ob":0}"#,
            #"{"s":5}"#, #"{"os":[]}"#, #"{"t":"2024-01-01"}"#, #"{"ot":{}}"#,
        ]
        var lenient = DecodingOptions()
        lenient.coercion = .lenient
        var strict = DecodingOptions()
        strict.coercion = .strict
        var encoding = EncodingOptions()
        encoding.nilEncoding = .null
        func outcome(_ decode: () throws -> Scalars) -> String {
            do {
                return try decode().jsonString(options: encoding)
            } catch {
                return "\(error)"
            }
        }
        for options in [lenient, strict] {
            for input in inputs {
                let streamed = outcome { try StreamedScalars.decode(from: input, options: options) }
                // The messages name the class; the two differ only there.
                let tree = outcome { try TreeScalars.decode(from: input, options: options) }
                    .replacingOccurrences(of: "TreeScalars", with: "StreamedScalars")
                #expect(streamed == tree, "\(input) with \(options.coercion)")
            }
        }
    }

    private func mappingError(_ body: () throws -> Void) -> MappingError? {
        do {
            try body()
            return nil
        } catch {
            return error as? MappingError
        }
    }

    @Test("a decode makes its session current exactly when a class in the graph runs a hook")
    func sessionForHooks() throws {
        #expect(try PlanRegistry.plan(for: HookFreeGraph.self).runsHooksBelow == false)
        #expect(try PlanRegistry.plan(for: HookFreeParent.self).runsHooksBelow == true)
        var strict = DecodingOptions()
        strict.coercion = .strict
        // Lenient, the child's own read turns 5 into "5"; strict, it fails: the options reached it.
        #expect(try HookFreeParent.decode(from: #"{"c":{"a":[{"n":"x"}]}}"#).children["a"]?.first?.name == "5")
        #expect(throws: MappingError.self) { try HookFreeParent.decode(from: #"{"c":{"a":[{"n":"x"}]}}"#, options: strict) }
    }
}
