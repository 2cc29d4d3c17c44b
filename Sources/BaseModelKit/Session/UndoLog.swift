import BaseModelKitJSON
/// What an update in place needs to undo itself: the old value of every field it wrote in an object
/// that existed before it, and the objects it claimed (see the engine's `ModelAccess`), so that it can
/// give them back when it ends.
///
/// An undo log of the writes (`noteWrite`), not a copy of every object reached: an update of a price
/// logs one field. An object whose class runs its own code during a decode — an overridden
/// `deserialize(_:)` or `didDeserialize()`, which may set any of its fields — has all its fields
/// copied when the update reaches it (`record`), as before. Entries are undone in the reverse of their
/// order.
final class UndoLog: Sendable {
    private enum Entry {
        /// Copies of an object's fields; the copies start at `start` in `saved`.
        case copied(object: AnyObject, copiers: FieldCopiers, start: Int)
        /// A field's write, undone by writing its old value back.
        case write(undo: () -> Void)
        /// A write of a field whose type is trivial and at most a word long (`FieldBits`), undone by
        /// copying its old bytes back: no closure to allocate per write. (A closure per written
        /// price was three allocations of every message of the live feed.) The object is held
        /// unretained (a retain and a release per written price). Sound: as `State.claimed`: a write
        /// is logged only for an object that existed before the update, which the graph holds or,
        /// once the update took it out, the undo entry of that write; this entry goes with the
        /// others. `UndoLogTests` rolls such writes back, also under AddressSanitizer
        /// (`Scripts/sanitizers.sh address`).
        case bits(object: Unmanaged<AnyObject>, field: FieldBits, old: UInt64)
        /// The same for a field of two or three words (a `Decimal`, an optional `Double`), its old
        /// bytes at `at` in `State.wideBits`: an entry stays four words long. (With room for them in
        /// every entry, every entry was six, and each logged write of a `Double` cost more to append
        /// and to empty.)
        case wideBits(object: Unmanaged<AnyObject>, field: FieldBits, at: Int)
    }

    private struct State {
        var entries: [Entry] = []
        var saved: [Any] = []
        var wideBits: [FieldBits.Saved] = []
        /// The objects this update claimed, unretained (a retain and a release per object of every
        /// update). Sound: a claimed object existed before the update, so the caller's graph holds
        /// it; an update takes one out of the graph only by writing a field of another existing
        /// object, whose old value — holding the object — its undo entry keeps (or, for a class with
        /// decoding hooks, the copy of its fields in `saved`). `endClaims` gives the claims back
        /// before it lets go of the entries, and `rollBack` puts every object back in the graph
        /// before it lets go of them; so every claimed object is alive when it is given back.
        /// `UndoLogTests.claimedAndRemoved` claims an object and then removes it, in an update that
        /// succeeds and in one that fails, also under AddressSanitizer; the merge tests remove
        /// objects from dictionaries and arrays in both.
        var claimed: [Unmanaged<AnyObject>] = []
        /// Room made at the first entry and the first claim: an update of a few nested objects then
        /// grows neither array (growing them from empty was six allocations of a live update).
        static let initialCapacity = 8
        /// The most room a log keeps for the next update (`endClaims`).
        static let keptCapacity = 64
        /// The objects copied, once a look-up needed them.
        var copied: Set<ObjectIdentifier>?
        /// The object `noteWrite` last asked `isClaimed` about (or `claim` was told of), and whether
        /// its writes are logged: the writes of a member loop are to one object in a row. Kept by
        /// identity, not retained (a retain and a release per object): an object whose writes are
        /// logged is alive until the update ends (see `claimed`), so its identity cannot pass to
        /// another object meanwhile; one whose writes are not logged is new to the update, and so is
        /// any object that may later have its address.
        var lastWritten: ObjectIdentifier?
        var lastWrittenExisted = false

        /// How many objects' fields were copied.
        var copiedCount = 0

        /// Whether `object`'s fields were copied, making `copied` if it is not made yet.
        @inline(__always)
        mutating func hasCopied(_ object: AnyObject) -> Bool {
            copiedCount != 0 && isAmongCopied(object)
        }

        private mutating func isAmongCopied(_ object: AnyObject) -> Bool {
            if copied == nil {
                copied = Set(entries.compactMap { entry in
                    guard case .copied(let object, _, _) = entry else { return nil }
                    return ObjectIdentifier(object)
                })
            }
            return copied!.contains(ObjectIdentifier(object))
        }
    }

    private let state = Lock.make(State())

    /// Whether an object existed before this update: it is claimed by the update's `thread` (a
    /// function of the engine, which knows where a model keeps its claim; it captures nothing, so
    /// making a log allocates no context for it).
    private let isClaimed: @Sendable (AnyObject, Int) -> Bool
    /// The thread the update runs on: what it claims objects as.
    let thread: Int

    init(thread: Int, isClaimed: @escaping @Sendable (AnyObject, Int) -> Bool) {
        self.thread = thread
        self.isClaimed = isClaimed
    }

    /// Whether `object` existed before this update (the update has claimed it).
    func contains(_ object: AnyObject) -> Bool {
        isClaimed(object, thread)
    }

    /// Notes that this update holds `object`, which existed before it and whose fields the engine
    /// alone writes: `isNew` when the update has just claimed it (it must give it back at the end).
    /// The object's member loop runs next, so it is the one written to next (`noteWrite` need not ask
    /// whether it is claimed).
    func claim(_ object: AnyObject, isNew: Bool) {
        state.withLock { state in
            if isNew {
                if state.claimed.capacity == 0 { state.claimed.reserveCapacity(State.initialCapacity) }
                // Sound: unretained, as `State.claimed` says.
                state.claimed.append(Unmanaged.passUnretained(object))
            }
            state.lastWritten = ObjectIdentifier(object)
            state.lastWrittenExisted = !state.hasCopied(object)
        }
    }

    /// Copies the fields of `object` — whose class runs its own code during a decode — unless they
    /// were copied already in this update. `claimed` says that this update has just claimed the
    /// object: then it is new to this update, and must be given back at the end.
    func record(_ object: AnyObject, copiers: FieldCopiers, claimed: Bool) {
        state.withLock { state in
            if claimed {
                // Sound: unretained, as `State.claimed` says.
                state.claimed.append(Unmanaged.passUnretained(object))
            } else if state.hasCopied(object) {
                return
            }
            state.copied?.insert(ObjectIdentifier(object))
            state.copiedCount += 1
            state.entries.append(.copied(object: object, copiers: copiers, start: state.saved.count))
            for copier in copiers.all {
                state.saved.append(copier.save(from: object))
            }
        }
    }

    /// Logs the value `handle`'s field of `object` holds before the engine writes `object`'s field: a
    /// failed update writes it back. Nothing for an object this update created (it is not claimed):
    /// no one else holds it; nor for an object whose fields were copied. Out of line: inlined, its
    /// body made every member decode larger, and the decodes that log nothing slower.
    @inline(never)
    func noteWrite<Value>(of handle: FieldHandle<Value>, in object: AnyObject) {
        state.withLock { state in
            if state.lastWritten != ObjectIdentifier(object) {
                state.lastWritten = ObjectIdentifier(object)
                state.lastWrittenExisted = isClaimed(object, thread) && !state.hasCopied(object)
            }
            guard state.lastWrittenExisted else { return }
            if state.entries.capacity == 0 { state.entries.reserveCapacity(State.initialCapacity) }
            if let field = FieldBits(handle) {
                let old = field.saved(handle.read(from: object))
                // Sound: the object is held unretained as `Entry.bits` says.
                let unretained = Unmanaged.passUnretained(object)
                if field.size <= MemoryLayout<UInt64>.size {
                    state.entries.append(.bits(object: unretained, field: field, old: old.0))
                } else {
                    state.wideBits.append(old)
                    state.entries.append(.wideBits(object: unretained, field: field, at: state.wideBits.count - 1))
                }
            } else {
                let old = handle.read(from: object)
                state.entries.append(.write(undo: { handle.write(old, to: object) }))
            }
        }
    }

    /// Logs `undo`, which puts back what the engine is about to change in `object` in place (entries
    /// of a collection it merges), as `noteWrite` logs a field's old value: nothing for an object this
    /// update created or whose fields were copied.
    func noteUndo(in object: AnyObject, _ undo: @escaping () -> Void) {
        state.withLock { state in
            if state.lastWritten != ObjectIdentifier(object) {
                state.lastWritten = ObjectIdentifier(object)
                state.lastWrittenExisted = isClaimed(object, thread) && !state.hasCopied(object)
            }
            guard state.lastWrittenExisted else { return }
            state.entries.append(.write(undo: undo))
        }
    }

    /// Lets a merge change in place the collection in the field at `offset` of `object` when the
    /// object's fields were copied (`record`: its class runs its own code) and the copy holds that
    /// very collection (`buffer`, its storage's `BufferIdentity`): the copy lets go of it, so that the
    /// merge holds the collection's only other reference and changes it without a copy, and the
    /// place it held is returned, for `giveBack(toSlot:restore:)`, which the merge must call when it
    /// is done. `nil` otherwise: the merge logs its undo as for any object (`noteUndo`).
    func lend(fieldAt offset: Int, of object: AnyObject, buffer: UInt?) -> Int? {
        guard let buffer else { return nil }
        return state.withLock { state in
            guard state.hasCopied(object) else { return nil }
            for case .copied(let copied, let copiers, let start) in state.entries.reversed() where copied === object {
                guard let index = copiers.all.firstIndex(where: { $0.offset == offset }),
                      copiers.all[index].identity(of: state.saved[start + index]) == buffer else { return nil }
                state.saved[start + index] = LentField()
                return start + index
            }
            return nil
        }
    }

    /// Gives back to the copy the collection `lend` let a merge have: `restore` puts it back into
    /// the object as it was before the merge, where a rollback would have written the collection the
    /// copy held.
    func giveBack(toSlot slot: Int, restore: @escaping (AnyObject) -> Void) {
        state.withLock { $0.saved[slot] = LentField(restore: restore) }
    }

    /// Hands each object this update claimed to `giveBack`, once, and empties the log — keeping the
    /// room its lists made when `keepsRoom` (a log that another update may reuse: see
    /// `DecodingSession.recycle`), unless an update of many objects made much.
    func endClaims(keepsRoom: Bool, _ giveBack: (AnyObject) -> Void) {
        state.withLock { state in
            // The claims first, then the entries that may hold claimed objects (see `State.claimed`).
            guard keepsRoom, state.claimed.capacity <= State.keptCapacity, state.entries.capacity <= State.keptCapacity, state.saved.isEmpty else {
                for object in state.claimed {
                    // Sound: alive, as `State.claimed` says.
                    object._withUnsafeGuaranteedRef(giveBack)
                }
                state = State()
                return
            }
            // Emptied from the end, keeping their room: `removeAll(keepingCapacity:)` went through
            // the general `replaceSubrange`, unspecialised, for every list of every update.
            while let object = state.claimed.popLast() {
                // Sound: alive, as `State.claimed` says.
                object._withUnsafeGuaranteedRef(giveBack)
            }
            while state.entries.popLast() != nil {}
            while state.wideBits.popLast() != nil {}
            state.copied = nil
            state.copiedCount = 0
            state.lastWritten = nil
            state.lastWrittenExisted = false
        }
    }

    /// Whether the log holds nothing: no claim, no write, no copy.
    var isEmpty: Bool {
        state.withLock { $0.claimed.isEmpty && $0.entries.isEmpty && $0.saved.isEmpty && $0.copiedCount == 0 && $0.lastWritten == nil }
    }

    /// Undoes every logged write and puts back every copied object, the most recent first. The log
    /// keeps the claimed objects, for `endClaims`.
    func rollBack() {
        let (entries, saved, wideBits) = state.withLock { state in
            let taken = (state.entries, state.saved, state.wideBits)
            state.entries = []
            state.saved = []
            state.wideBits = []
            state.copied = nil
            state.copiedCount = 0
            state.lastWritten = nil
            return taken
        }
        for entry in entries.reversed() {
            switch entry {
            case .copied(let object, let copiers, let start):
                for (offset, copier) in copiers.all.enumerated() {
                    let value = saved[start + offset]
                    if let lent = value as? LentField {
                        lent.restore?(object)
                    } else {
                        copier.restore(value, to: object)
                    }
                }
            case .write(let undo):
                undo()
            case .bits(let object, let field, let old):
                // Sound: the object outlives its entry (see `Entry.bits`).
                object._withUnsafeGuaranteedRef { field.write((old, 0, 0), to: $0) }
            case .wideBits(let object, let field, let at):
                // Sound: as for `.bits`.
                object._withUnsafeGuaranteedRef { field.write(wideBits[at], to: $0) }
            }
        }
    }
}
