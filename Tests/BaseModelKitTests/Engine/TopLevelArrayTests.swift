import BaseModelKit
import Testing

private final class ArrayCircle: BaseModel {
    var name = ""
    var radius = 0.0
    override class var apiToLocal: [String: String] { ["n": "name", "r": "radius"] }
}

private final class ArrayLabel: BaseModel {
    var text = ""
    override class var apiToLocal: [String: String] { ["t": "text"] }
}

/// Adds a key after `super.serialize()`, so that the array holds a class with an override too.
private final class ArrayTagged: BaseModel {
    var text = ""
    override class var apiToLocal: [String: String] { ["t": "text"] }
    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        object["tag"] = true
        return object
    }
}

@Suite("Arrays of models written at the top level")
struct TopLevelArrayTests {
    @Test("models of several classes, alternating or in runs, are each written by their own class's map")
    func mixedClasses() throws {
        let circle = ArrayCircle()
        circle.name = "c"
        circle.radius = 2
        let label = ArrayLabel()
        label.text = "l"
        let tagged = ArrayTagged()
        tagged.text = "g"
        let models: [BaseModel] = [circle, label, label, circle, tagged, circle, tagged, tagged, label]
        let expected = try "[" + models.map { try $0.jsonString() }.joined(separator: ",") + "]"
        #expect(try models.jsonString() == expected)
        #expect(expected.contains(#"{"n":"c","r":2}"#) && expected.contains(#"{"t":"g","tag":true}"#))
    }

    @Test("an array typed by one model class is written as its models, and stays the caller's to change")
    func arrayOfOneClass() throws {
        var circles = (0..<3).map { index in
            let circle = ArrayCircle()
            circle.name = "c\(index)"
            circle.radius = Double(index)
            return circle
        }
        let copy = circles
        #expect(try circles.jsonString() == #"[{"n":"c0","r":0},{"n":"c1","r":1},{"n":"c2","r":2}]"#)
        circles.append(ArrayCircle())
        circles[0].name = "first"
        #expect(try circles.jsonString() == #"[{"n":"first","r":0},{"n":"c1","r":1},{"n":"c2","r":2},{"n":"","r":0}]"#)
        #expect(copy.count == 3 && copy[0] === circles[0])
        #expect(try ArrayCircle.decodeArray(from: try circles.jsonData()).map(\.name) == ["first", "c1", "c2", ""])
    }
}
