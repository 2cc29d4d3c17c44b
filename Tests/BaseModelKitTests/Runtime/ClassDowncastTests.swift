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

@Suite("Class downcast", .serialized)
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

    // Serialized: this test and the one above count live `UpcastCounted` instances in one global.
    @Test("a value of a generic model type lent as BaseModel is the same object, alive while lent and freed once after")
    func lent() {
        func lend<Declared>(_ value: Declared, _ body: (BaseModel) -> Void) {
            ClassDowncast.withReference(to: value, as: BaseModel.self, body)
        }
        let manager = Manager()
        manager.salary = 3
        lend(manager) { model in
            #expect(model === manager)
            (model as? Manager)?.salary = 9
        }
        #expect(manager.salary == 9)
        do {
            // The only strong reference is the argument; the object lives through the call and is
            // freed after it exactly once.
            lend(UpcastCounted()) { model in
                #expect(model is UpcastCounted)
                #expect(liveUpcastCounted.withLock { $0 } == 1)
            }
        }
        #expect(liveUpcastCounted.withLock { $0 } == 0)
        let lentAgain = lendAndKeep(Person())
        #expect(lentAgain.count == 1)
    }

    /// A reference kept from inside the lending closure is an ordinary strong copy.
    private func lendAndKeep<Declared>(_ value: Declared) -> [BaseModel] {
        var kept: [BaseModel] = []
        ClassDowncast.withReference(to: value, as: BaseModel.self) { kept.append($0) }
        return kept
    }
}
