import BaseModelKit
import Testing

class Person: BaseModel {
    var name: String = ""
    var email: String?
    override class var apiToLocal: [String: String] { ["n": "name", "e": "email"] }
}

class Employee: Person {
    var salary: Int = 0
    override class var apiToLocal: [String: String] { ["s": "salary"] }
}

final class Manager: Employee {
    var reports: [Employee] = []
    var deputy: Employee?
    // Re-keys a property of a superclass: the subclass's key wins.
    override class var apiToLocal: [String: String] { ["r": "reports", "mail": "email", "dep": "deputy"] }
    override class var constructors: [String: () -> Any] { ["reports.": { Manager() }, "deputy": { Manager() }] }
}

@Suite("Inheritance and constructors")
struct InheritanceTests {
    @Test("a subclass maps its superclasses' keys as well as its own")
    func unionOfMaps() throws {
        let employee = try Employee.decode(from: #"{"n":"Ann","e":"a@x","s":10}"#)
        #expect(employee.name == "Ann" && employee.email == "a@x" && employee.salary == 10)
        #expect(try employee.jsonString() == #"{"n":"Ann","e":"a@x","s":10}"#)
    }

    @Test("a subclass that maps a superclass's property under another key replaces that key")
    func subclassWins() throws {
        let manager = try Manager.decode(from: #"{"n":"Bo","mail":"b@x","e":"ignored"}"#)
        #expect(manager.email == "b@x")
        #expect(Manager.localToApi["email"] == "mail")
        #expect(try manager.jsonString() == #"{"n":"Bo","mail":"b@x","s":0,"r":[]}"#)
    }

    @Test("constructors choose the class built for elements and for a model property")
    func constructorsPickClasses() throws {
        let manager = try Manager.decode(from: #"{"n":"Bo","r":[{"n":"Cy","r":[{"n":"Di"}]}],"dep":{"n":"Ed"}}"#)
        let report = try #require(manager.reports.first as? Manager)
        #expect(report.reports.first?.name == "Di")
        #expect(manager.deputy is Manager)
        #expect(try Manager.decode(from: try manager.jsonData()).jsonString() == manager.jsonString())
    }
}
