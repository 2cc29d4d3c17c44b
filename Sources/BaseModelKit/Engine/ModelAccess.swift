import BaseModelKitJSON
/// Racing updates detected, not corrupting: which call is updating or encoding a model right now,
/// kept in the model's `engineAccess` word and changed only with atomic operations.
///
/// The word holds 0 when no call is at the object; `thread + 1` (odd: thread identities are even)
/// while an update on that thread has claimed it; `2 × n` while `n` encodes are reading it. An update
/// claims every existing object it reaches before it copies or changes its fields, and gives them
/// back when it has succeeded or been rolled back; an encode counts itself in while it writes an
/// object. A call that finds the object claimed by another thread (or, for an update, being encoded)
/// throws `MappingError.Reason.concurrentUpdate`; an update that throws it rolls back what it changed.
/// Calls nested on the same thread (a hook that encodes or updates the object being updated) pass.
///
/// Covered: every model object an `update` reaches, against other updates and encodes of it. Not
/// covered: objects a decode creates (no one else can see them yet) and writes that code makes to
/// properties directly.
enum ModelAccess {
    /// Claims `model` for an update on `thread`: `true` when this call claimed it (and must `endUpdate`
    /// it), `false` when the same thread holds it already.
    static func beginUpdate(_ model: BaseModel, thread: Int) throws(MappingError) -> Bool {
        let word = accessWord(of: model)
        let mine = thread + 1
        if AtomicOperations.compareExchange(word, expected: 0, desired: mine) { return true }
        if AtomicOperations.load(word) == mine { return false }
        throw MappingError(.concurrentUpdate(String(describing: type(of: model))))
    }

    /// Whether an update on `thread` holds `model`.
    @inline(__always)
    static func isClaimed(_ model: BaseModel, thread: Int) -> Bool {
        AtomicOperations.load(accessWord(of: model)) == thread + 1
    }

    /// Gives back an object `beginUpdate` claimed.
    static func endUpdate(_ model: BaseModel) {
        AtomicOperations.store(0, to: accessWord(of: model))
    }

    /// Counts an encode on `thread` in while it reads `model`: `true` when counted (the caller must
    /// `endReading`), `false` when the object is being updated by this same thread.
    @inline(__always)
    static func beginReading(_ model: BaseModel, thread: Int) throws(MappingError) -> Bool {
        let word = accessWord(of: model)
        var seen = AtomicOperations.load(word)
        while true {
            if seen & 1 == 1 {
                if seen == thread + 1 { return false }
                throw MappingError(.concurrentUpdate(String(describing: type(of: model))))
            }
            if AtomicOperations.compareExchange(word, expected: seen, desired: seen + 2) { return true }
            seen = AtomicOperations.load(word)
        }
    }

    @inline(__always)
    static func endReading(_ model: BaseModel) {
        _ = AtomicOperations.add(-2, to: accessWord(of: model))
    }

    /// The address of `model`'s `engineAccess`.
    ///
    /// Sound: the caller holds `model`, so the object and its field live through the atomic
    /// operation; `engineAccessOffset` is the offset of `engineAccess` (checked against the runtime's
    /// metadata before any plan exists), an `Int` field, so the memory there is bound to `Int`. After
    /// `init()` stored 0 into it, Swift code never reads or writes the field: only the atomic
    /// operations here touch it. `ModelAccessTests` checks the place and races the operations.
    @inline(__always)
    private static func accessWord(of model: BaseModel) -> UnsafeMutablePointer<Int> {
        (UnsafeMutableRawPointer(Unmanaged.passUnretained(model).toOpaque()) + BaseModel.engineAccessOffset)
            .assumingMemoryBound(to: Int.self)
    }
}
