/// The object an overridden `deserialize(_:)` or `modelClass(for:)` receives while the engine reads a
/// document: a `DeferredObject` (its members are read from the bytes only if the hook asks for them)
/// that also carries the decoding session and, while the hook runs, the address of the engine's
/// parser. See `HookHandOver` for how the two sides use it.
///
/// `@unchecked Sendable` because its superclass cannot be checked (see `DeferredObject`); what this
/// class adds is a `let` of a `Sendable` type and the parked state, reached only under the
/// superclass's lock (`withStateLocked`) or by the one call the parser is lent to.
final class HookObject: DeferredObject, @unchecked Sendable {
    /// The decoding call under way, so that the default `deserialize` finds its options without a
    /// task-local lookup.
    let session: DecodingSession

    /// Where the engine's parser is, standing at this object, with the plan of the object's class,
    /// while the overridden `deserialize` runs: the parser stays in the engine's frame and only its
    /// address is parked here, so nothing of it is copied or retained on the way. Reached only under
    /// the lock, or by the one call it is lent to (`streamMembers`), so, like the superclass's state,
    /// without Swift's dynamic exclusivity check. Sound: the address is parked only within the call
    /// it was passed to (`HookHandOver.runParked`), and taken back before that call returns, thrown
    /// or not (`takeBack`); a call lent the parser uses it only between the two.
    @exclusivity(unchecked)
    private var parked = Parked()

    private struct Parked {
        var parser: UnsafeMutablePointer<JSONParser>?
        /// Unretained (a retain and a release per hooked object). Sound: plans live as long as the
        /// process (`PlanRegistry`).
        var plan: Unmanaged<ModelPlan>?
        /// The engine's thread: the parser is lent on it alone, since it checks the room left on
        /// that thread's stack (`JSONParser.stackAllowsDeeper`), and cannot tell on another.
        var thread = 0
        /// Whether the parser is here to lend: parked, and not lent to a call right now.
        var isParked = false
    }

    init(at parser: inout JSONParser, session: DecodingSession) {
        self.session = session
        super.init(at: &parser)
    }

    /// Parks the address of the engine's parser here while the hook runs. Sound: see `parked`.
    func park(_ parser: UnsafeMutablePointer<JSONParser>, plan: ModelPlan) {
        withStateLocked { _ in
            // Sound: unretained, as `Parked.plan` says.
            parked = Parked(parser: parser, plan: Unmanaged.passUnretained(plan), thread: ThreadIdentity.current, isParked: true)
        }
    }

    /// Under the lock: the engine's parser, lent to the calling call when it is parked here and
    /// `thread` is the engine's; nobody else reaches it until the call parks it again
    /// (`parked.isParked = true`). `nil` otherwise.
    private func lendParser(to thread: Int) -> UnsafeMutablePointer<JSONParser>? {
        guard parked.isParked, parked.thread == thread, let parser = parked.parser else { return nil }
        parked.isParked = false
        return parser
    }

    /// For the default implementation: when nobody has read the object and the engine's parser is
    /// parked here, and this is the engine's thread, reads the members into `model` with it where it
    /// is parked, for `modelType`'s plan, and records that the object was streamed up to the
    /// parser's position; `false`, reading nothing, otherwise (the object is then read from its own
    /// bytes, by a parser of the calling thread).
    func streamMembers(into model: BaseModel, modelType: BaseModel.Type) throws -> Bool {
        let thread = ThreadIdentity.current
        let lent = withStateLocked { state -> (parser: UnsafeMutablePointer<JSONParser>, plan: Unmanaged<ModelPlan>)? in
            guard state.use == .untouched, let plan = parked.plan, let parser = lendParser(to: thread) else { return nil }
            return (parser, plan)
        }
        guard let (parser, parkedPlan) = lent else { return false }
        // The members the loop passes over are noted, for a hook that reads one of them after
        // `super` (see `passedOver`); an enclosing hooked object's notes wait meanwhile.
        // Sound, the accesses through `parser`: lent above, so only this call reaches it until the
        // lock is taken again below, and the engine's access to it lasts until `takeBack` (`parked`).
        let saved = parser.pointee.skipped.begin(atDepth: parser.pointee.depth + 1)
        // Sound, the plan's use: as `Parked.plan` says.
        let isOwnPlan = parkedPlan._withUnsafeGuaranteedRef { ObjectIdentifier($0.modelType) } == ObjectIdentifier(modelType)
        do {
            if isOwnPlan {
                try parkedPlan._withUnsafeGuaranteedRef { try $0.members.decodeMembers(from: &parser.pointee, into: model, session: session) }
            } else {
                try PlanRegistry.plan(for: modelType).members.decodeMembers(from: &parser.pointee, into: model, session: session)
            }
        } catch {
            _ = parser.pointee.skipped.end(saved)
            withStateLocked { _ in parked.isParked = true }
            throw error
        }
        // Notes of another class's member loop than the parked plan's are not kept: `passedOver`
        // answers for the parked plan.
        let ended = parser.pointee.skipped.end(saved)
        let passed = isOwnPlan ? ended : .more
        let end = parser.pointee.position
        withStateLocked { state in
            state.use = .streamed(end: end)
            passedOverMembers = passed
            parked.isParked = true
        }
        return true
    }

    /// What the parked plan's member loop passed over when it streamed the object (`.more`, not
    /// known, when another loop streamed it); reached only under the lock.
    @exclusivity(unchecked)
    private var passedOverMembers = SkippedMembers.Passed.more

    /// Where the value of `key` is, when the parked plan's member loop streamed the object: where
    /// it noted the key, absent when it did not pass over the key and does not take it as its own;
    /// `nil` when that is not known. Called under the lock (see the superclass), which guards the
    /// notes and `parked`.
    override func passedOver(_ key: String, utf8: UnsafeBufferPointer<UInt8>) -> Int?? {
        // Sound, the plan's use: as `Parked.plan` says. (A hook object's bytes are a copy, never
        // lent: read as they are.)
        guard let members = parked.plan?._withUnsafeGuaranteedRef({ $0.members }),
              let found = SkippedMembers.value(of: utf8, after: passedOverMembers, in: bytes) else { return nil }
        if let value = found { return .some(value) }
        return members.isMember(key) ? nil : .some(nil)
    }

    /// The value of a member at `position`, read with the engine's parser when it is parked here and
    /// this is the engine's thread (a key read after `super`: no parser made and freed), with one of
    /// its own otherwise. The engine's parser is lent for the read, as to `streamMembers`, and put
    /// back where it stood.
    override func readMember(at position: Int) throws(JSONSyntaxError) -> JSON {
        let thread = ThreadIdentity.current
        let lent = withStateLocked { _ in lendParser(to: thread) }
        guard let parser = lent else { return try super.readMember(at: position) }
        // Sound, the accesses through `parser`: lent above, as in `streamMembers`. The bytes are the
        // parser's own (it kept them when this object was made over them).
        let (resume, depth) = (parser.pointee.position, parser.pointee.depth)
        defer {
            parser.pointee.position = resume
            parser.pointee.depth = depth
            withStateLocked { _ in parked.isParked = true }
        }
        // Inside the object: one level deeper than where the parser stands, next to it.
        parser.pointee.position = position
        parser.pointee.depth = depth + 1
        return try parser.pointee.readValue()
    }

    /// For the engine, after the hook: forgets the parser's address, and says how the object's bytes
    /// were used, or throws the syntax error found in them. The plan stays, for `passedOver`. (Not
    /// a tuple of both: each was destroyed through the runtime's generic tuple witness.)
    func takeBack() throws(JSONSyntaxError) -> Use {
        var use = Use.untouched
        let error = withStateLocked { state -> JSONSyntaxError? in
            parked.parser = nil
            parked.isParked = false
            use = state.use
            return state.error
        }
        if let error { throw error }
        return use
    }
}
