// @testable: whether the engine's parser was lent is the `HookObject`'s internal state.
@testable import BaseModelKit
import Foundation
import Testing

/// Calls `super` on another thread while this one waits, and notes how the object's bytes were used
/// by then.
private final class SuperElsewhere: BaseModel, @unchecked Sendable {
    var name = ""
    var useAfterSuper: DeferredObject.Use?
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func deserialize(_ object: JSONObject) throws {
        let model = self
        nonisolated(unsafe) var failure: (any Error)?
        let done = DispatchSemaphore(value: 0)
        Thread {
            do { try model.superDeserialize(object) } catch { failure = error }
            done.signal()
        }.start()
        done.wait()
        if let failure { throw failure }
        useAfterSuper = object.deferred?.use
    }
    func superDeserialize(_ object: JSONObject) throws { try super.deserialize(object) }
}

private final class SuperElsewhereList: BaseModel {
    var items: [SuperElsewhere] = []
    override class var apiToLocal: [String: String] { ["i": "items"] }
}

@Suite("Hooks and the engine's thread")
struct HookThreadTests {
    @Test("super on another thread reads the object's own bytes: the engine's parser, which checks its own thread's stack, is not lent")
    func notLentToAnotherThread() throws {
        let list = try SuperElsewhereList.decode(from: #"{"i":[{"n":"a","x":[1,{"y":2}]},{"n":"b"}]}"#)
        #expect(list.items.map(\.name) == ["a", "b"])
        #expect(list.items.map(\.useAfterSuper) == [.untouched, .untouched])
    }
}
