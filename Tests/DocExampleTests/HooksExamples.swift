import BaseModelKit
import Testing

// The examples of Docs/Hooks.md, line for line (Scripts/Checks/examples.py checks it).
@Suite("Docs: Hooks")
struct HooksExamples {
    struct Birthday {
        struct Invalid: Error {}
        let text: String
        init(_ text: String) throws {
            guard text.count == 10 else { throw Invalid() }
            self.text = text
        }
    }

    final class Person: BaseModel {
        var name = ""
        var birthday = try! Birthday("2000-01-01")
        override class var apiToLocal: [String: String] { ["n": "name"] }

        override func deserialize(_ object: JSONObject) throws {
            try super.deserialize(object)               // the mapped keys
            if let text = object["bd"]?.string {        // a key left out of apiToLocal on purpose
                birthday = try Birthday(text)
            }
        }

        override func serialize() throws -> JSONObject {
            var object = try super.serialize()
            object["bd"] = .string(birthday.text)
            return object
        }
    }

    @Test("a key outside the map, read and written by the hooks")
    func hooks() throws {
        let person = try Person.decode(from: #"{"n":"Ann","bd":"1990-05-17"}"#)
        #expect(person.birthday.text == "1990-05-17")
        #expect(try person.jsonString() == #"{"n":"Ann","bd":"1990-05-17"}"#)
        // An error the hook throws reaches the caller at the object's path, itself underneath.
        let error = try #require(throws: MappingError.self) { _ = try Person.decode(from: #"{"bd":"soon"}"#) }
        #expect(error.underlyingError is Birthday.Invalid)
        #expect(error.description == "The object at the top level (Person) was refused by its deserialize(_:) override: Invalid()")
    }
}
