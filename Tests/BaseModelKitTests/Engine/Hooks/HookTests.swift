@testable import BaseModelKit
import Foundation
import Testing

/// Calls of the hooks, in order, as "Class.hook".
private let hookCalls = Lock<[String]>.make([])

private func record(_ call: String) {
    hookCalls.withLock { $0.append(call) }
}

private struct Unborn: Error, CustomStringConvertible {
    var description: String { "a puppy cannot be born in the future" }
}

class Animal: BaseModel {
    var name: String = ""
    override class var apiToLocal: [String: String] { ["n": "name"] }
    required init() {
        super.init()
        record("Animal.init")
    }
    override func deserialize(_ object: JSONObject) throws {
        record("Animal.deserialize")
        try super.deserialize(object)
    }
    override func didDeserialize() throws {
        record("Animal.didDeserialize")
    }
    override func serialize() throws -> JSONObject {
        record("Animal.serialize")
        return try super.serialize()
    }
}

class Dog: Animal {
    var breed: String?
    /// Sent as "bd": "yyyy-MM-dd", handled by the overrides rather than the map.
    var birthday: DateComponents?
    override class var apiToLocal: [String: String] { ["br": "breed"] }
    override func deserialize(_ object: JSONObject) throws {
        record("Dog.deserialize")
        try super.deserialize(object)
        if let text = object["bd"]?.string {
            let parts = text.split(separator: "-").compactMap { Int($0) }
            birthday = DateComponents(year: parts[0], month: parts[1], day: parts[2])
        }
    }
    override func didDeserialize() throws {
        record("Dog.didDeserialize")
        try super.didDeserialize()
    }
    override func serialize() throws -> JSONObject {
        record("Dog.serialize")
        var object = try super.serialize()
        if let birthday, let year = birthday.year, let month = birthday.month, let day = birthday.day {
            object["bd"] = .string(String(format: "%04d-%02d-%02d", year, month, day))
        }
        return object
    }
}

final class Puppy: Dog {
    var toy: Animal?
    override class var apiToLocal: [String: String] { ["toy": "toy"] }
    override func deserialize(_ object: JSONObject) throws {
        record("Puppy.deserialize")
        try super.deserialize(object)
    }
    override func didDeserialize() throws {
        record("Puppy.didDeserialize")
        try super.didDeserialize()
        if let year = birthday?.year, year > 2100 { throw Unborn() }
    }
    override func serialize() throws -> JSONObject {
        record("Puppy.serialize")
        return try super.serialize()
    }
}

/// An override that calls `super` a second time with its own object when the message carries a
/// correction under `"fix"`.
final class Corrected: BaseModel {
    var count = 0
    var label = ""
    var child: Corrected?
    override class var apiToLocal: [String: String] { ["c": "count", "l": "label", "ch": "child"] }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        if let fix = object["fix"]?.object {
            try super.deserialize(fix)
        }
    }
}

@Suite("Hooks", .serialized)
struct HookTests {
    @Test("an override that calls super twice in an update records one change per property: first old value to last new one, none when they are equal")
    func superTwiceInAnUpdate() throws {
        let model = try Corrected.decode(from: #"{"c":1,"l":"a","ch":{"c":5}}"#)
        // `count` 1 → 2 → 3 and `label` "a" → "b" → "a", with a nested object's change in between.
        let changes = try model.update(from: #"{"c":2,"l":"b","ch":{"c":6},"fix":{"c":3,"l":"a"}}"#)
        #expect(model.count == 3 && model.label == "a" && model.child?.count == 6)
        #expect(changes.description == "count at c: 1 → 3\ncount at ch.c: 5 → 6" || changes.description == "count at ch.c: 5 → 6\ncount at c: 1 → 3",
                "\(changes.description)")
        #expect(changes.changes.count == 2)
    }

    private func calls(during body: () throws -> Void) rethrows -> [String] {
        hookCalls.withLock { $0 = [] }
        try body()
        return hookCalls.withLock { $0 }
    }

    @Test("decoding runs construct, deserialize and didDeserialize in order, nested objects inside their parent's deserialize")
    func decodeOrder() throws {
        let recorded = try calls { _ = try Puppy.decode(from: #"{"n":"Rex","toy":{"n":"Duck"}}"#) }
        #expect(recorded == [
            "Animal.init",
            "Puppy.deserialize", "Dog.deserialize", "Animal.deserialize",
            "Animal.init", "Animal.deserialize", "Animal.didDeserialize",
            "Puppy.didDeserialize", "Dog.didDeserialize", "Animal.didDeserialize",
        ])
    }

    @Test("encoding calls serialize through every level, nested objects inside their parent's")
    func encodeOrder() throws {
        let puppy = try Puppy.decode(from: #"{"n":"Rex","toy":{"n":"Duck"}}"#)
        let recorded = try calls { _ = try puppy.jsonData() }
        #expect(recorded == ["Puppy.serialize", "Dog.serialize", "Animal.serialize", "Animal.serialize"])
    }

    @Test("an update runs deserialize and didDeserialize on the existing objects, constructing nothing")
    func updateOrder() throws {
        let puppy = try Puppy.decode(from: #"{"n":"Rex","toy":{"n":"Duck"}}"#)
        let recorded = try calls { try puppy.update(from: #"{"toy":{"n":"Ball"}}"#) }
        #expect(recorded == [
            "Puppy.deserialize", "Dog.deserialize", "Animal.deserialize",
            "Animal.deserialize", "Animal.didDeserialize",
            "Puppy.didDeserialize", "Dog.didDeserialize", "Animal.didDeserialize",
        ])
        #expect(puppy.toy?.name == "Ball")
    }

    @Test("overrides across three levels and a key handled outside the map round-trip")
    func overridesRoundTrip() throws {
        let text = #"{"n":"Rex","br":"Beagle","toy":{"n":"Duck"},"bd":"2024-03-09"}"#
        let puppy = try Puppy.decode(from: text)
        #expect(puppy.name == "Rex" && puppy.breed == "Beagle" && puppy.toy?.name == "Duck")
        #expect(puppy.birthday?.year == 2024 && puppy.birthday?.day == 9)
        #expect(try puppy.jsonString() == text)
    }

    @Test("a throwing didDeserialize rejects the object with its path")
    func rejection() {
        #expect(message { _ = try Puppy.decode(from: #"{"n":"Rex","bd":"2200-01-01"}"#) }
            == "The object at the top level (Puppy) was rejected by didDeserialize(): a puppy cannot be born in the future")
        let puppy = Puppy()
        #expect(message { try puppy.update(from: #"{"n":"Max","bd":"2200-01-01"}"#) } != nil)
        #expect(puppy.name == "" && puppy.birthday == nil)
    }
}
