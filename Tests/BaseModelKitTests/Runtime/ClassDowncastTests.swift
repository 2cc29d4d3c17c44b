// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Foundation
import Testing

/// Live instances of `UpcastCounted`: a reference lent by `ClassDowncast.withReference` must leave the
/// object's lifetime to its owner, and a copy kept from it must be retained like any other.
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
        do {
            // A copy kept from the lent reference keeps the object alive after the call, and
            // releases it when it goes.
            var kept = lendAndKeep(UpcastCounted())
            #expect(kept.count == 1 && kept[0] is UpcastCounted)
            #expect(liveUpcastCounted.withLock { $0 } == 1)
            kept.removeAll()
            #expect(liveUpcastCounted.withLock { $0 } == 0)
        }
    }

    /// A reference kept from inside the lending closure is an ordinary strong copy.
    private func lendAndKeep<Declared>(_ value: Declared) -> [BaseModel] {
        var kept: [BaseModel] = []
        ClassDowncast.withReference(to: value, as: BaseModel.self) { kept.append($0) }
        return kept
    }
}
