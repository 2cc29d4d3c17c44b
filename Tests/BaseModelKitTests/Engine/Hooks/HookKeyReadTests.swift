import BaseModelKit
import Foundation
import Testing

/// Reads one key its map leaves out, after `super`.
private final class KeyAfterSuper: BaseModel {
    var name = ""
    var seen: JSON?
    var mapped: JSON?
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        seen = object["x"]
        mapped = object["n"]
    }
}

/// The same, nested in an array, so that each element is an object of a larger document.
private final class KeyReaders: BaseModel {
    var items: [KeyAfterSuper] = []
    override class var apiToLocal: [String: String] { ["i": "items"] }
}

/// Reads `x` after `super`, counts the objects the engine handed over again (the one it handed the
/// previous model, still alive), and keeps the objects of the models whose name starts with `k`.
private final class KeepingReader: BaseModel {
    var name = ""
    var seen: JSON?
    nonisolated(unsafe) static var kept: [JSONObject] = []
    nonisolated(unsafe) static var handOvers = HandOverCount()
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        seen = object["x"]
        Self.handOvers.note(object)
        if name.hasPrefix("k") { Self.kept.append(object) }
    }
}

/// Notes how its `super` used the object: streamed by the engine's parser where it stood, or read
/// again from the object's own bytes.
private final class UseNoting: BaseModel {
    var name = ""
    nonisolated(unsafe) static var uses: [DeferredObject.Use] = []
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        if let use = object.deferred?.use { Self.uses.append(use) }
    }
}

@Suite("Hooks that read a key after super", .serialized)
struct HookKeyReadTests {
    /// The JSON layer parks the engine's parser for its own thread; the engine, another module,
    /// takes it back only on that thread. Both must see one identity of the thread, or every `super`
    /// reads its object a second time (with the same result, so only this tells).
    @Test("super streams each object with the engine's parser where it stood, on any thread")
    func superStreams() async throws {
        let text = "[" + (0..<5).map { #"{"n":"m\#($0)","x":\#($0)}"# }.joined(separator: ",") + "]"
        @Sendable func uses() -> [DeferredObject.Use] {
            UseNoting.uses = []
            let names = (try? UseNoting.decodeArray(from: text))?.map(\.name)
            return names == (0..<5).map { "m\($0)" } ? UseNoting.uses : []
        }
        let here = uses()
        #expect(here.count == 5)
        #expect(here.allSatisfy { if case .streamed = $0 { true } else { false } })
        // On a thread of its own, which has an identity of its own.
        let elsewhere = await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: uses()) }.start()
        }
        #expect(elsewhere == here)
    }

    /// The engine makes the object of the next model again from one nobody kept (an allocation and
    /// a free fewer per hooked model); an object the hook keeps is never made again.
    @Test("an object nobody kept is made again for the next model; a kept one reads as it was")
    func reusedUnlessKept() throws {
        KeepingReader.kept = []
        KeepingReader.handOvers = HandOverCount()
        let names = (0..<300).map { $0 % 3 == 0 ? "k\($0)" : "d\($0)" }
        let text = "[" + names.map { #"{"n":"\#($0)","x":[\#($0.count),"\#($0)"]}"# }.joined(separator: ",") + "]"
        let models = try KeepingReader.decodeArray(from: text)
        #expect(models.map(\.name) == names)
        #expect(models.map(\.seen) == names.map { [.number(JSONNumber($0.count)), .string($0)] })
        // Every kept object reads as it was, after the objects made again around it.
        let kept = KeepingReader.kept.map { try? JSON.object($0).serializedString() }
        #expect(kept == names.filter { $0.hasPrefix("k") }.map { #"{"n":"\#($0)","x":[\#($0.count),"\#($0)"]}"# })
        // After each kept object the next model gets a new one, which the two after it get again
        // (the second keeps it): 2 of every 3 handed over again, less the first.
        #expect(KeepingReader.handOvers.handedOver == 300)
        #expect(KeepingReader.handOvers.handedAgain == 199)
        KeepingReader.kept = []
    }

    @Test("a key read after super is what a parsed object holds: values with brackets and quotes inside, repeats, spaces, escapes, absent")
    func keyAfterSuper() throws {
        let objects = [
            #"{"n":"a","x":1.25}"#,
            #"{"x":{"y":[1,{"z":"}"}],"w":"]\""},"n":"b"}"#,
            #"{"n":"c","x":"first","q":[[],{}],"x":"last"}"#,
            #"{"n":"d"}"#,
            #"{ "n" : "e" , "x" : [ 1 , 2 ] }"#,
            #"{"n":"f","\u0078":true}"#,
            #"{"n":"g","x":null,"y":"x"}"#,
            #"{"n":"h","xx":1,"x":-0.000125}"#,
            #"{}"#,
            // One key passed over alone, the key or another; the key after an escaped one.
            #"{"x":[true],"n":"i"}"#,
            #"{"n":"j","y":2}"#,
            #"{"n":"k","\u0079":2,"x":3}"#,
            #"{"n":"l","n":"m","x":4}"#,
        ]
        for text in objects {
            let expected = try #require(try JSON(parsing: text).object)
            let decoded = try KeyAfterSuper.decode(from: text)
            #expect(decoded.seen == expected["x"], "\(text)")
            #expect(decoded.mapped == expected["n"], "\(text)")
        }
        let document = #"{"i":["# + objects.joined(separator: ",") + "]}"
        let readers = try KeyReaders.decode(from: document)
        #expect(readers.items.map(\.seen) == (try objects.map { try #require(try JSON(parsing: $0).object)["x"] }))
        // The engine's parser, lent for each key read after `super`, goes on from where it stood.
        #expect(readers.items.map(\.name) == (try objects.map { try #require(try JSON(parsing: $0).object)["n"]?.string ?? "" }))
    }
}

private struct MissingBoost: Error, CustomStringConvertible {
    var description: String { "no boost" }
}

/// Throws an error of its own from `deserialize` when its key is missing, and from `serialize` when
/// its value is negative.
private final class BoostedLeg: BaseModel {
    var name = ""
    var boost = 0.0
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        guard let value = object["bd"]?.number?.double else { throw MissingBoost() }
        boost = value
    }
    override func serialize() throws -> JSONObject {
        guard boost >= 0 else { throw MissingBoost() }
        var object = try super.serialize()
        object["bd"] = .number(JSONNumber(boost))
        return object
    }
}

private final class BoostedSlip: BaseModel {
    var legs: [BoostedLeg] = []
    override class var apiToLocal: [String: String] { ["l": "legs"] }
}

@Suite("Errors of hooks")
struct HookErrorTests {
    @Test("an error a hook throws itself carries the object's path, decoding and encoding; the engine's errors keep theirs")
    func paths() throws {
        let error = try #require(throws: MappingError.self) { try BoostedSlip.decode(from: #"{"l":[{"n":"a","bd":1},{"n":"b"}]}"#) }
        #expect(error.description == "The object at l[1] (BoostedLeg) was refused by its deserialize(_:) override: no boost")
        #expect(error.underlyingError is MissingBoost)
        // An engine error inside `super` keeps its own reason and the whole path.
        #expect(message { _ = try BoostedSlip.decode(from: #"{"l":[{"n":[1],"bd":1}]}"#) } == "Expected String at l[0].n (BoostedLeg.name) but found an array.")
        let slip = try BoostedSlip.decode(from: #"{"l":[{"n":"a","bd":1},{"n":"b","bd":2}]}"#)
        #expect(try slip.jsonString() == #"{"l":[{"n":"a","bd":1},{"n":"b","bd":2}]}"#)
        slip.legs[1].boost = -1
        #expect(message { _ = try slip.jsonData() } == "The object at l[1] (BoostedLeg) was refused by its serialize() override: no boost")
        // An update that a hook refuses changes nothing.
        let before = try slip.legs[0].jsonString()
        #expect(throws: MappingError.self) { try slip.update(from: #"{"l":[{"n":"c"}]}"#) }
        #expect(try slip.legs[0].jsonString() == before)
    }
}
