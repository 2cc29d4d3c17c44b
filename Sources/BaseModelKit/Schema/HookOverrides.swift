import BaseModelKitJSON
/// Which of `BaseModel`'s hooks a class overrides, read from its class metadata, so that the engine can
/// stream a model that keeps the default `deserialize`/`serialize`/`modelClass(for:)` straight from and
/// to bytes, without the deferred-object hand-over that an override needs, per nested model, and skip
/// handing an update's changes to models that keep the default `didUpdate(_:)`.
///
/// How it is told. An `open` method of a Swift class is called through a table of implementation
/// pointers (the vtable) inside the class metadata. A subclass's metadata begins with its superclass's
/// layout, so a method of `BaseModel` has the same slot in every subclass, and the slot holds the
/// subclass's own implementation if it (or a class between it and `BaseModel`) overrides the method,
/// otherwise the inherited pointer. Which slot belongs to which hook is not written down anywhere we
/// can read, so it is measured: the metadata words of `BaseModel` are compared with those of a class
/// that overrides nothing and with those of a class that overrides exactly one hook. Words that differ
/// in both (the superclass, the descriptor, the re-emitted `required init()`) are not the hook's; the
/// hook's slot is the one word that differs only for the overriding class. If that does not single out
/// exactly one word, the hook counts as overridden for every class, which is always correct (the
/// deferred path handles overrides and defaults alike).
///
/// Why it is sound. Only memory inside class metadata is read, and only within `BaseModel`'s metadata
/// size, which every subclass's metadata extends; the size comes from the `ClassSize` and
/// `ClassAddressPoint` fields of the metadata header, whose offsets are fixed by the Swift ABI, and is
/// checked for sense before use. Nothing is written. Metadata handed out as a metatype is complete,
/// with its vtable filled. The answer is only a shortcut: a wrong "overridden" costs speed, and a wrong
/// "not overridden" cannot arise from a slot whose word differs for the probe that overrides it. The
/// probes and real subclasses (direct, indirect, generic, from the test module) are checked in
/// `HookOverrideTests`.
struct HookOverrides: OptionSet, Sendable {
    let rawValue: UInt8

    static let deserialize = HookOverrides(rawValue: 1 << 0)
    static let serialize = HookOverrides(rawValue: 1 << 1)
    static let modelClass = HookOverrides(rawValue: 1 << 2)
    static let didUpdate = HookOverrides(rawValue: 1 << 3)
    static let didDeserialize = HookOverrides(rawValue: 1 << 4)
    static let all: HookOverrides = [.deserialize, .serialize, .modelClass, .didUpdate, .didDeserialize]
    /// The hooks that run the class's own code during a decode.
    static let decoding: HookOverrides = [.deserialize, .modelClass, .didDeserialize]

    /// The hooks that `type` overrides (all of them when the slots could not be measured).
    static func of(_ type: BaseModel.Type) -> HookOverrides {
        guard let slots = measuredSlots else { return .all }
        let metadata = MetadataWords(type)
        var found: HookOverrides = []
        for (hook, slot) in slots.slots {
            guard let slot else {
                found.insert(hook)
                continue
            }
            if metadata.word(slot) != slots.baseWords[slot] { found.insert(hook) }
        }
        return found
    }

    /// The slot of each hook, found once.
    private static let measuredSlots: MeasuredSlots? = MeasuredSlots()
}

/// The metadata word of each hook's slot in `BaseModel`, and where the slots are.
private struct MeasuredSlots: Sendable {
    let baseWords: [UInt]
    let slots: [(HookOverrides, Int?)]

    init?() {
        guard let baseCount = MetadataWords.wordCount(of: BaseModel.self),
              let plainCount = MetadataWords.wordCount(of: PlainProbe.self), plainCount >= baseCount
        else { return nil }
        let base = MetadataWords(BaseModel.self)
        let baseWords = (0..<baseCount).map { base.word($0) }
        let plain = MetadataWords(PlainProbe.self)
        let unrelated = Set((0..<baseCount).filter { plain.word($0) != baseWords[$0] })
        func slot(overriddenIn probe: BaseModel.Type) -> Int? {
            guard let count = MetadataWords.wordCount(of: probe), count >= baseCount else { return nil }
            let words = MetadataWords(probe)
            let differing = (0..<baseCount).filter { words.word($0) != baseWords[$0] && !unrelated.contains($0) }
            return differing.count == 1 ? differing[0] : nil
        }
        let slots: [(HookOverrides, Int?)] = [
            (.deserialize, slot(overriddenIn: DeserializeProbe.self)),
            (.serialize, slot(overriddenIn: SerializeProbe.self)),
            (.modelClass, slot(overriddenIn: ModelClassProbe.self)),
            (.didUpdate, slot(overriddenIn: DidUpdateProbe.self)),
            (.didDeserialize, slot(overriddenIn: DidDeserializeProbe.self)),
        ]
        // Each hook in a slot of its own, or nothing is trusted.
        let found = slots.compactMap(\.1)
        guard Set(found).count == found.count else { return nil }
        self.baseWords = baseWords
        self.slots = slots
    }
}

// The probes: classes that override nothing, and exactly one hook each. They are never decoded.

private final class PlainProbe: BaseModel {}

private final class DeserializeProbe: BaseModel {
    override func deserialize(_ object: JSONObject) throws { try super.deserialize(object) }
}

private final class SerializeProbe: BaseModel {
    override func serialize() throws -> JSONObject { try super.serialize() }
}

private final class ModelClassProbe: BaseModel {
    override class func modelClass(for object: JSONObject) -> BaseModel.Type? { super.modelClass(for: object) }
}

private final class DidUpdateProbe: BaseModel {
    override func didUpdate(_ changes: ChangeSet) { super.didUpdate(changes) }
}

private final class DidDeserializeProbe: BaseModel {
    override func didDeserialize() throws { try super.didDeserialize() }
}
