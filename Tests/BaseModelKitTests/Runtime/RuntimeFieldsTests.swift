// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Foundation
import Testing

/// Live instances of `Tracked`, to prove that stores neither leak nor free twice.
private let liveTracked = Lock.make(0)

private final class Tracked: CustomStringConvertible {
    let value: Int
    init(_ value: Int) {
        self.value = value
        liveTracked.withLock { $0 += 1 }
    }
    deinit { liveTracked.withLock { $0 -= 1 } }
    var description: String { "Tracked(\(value))" }
}

private class Holder {
    var text: String = ""
    var list: [Tracked] = []
    var child: Tracked?
    var existential: any CustomStringConvertible = 0
    var anything: Any = 0
    var number: Int = 0
    let constant: Int = 1
    weak var weakChild: Tracked?
}

private final class SubHolder: Holder {
    var extra: String = "x"
}

@Suite("Reflection", .serialized)
struct RuntimeFieldsTests {
    @Test("the self-test passes in this build")
    func selfTest() {
        #expect(ReflectionSelfTest.passes)
    }

    @Test("fields of the subclass and its superclass are listed, superclass first, with their owners")
    func inheritedFields() {
        let fields = RuntimeFields.storedFields(of: SubHolder.self)
        #expect(fields.map(\.name) == ["text", "list", "child", "existential", "anything", "number", "constant", "weakChild", "extra"])
        #expect(fields.first { $0.name == "extra" }?.declaringClass == SubHolder.self)
        #expect(fields.first { $0.name == "text" }?.declaringClass == Holder.self)
        #expect(fields.first { $0.name == "constant" }?.isVar == false)
        #expect(fields.first { $0.name == "weakChild" }?.isStrong == false)
        #expect(fields.first { $0.name == "number" }?.type == Int.self)
    }

    @Test("handles exist only for strong vars of the exact type")
    func handleChecks() {
        let fields = RuntimeFields.storedFields(of: Holder.self)
        let byName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })
        #expect(FieldHandle<Int>(field: byName["number"]!) != nil)
        #expect(FieldHandle<Int32>(field: byName["number"]!) == nil)
        #expect(FieldHandle<Int>(field: byName["constant"]!) == nil)
        #expect(FieldHandle<Tracked?>(field: byName["weakChild"]!) == nil)
    }

    @Test("writing and overwriting every kind of field thousands of times leaks nothing and frees nothing twice")
    func noLeaks() {
        let fields = RuntimeFields.storedFields(of: SubHolder.self)
        let byName = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0) })
        let text = FieldHandle<String>(field: byName["text"]!)!
        let list = FieldHandle<[Tracked]>(field: byName["list"]!)!
        let child = FieldHandle<Tracked?>(field: byName["child"]!)!
        let existential = FieldHandle<any CustomStringConvertible>(field: byName["existential"]!)!
        let anything = FieldHandle<Any>(field: byName["anything"]!)!
        let extra = FieldHandle<String>(field: byName["extra"]!)!
        let baseline = liveTracked.withLock { $0 }
        do {
            var holders = (0..<20).map { _ in SubHolder() }
            for round in 0..<5_000 {
                let holder = holders[round % holders.count]
                text.write("a string long enough to live on the heap \(round)", to: holder)
                list.write([Tracked(round), Tracked(round + 1)], to: holder)
                child.write(round % 3 == 0 ? nil : Tracked(round), to: holder)
                existential.write(Tracked(round), to: holder)
                anything.write(round % 2 == 0 ? Tracked(round) as Any : "text \(round)" as Any, to: holder)
                extra.write("extra \(round)", to: holder)
                #expect(list.read(from: holder).map(\.value) == [round, round + 1])
                #expect(holder.text.hasSuffix("\(round)") && holder.extra == "extra \(round)")
            }
            #expect(liveTracked.withLock { $0 } > baseline)
            holders.removeAll()
        }
        #expect(liveTracked.withLock { $0 } == baseline)
    }

    @Test("field copiers restore every field and release what they held")
    func fieldCopies() {
        let baseline = liveTracked.withLock { $0 }
        do {
            let holder = Holder()
            holder.text = "before"
            holder.list = [Tracked(1)]
            let copiers = FieldCopiers(RuntimeFields.storedFields(of: Holder.self))
            let saved = copiers.all.map { $0.save(from: holder) }
            holder.text = "after"
            holder.list = [Tracked(2), Tracked(3)]
            holder.child = Tracked(4)
            holder.number = 9
            for (copier, value) in zip(copiers.all, saved) { copier.restore(value, to: holder) }
            #expect(holder.text == "before" && holder.list.map(\.value) == [1] && holder.child == nil && holder.number == 0)
        }
        #expect(liveTracked.withLock { $0 } == baseline)
    }
}
