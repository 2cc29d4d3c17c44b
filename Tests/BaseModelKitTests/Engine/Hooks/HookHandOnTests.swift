// @testable: whether the engine's parser was lent is the hook's `DeferredObject`'s internal state.
@testable import BaseModelKit
import Foundation
import Testing

/// Hands its object to another thread, which calls `super` with it while this one waits, notes how
/// the object's bytes were used by then, and keeps the object to read again after the hook has
/// returned.
private final class HandingOver: BaseModel, @unchecked Sendable {
    var name = ""
    var kept: JSONObject?
    var useAfterSuper: DeferredObject.Use?
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override func deserialize(_ object: JSONObject) throws {
        let model = self
        let handed = object
        nonisolated(unsafe) var failure: (any Error)?
        let done = DispatchSemaphore(value: 0)
        Thread {
            do { try model.superDeserialize(handed) } catch { failure = error }
            done.signal()
        }.start()
        done.wait()
        if let failure { throw failure }
        useAfterSuper = object.deferred?.use
        kept = object
    }
    func superDeserialize(_ object: JSONObject) throws { try super.deserialize(object) }
}

private final class HandingOverList: BaseModel {
    var items: [HandingOver] = []
    override class var apiToLocal: [String: String] { ["i": "items"] }
}

/// Keeps every object its `modelClass(for:)` is given (as a hook that hands it to another thread
/// may), and reads a key after `super` in `deserialize`.
private final class KeepingPicker: BaseModel, @unchecked Sendable {
    nonisolated(unsafe) static var picked: [JSONObject] = []
    var name = ""
    var extra = 0.0
    var deserialized: DeferredObject?
    /// The model whose `deserialize(_:)` ran last, unless it is gone, and the names it read.
    nonisolated(unsafe) static weak var last: KeepingPicker?
    nonisolated(unsafe) static var names: [String] = []
    override class var apiToLocal: [String: String] { ["n": "name"] }
    override class func modelClass(for object: JSONObject) -> BaseModel.Type? {
        picked.append(object)
        return nil
    }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        extra = object["x"]?.number?.double ?? -1
        deserialized = object.deferred
        KeepingPicker.last = self
        KeepingPicker.names.append(name)
    }
}

private final class KeepingPickerList: BaseModel {
    var items: [KeepingPicker] = []
    var total = 0
    override class var apiToLocal: [String: String] { ["i": "items", "t": "total"] }
}

/// One at a time: the tests share `KeepingPicker`'s static lists of what its hooks saw.
@Suite("Hooks that hand their object on", .serialized)
struct HookHandOnTests {
    @Test("super called on another thread, or after the hook returned, reads the object's own bytes; the engine's parser, which checks its own thread's stack, is not lent")
    func handedOn() throws {
        let list = try HandingOverList.decode(from: #"{"i":[{"n":"a","x":[1,{"y":2}]},{"n":"b"},{"n":"c"}]}"#)
        #expect(list.items.map(\.name) == ["a", "b", "c"])
        // Read by a parser of the other thread: the engine's stayed where it stood, and skipped the
        // object after the hook.
        #expect(list.items.map(\.useAfterSuper) == [.untouched, .untouched, .untouched])
        // Long after the decode: the kept object is read from its bytes.
        let later = HandingOver()
        try later.superDeserialize(try #require(list.items[0].kept))
        #expect(later.name == "a")
        #expect(message { _ = try HandingOverList.decode(from: #"{"i":[{"n":[1]}]}"#) } == "Expected String at i[0].n (HandingOver.name) but found an array.")
    }

    @Test("the object modelClass(for:) saw and kept is not the one deserialize(_:) gets, in which the engine parks its parser; both read the same members")
    func pickerKeepsItsObject() throws {
        KeepingPicker.picked = []
        let list = try KeepingPickerList.decode(from: #"{"i":[{"n":"a","x":1.5},{"n":"b","x":2}]}"#)
        #expect(list.items.map(\.name) == ["a", "b"])
        #expect(list.items.map(\.extra) == [1.5, 2])
        let picked = KeepingPicker.picked
        KeepingPicker.picked = []
        #expect(picked.map { $0["n"]?.string } == ["a", "b"])
        #expect(picked.map { $0["x"]?.number?.double } == [1.5, 2])
        for (object, item) in zip(picked, list.items) {
            #expect(object.deferred !== item.deserialized)
        }
        // In an update too, where the object merged into stays.
        try list.update(from: #"{"i":[{"n":"c","x":3}]}"#)
        #expect(list.items.map(\.extra) == [3])
        #expect(KeepingPicker.picked.map { $0["n"]?.string } == ["c"])
        #expect(KeepingPicker.picked.first?.deferred !== list.items.first?.deserialized)
        KeepingPicker.picked = []
    }

    @Test("a hook that keeps its object keeps no model alive after an update, whether it succeeded or failed")
    func keptObjectsLetTheGraphGo() throws {
        weak var updated: KeepingPicker?
        do {
            let list = try KeepingPickerList.decode(from: #"{"i":[{"n":"a"}]}"#)
            // The changes name the models; the session that recorded them is held by the object the
            // hook kept, which the model holds.
            _ = try list.update(from: #"{"i":[{"n":"b","x":1},{"n":"c"}]}"#)
            updated = list.items[1]
            // A new element whose change was recorded before a later member failed: dropped by the
            // rollback, and named by the failed update's changes.
            KeepingPicker.names = []
            #expect(throws: MappingError.self) { try list.update(from: #"{"i":[{"n":"b"},{"n":"c"},{"n":"d","x":2}],"t":"many"}"#) }
            #expect(list.items.map(\.name) == ["b", "c"])
            #expect(KeepingPicker.names == ["b", "c", "d"])
        }
        KeepingPicker.picked = []
        #expect(updated == nil)
        #expect(KeepingPicker.last == nil)
    }
}
