import BaseModelKitJSON
/// What one encoding call carries down to every value: its options and how deep in nested models
/// the encoding is.
final class EncodingSession: Sendable {
    let options: EncodingOptions
    /// How many models deep the call is. A plain count, not an atomic one (atomic operations per
    /// model written are no small part of an encode): a session is used only on the thread
    /// that made it (`thread`). An encoding call runs on one thread; identity reads of values that
    /// may hold models make a session each (`IdentityWriting`); a hook that finds the current
    /// session on another thread (a task it started inherits the task-local) gets a session of its
    /// own (`CurrentSession`).
    nonisolated(unsafe) private var nesting = 0
    /// The thread the call runs on: an object it reads may be one this thread is updating.
    let thread = ThreadIdentity.current
    /// The stack limit of the thread the call runs on, found once (see `StackGuard.Limit`).
    let stackLimit = StackGuard.currentLimit()

    /// While the engine runs the overridden `serialize()` of a model it writes: the address, in the
    /// engine's frame, of what it lends that model's default `serialize()` to write the members in
    /// place (`HookHandOver.InPlace`); `nil` otherwise. Sound to keep unsynchronised and to read as
    /// that type: used on the session's thread only, set only by `HookHandOver.runInPlace` for the
    /// length of its call.
    nonisolated(unsafe) var serializingInPlace: UnsafeMutableRawPointer?
    /// An object over bytes written in place that its hook handed back and nothing else holds, kept
    /// to be made again for the next (`HookHandOver`): an allocation and a free fewer per hooked
    /// object. Sound to keep unsynchronised: used on the session's thread only.
    nonisolated(unsafe) var spareWrittenObject: DeferredObject?
    /// The emptied buffer of the keys a hook added to the last such object, kept for the next
    /// (`JSONObject.init(deferred:room:)`): an allocation and a free fewer per hooked object. Sound
    /// to keep unsynchronised, as `spareWrittenObject` is.
    nonisolated(unsafe) var spareAdditions: [JSONObject.Member]?
    /// The coder of `options.dateStrategy`, made once: made per value, it copied the strategy.
    let dateCoder: TransformedDateCoder

    init(options: EncodingOptions) {
        self.dateCoder = options.dateStrategy.dateCoder()
        self.options = options
    }

    /// `spareAdditions`, taken: the next object written in place gets it.
    func takeSpareAdditions() -> [JSONObject.Member] {
        spareAdditions.take() ?? []
    }

    /// Counts one more level of nested models, refusing to go deeper than `maxDepth` or than the
    /// thread's stack allows.
    func enterModel() throws {
        nesting += 1
        let depth = nesting
        do {
            guard depth <= options.maxDepth else { throw MappingError(.tooDeep(limit: options.maxDepth)) }
            try MappingError.checkStackRoom(stackLimit)
        } catch {
            nesting -= 1
            throw error
        }
    }

    func leaveModel() {
        nesting -= 1
    }
}
