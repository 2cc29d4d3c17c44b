import BaseModelKit
import Testing

class Shape: BaseModel {
    var kind: String = ""
    var name: String = ""
    override class var apiToLocal: [String: String] { ["t": "kind", "n": "name"] }
    override class func modelClass(for object: JSONObject) -> BaseModel.Type? {
        switch object["t"]?.string {
        case "c": return Circle.self
        case "s": return Square.self
        case "p": return Person.self
        default: return nil
        }
    }
}

final class Circle: Shape {
    var radius: Double = 0
    override class var apiToLocal: [String: String] { ["r": "radius"] }
}

final class Square: Shape {
    var side: Double = 0
    override class var apiToLocal: [String: String] { ["s": "side"] }
}

final class Drawing: BaseModel {
    var shapes: [Shape] = []
    var main: Shape?
    override class var apiToLocal: [String: String] { ["sh": "shapes", "m": "main"] }
}

final class Gallery: BaseModel {
    var byName: [String: Shape] = [:]
    var rows: [[Shape]] = []
    override class var apiToLocal: [String: String] { ["b": "byName", "r": "rows"] }
}

/// Shapes merged by identity (their name), for updates of elements of the base class itself.
private final class ShapeBoard: BaseModel {
    var shapes: [Shape] = []
    override class var apiToLocal: [String: String] { ["sh": "shapes"] }
    override class var identities: [String: String] { ["shapes": "name"] }
}

/// The same shapes in a partial collection: an update lists only the elements that changed.
private final class PartialShapeBoard: BaseModel {
    var shapes: [Shape] = []
    override class var apiToLocal: [String: String] { ["sh": "shapes"] }
    override class var identities: [String: String] { ["shapes": "name"] }
    override class var partialCollections: Set<String> { ["shapes"] }
}

@Suite("Picking classes with modelClass(for:)")
struct PolymorphismTests {
    @Test("dictionary values and nested arrays are built as their type key says, and round-trip")
    func dictionariesAndNestedArrays() throws {
        let text = #"{"b":{"a":{"t":"c","n":"","r":1},"b":{"t":"s","n":"","s":2}},"r":[[{"t":"s","n":"","s":3}],[{"t":"c","n":"","r":4},{"t":"x","n":""}]]}"#
        let gallery = try Gallery.decode(from: text)
        #expect((gallery.byName["a"] as? Circle)?.radius == 1)
        #expect((gallery.byName["b"] as? Square)?.side == 2)
        #expect(gallery.rows.map { $0.map { "\(type(of: $0))" } } == [["Square"], ["Circle", "Shape"]])
        #expect(try gallery.jsonString() == text)
        // Updating merges the dictionary by key; a new key is built by its type key.
        try gallery.update(from: #"{"b":{"z":{"t":"c","r":9}}}"#)
        #expect((gallery.byName["z"] as? Circle)?.radius == 9 && gallery.byName.count == 3)
    }

    @Test("elements, properties and the top level are built as the class the type key names, and round-trip")
    func mixedArray() throws {
        let text = #"{"sh":[{"t":"c","n":"a","r":2},{"t":"s","n":"b","s":3},{"t":"?","n":"c"}],"m":{"n":"d","t":"s","s":1}}"#
        let drawing = try Drawing.decode(from: text)
        #expect((drawing.shapes[0] as? Circle)?.radius == 2)
        #expect((drawing.shapes[1] as? Square)?.side == 3)
        #expect(type(of: drawing.shapes[2]) == Shape.self)
        #expect((drawing.main as? Square)?.side == 1)
        #expect(try drawing.jsonString() == #"{"sh":[{"t":"c","n":"a","r":2},{"t":"s","n":"b","s":3},{"t":"?","n":"c"}],"m":{"t":"s","n":"d","s":1}}"#)
        #expect(try Shape.decode(from: #"{"t":"c","r":5}"#) is Circle)
        #expect(try Shape.decodeArray(from: #"[{"t":"s"},{"t":"c"}]"#).map { "\(type(of: $0))" } == ["Square", "Circle"])
    }

    @Test("the type key is read like any member: the last of repeated keys wins, escapes are decoded")
    func keyLookup() throws {
        #expect(try Shape.decode(from: #"{"t":"c","t":"s","s":2}"#) is Square)
        #expect(try Shape.decode(from: #"{"\u0074":"c","r":1}"#) is Circle)
        // Type keys inside other members' values are not the object's own.
        #expect(type(of: try Shape.decode(from: #"{"z":{"t":"c"},"x":[1,{"t":"c"}]}"#)) == Shape.self)
    }

    @Test("a class that is not the declared one or a subclass is an error with its path")
    func wrongClass() {
        #expect(message { _ = try Drawing.decode(from: #"{"sh":[{"t":"c"},{"t":"p"}]}"#) }
            == "Expected Shape or a subclass at sh[1] (Drawing.shapes) but found an object that modelClass(for:) maps to Person.")
        #expect(message { _ = try Shape.decode(from: #"{"t":"p"}"#) }
            == "Expected Shape or a subclass at the top level but found an object that modelClass(for:) maps to Person.")
    }

    @Test("an update whose type key picks another class replaces the nested object; the same class, or no type key, merges in place")
    func polymorphicUpdate() throws {
        let drawing = try Drawing.decode(from: #"{"m":{"t":"c","n":"dot","r":2}}"#)
        let circle = try #require(drawing.main as? Circle)
        // Same class: merged into the same object.
        try drawing.update(from: #"{"m":{"t":"c","r":3}}"#)
        #expect(drawing.main === circle && circle.radius == 3 && circle.name == "dot")
        // No type key: merged as well.
        try drawing.update(from: #"{"m":{"n":"ring"}}"#)
        #expect(drawing.main === circle && circle.name == "ring")
        // Another class: a new Square decoded from the payload alone, nothing of the circle merged.
        try drawing.update(from: #"{"m":{"t":"s","s":4}}"#)
        let square = try #require(drawing.main as? Square)
        #expect(square.side == 4 && square.name == "")
        #expect(circle.radius == 3)
        // The same from a parsed object (the tree path).
        try drawing.update(from: try #require(JSON(parsing: #"{"m":{"t":"c","r":7}}"#).object))
        #expect((drawing.main as? Circle)?.radius == 7)
        // A class that is not a Shape is an error, and the update is undone.
        let before = drawing.main
        #expect(message { try drawing.update(from: #"{"m":{"t":"p"}}"#) }
            == "Expected Shape or a subclass at m (Drawing.main) but found an object that modelClass(for:) maps to Person.")
        #expect(drawing.main === before)
    }

    @Test("an object of the declared class itself is replaced too when the update's type key picks a subclass: a property, a dictionary value, an element merged by identity")
    func baseClassReplacedOnUpdate() throws {
        // The merges take a quicker way for an object of exactly the class they build; a payload that
        // picks another class must still replace it.
        let drawing = try Drawing.decode(from: #"{"m":{"n":"plain"}}"#)
        #expect(type(of: try #require(drawing.main)) == Shape.self)
        try drawing.update(from: #"{"m":{"t":"c","r":1}}"#)
        #expect((drawing.main as? Circle)?.radius == 1)

        let gallery = try Gallery.decode(from: #"{"b":{"x":{"n":"x"},"y":{"n":"y"}}}"#)
        let kept = try #require(gallery.byName["y"])
        try gallery.update(from: #"{"b":{"x":{"t":"s","s":3},"y":{"n":"why"}}}"#)
        #expect((gallery.byName["x"] as? Square)?.side == 3)
        #expect(gallery.byName["y"] === kept && kept.name == "why")

        let board = try ShapeBoard.decode(from: #"{"sh":[{"n":"a"},{"n":"b","t":"c","r":1}]}"#)
        let circle = try #require(board.shapes[1] as? Circle)
        #expect(type(of: board.shapes[0]) == Shape.self)
        try board.update(from: #"{"sh":[{"n":"a","t":"s","s":4},{"n":"b","r":2}]}"#)
        #expect((board.shapes[0] as? Square)?.side == 4 && board.shapes[0].name == "a")
        #expect(board.shapes[1] === circle && circle.radius == 2)
        // Without a type key, an element of the base class is merged in place.
        let plain = try ShapeBoard.decode(from: #"{"sh":[{"n":"a"}]}"#)
        let first = plain.shapes[0]
        try plain.update(from: #"{"sh":[{"n":"a"}]}"#)
        #expect(plain.shapes[0] === first && type(of: first) == Shape.self)
    }

    @Test("in a partial collection, an element whose type key picks another class is replaced in its place; a failed update puts the old object back")
    func replacedInAPartialCollection() throws {
        let board = try PartialShapeBoard.decode(from: #"{"sh":[{"n":"a"},{"n":"b","t":"c","r":1},{"n":"c"}]}"#)
        let (first, circle, last) = (board.shapes[0], try #require(board.shapes[1] as? Circle), board.shapes[2])
        let before = try board.jsonString()
        #expect(throws: MappingError.self) { try board.update(from: #"{"sh":[{"n":"a","t":"s","s":4},{"n":"c","t":"q"},{"n":"b","r":"wide"}]}"#) }
        #expect(board.shapes[0] === first && board.shapes[1] === circle && board.shapes[2] === last)
        #expect(try board.jsonString() == before)

        let changes = try board.update(from: #"{"sh":[{"n":"a","t":"s","s":4},{"n":"b","r":2}]}"#)
        #expect((board.shapes[0] as? Square)?.side == 4 && board.shapes[0].name == "a")
        #expect(board.shapes[1] === circle && circle.radius == 2 && board.shapes[2] === last)
        // A replaced element is listed as its removal and the new element's insertion, in its place.
        #expect(changes.map(\.description) == [
            "radius at sh[1].r: 1 → 2", #"shapes at sh[0]: {"t":"","n":"a"} → null"#, #"shapes at sh[0]: null → {"t":"s","n":"a","s":4}"#,
        ])
        let receiver = try PartialShapeBoard.decode(from: before)
        try receiver.update(from: try changes.jsonData())
        #expect(try receiver.jsonString() == board.jsonString())
    }

    @Test("an update of a top-level object whose type key picks another class throws and changes nothing")
    func polymorphicUpdateAtTheRoot() throws {
        let circle = try #require(try Shape.decode(from: #"{"t":"c","n":"a","r":1}"#) as? Circle)
        let expected = "Expected Circle (the object being updated) at the top level but found an object that modelClass(for:) maps to Square; an update cannot change the class of the object it was called on."
        #expect(message { try circle.update(from: #"{"t":"s","n":"b","s":2}"#) } == expected)
        #expect(message { try circle.update(from: try #require(JSON(parsing: #"{"t":"s","n":"b"}"#).object)) } == expected)
        #expect(circle.name == "a" && circle.radius == 1)
        try circle.update(from: #"{"t":"c","r":5}"#)
        #expect(circle.radius == 5)
    }
}
