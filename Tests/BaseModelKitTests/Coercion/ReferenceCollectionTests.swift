// @testable: `ReferenceCollections` is the unsafe part proven here.
@testable import BaseModelKit
import Foundation
import Testing

/// Arrays and dictionaries of models are made as collections of `AnyObject` and handed out as the
/// element type: they must behave as collections of that type in every way a user meets.
@Suite("Reference collections")
struct ReferenceCollectionTests {
    class Animal: BaseModel {
        var name = ""
        override class var apiToLocal: [String: String] { ["n": "name"] }
    }

    final class Dog: Animal {}

    final class Kennel: BaseModel {
        var dogs: [Dog] = []
        var byName: [String: Dog] = [:]
        var animals: [Animal] = []
        var maybeDogs: [Dog]?
        override class var apiToLocal: [String: String] { ["d": "dogs", "b": "byName", "a": "animals", "m": "maybeDogs"] }
    }

    static let document = #"{"d":[{"n":"Rex"},{"n":"Fido"}],"b":{"x":{"n":"Max"},"y":{"n":"Bo"}},"a":[{"n":"Cat"}],"m":[{"n":"Odie"}]}"#

    @Test("decoded arrays and dictionaries of models hold their elements as the element type")
    func elementsAreTheirType() throws {
        let kennel = try Kennel.decode(from: Self.document)
        #expect(kennel.dogs.map(\.name) == ["Rex", "Fido"])
        #expect(kennel.dogs.allSatisfy { type(of: $0) == Dog.self })
        #expect(kennel.byName.mapValues(\.name) == ["x": "Max", "y": "Bo"])
        #expect(kennel.maybeDogs?.first?.name == "Odie")
        #expect(type(of: kennel.animals[0]) == Animal.self)
        // Casts both ways, as any array of a class.
        let animals: [Animal] = kennel.dogs
        #expect((animals as? [Dog])?.count == 2)
        #expect((kennel.animals as? [Dog]) == nil)
        let anything: Any = kennel.dogs
        #expect((anything as? [Dog])?.count == 2)
        #expect((anything as? [Animal])?.count == 2)
        let dictionary: Any = kennel.byName
        #expect((dictionary as? [String: Animal])?.count == 2)
    }

    @Test("they grow, copy on write and sort like any array")
    func mutation() throws {
        let kennel = try Kennel.decode(from: Self.document)
        var copy = kennel.dogs
        copy.append(Dog())
        for index in 0..<100 {
            let dog = Dog()
            dog.name = "d\(index)"
            copy.append(dog)
        }
        #expect(kennel.dogs.count == 2)
        #expect(copy.count == 103)
        copy.sort { $0.name < $1.name }
        copy.removeFirst()
        #expect(copy.first?.name == "Fido")
        var byName = kennel.byName
        byName["z"] = Dog()
        byName["x"] = nil
        #expect(kennel.byName.count == 2 && byName.count == 2 && byName["y"] === kennel.byName["y"])
    }

    @Test("their elements are released with them")
    func release() throws {
        weak var first: Dog?
        weak var keyed: Dog?
        do {
            let kennel = try Kennel.decode(from: Self.document)
            first = kennel.dogs.first
            keyed = kennel.byName["x"]
            #expect(first != nil && keyed != nil)
        }
        #expect(first == nil)
        #expect(keyed == nil)
    }

    @Test("an array coder hands out the references of exactly its own array type, and nothing else")
    func referencesOfItsArrayType() throws {
        let kennel = try Kennel.decode(from: Self.document)
        let dogs = ArrayCoder<Dog>(element: ModelCoder<Dog>(buildType: Dog.self))
        #expect(dogs.references(in: kennel.dogs).map { $0.map { ObjectIdentifier($0) } } == kennel.dogs.map { ObjectIdentifier($0) })
        #expect(dogs.references(in: [Dog]())?.isEmpty == true)
        // Another element type, even a superclass or an optional of the same array, and other values.
        #expect(dogs.references(in: kennel.animals) == nil)
        #expect(dogs.references(in: kennel.dogs as [Animal]) == nil)
        #expect(dogs.references(in: kennel.maybeDogs as Any) == nil)
        #expect(dogs.references(in: "dogs") == nil)
        #expect(dogs.references(in: [1, 2]) == nil)
        #expect(ArrayCoder<Int>(element: IntegerCoder<Int>()).references(in: [1, 2]) == nil)
    }

    @Test("only single class references qualify")
    func admission() {
        #expect(ReferenceCollections.isReference(Dog.self))
        #expect(!ReferenceCollections.isReference(Dog?.self))
        #expect(!ReferenceCollections.isReference(Int.self))
        #expect(!ReferenceCollections.isReference(String.self))
        #expect(!ReferenceCollections.isReference((any Error).self))
        #expect(ReferenceCollections.isOptionalReference(Dog?.self))
        #expect(!ReferenceCollections.isOptionalReference(Int?.self))
        #expect(!ReferenceCollections.isOptionalReference(Dog.self))
    }

    @Test("an optional array or dictionary of models is one word, the collection's own when it holds one and zero when nil, as the merges read it")
    func optionalLayouts() {
        #expect(MemoryLayout<[Dog]?>.size == MemoryLayout<UInt>.size)
        #expect(MemoryLayout<[String: Dog]?>.size == MemoryLayout<UInt>.size)
        let array: [Dog]? = [Dog()]
        let dictionary: [String: Dog]? = ["a": Dog()]
        #expect(withUnsafeBytes(of: array) { $0.load(as: UInt.self) } == withUnsafeBytes(of: array!) { $0.load(as: UInt.self) })
        #expect(withUnsafeBytes(of: dictionary) { $0.load(as: UInt.self) } == withUnsafeBytes(of: dictionary!) { $0.load(as: UInt.self) })
        #expect(withUnsafeBytes(of: [Dog]?.none) { $0.load(as: UInt.self) } == 0)
        #expect(withUnsafeBytes(of: [String: Dog]?.none) { $0.load(as: UInt.self) } == 0)
        // Empty collections are their storage's shared empty singleton, never the null word.
        #expect(withUnsafeBytes(of: [Dog]?.some([])) { $0.load(as: UInt.self) } != 0)
        #expect(withUnsafeBytes(of: [String: Dog]?.some([:])) { $0.load(as: UInt.self) } != 0)
    }

    @Test("an update merges into the same objects and writes back what it read")
    func update() throws {
        let kennel = try Kennel.decode(from: Self.document)
        let rex = kennel.dogs[0]
        let max = try #require(kennel.byName["x"])
        try kennel.update(from: #"{"b":{"x":{"n":"Maximus"},"y":null,"w":{"n":"New"}}}"#)
        #expect(kennel.byName["x"] === max && max.name == "Maximus")
        #expect(kennel.byName.keys.sorted() == ["w", "x"])
        #expect(kennel.dogs[0] === rex)
        let written = try kennel.jsonString()
        #expect(written == #"{"d":[{"n":"Rex"},{"n":"Fido"}],"b":{"w":{"n":"New"},"x":{"n":"Maximus"}},"a":[{"n":"Cat"}],"m":[{"n":"Odie"}]}"#)
    }
}
