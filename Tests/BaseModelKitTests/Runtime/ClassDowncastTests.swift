// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Foundation
import Testing

/// Live instances of `UpcastCounted`: a reference read through `ClassDowncast.model` must be retained
/// and released like any other.
private let liveUpcastCounted = Lock.make(0)

private final class UpcastCounted: BaseModel {
    required init() {
        super.init()
        liveUpcastCounted.withLock { $0 += 1 }
    }
    deinit { liveUpcastCounted.withLock { $0 -= 1 } }
}

@Suite("Class downcast")
struct ClassDowncastTests {
    @Test("a reference to a class or a subclass converts to the declared class unchanged")
    func downcast() {
        let person: AnyObject = Person()
        let manager: AnyObject = Manager()
        #expect(ClassDowncast.reference(person, as: Person.self) === person)
        let asEmployee = ClassDowncast.reference(manager, as: Employee.self)
        #expect(asEmployee === manager)
        asEmployee.salary = 5
        #expect((manager as? Manager)?.salary == 5)
    }

    @Test("a value of a generic model type reads as the same BaseModel reference, and keeps it alive")
    func upcast() {
        func viewed<Declared>(_ value: Declared) -> BaseModel { ClassDowncast.reference(of: value, as: BaseModel.self) }
        do {
            let manager = Manager()
            manager.salary = 7
            let model = viewed(manager)
            #expect(model === manager)
            #expect((model as? Manager)?.salary == 7)
            let person = Person()
            #expect(viewed(person) === person)
            var viewedCounted: BaseModel? = viewed(UpcastCounted())
            #expect(viewedCounted is UpcastCounted)
            #expect(liveUpcastCounted.withLock { $0 } == 1)
            viewedCounted = nil
            _ = viewedCounted
        }
        #expect(liveUpcastCounted.withLock { $0 } == 0)
    }
}
