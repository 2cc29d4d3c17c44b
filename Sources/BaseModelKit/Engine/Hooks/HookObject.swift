/// The object an overridden `deserialize(_:)` or `modelClass(for:)` receives while the engine reads a
/// document: a `DeferredObject` (its members are read from the bytes only if the hook asks for them)
/// that also carries the decoding session and, while the hook runs, the engine's parser. See
/// `HookHandOver` for how the two sides use it.
///
/// `@unchecked Sendable` because its superclass cannot be checked (see `DeferredObject`); what this
/// class adds is a `let` of a `Sendable` type and the parked parser, reached only under the
/// superclass's lock (`withStateLocked`).
final class HookObject: DeferredObject, @unchecked Sendable {
    /// The decoding call under way, so that the default `deserialize` finds its options without a
    /// task-local lookup.
    let session: DecodingSession

    /// The engine's parser, standing at this object, with the plan of the object's class, while the
    /// overridden `deserialize` runs: moved in and out by `swap`, so no array it holds is retained or
    /// released on the way, and used where it is by the default implementation. Reached only under
    /// the lock, or by the one call it is lent to (`streamMembers`), so, like the superclass's state,
    /// without Swift's dynamic exclusivity check.
    @exclusivity(unchecked)
    private var parked = Parked()

    private struct Parked {
        var parser = JSONParser.idle
        var plan: ModelPlan?
        var isParked = false
    }

    init(at parser: inout JSONParser, session: DecodingSession) {
        self.session = session
        super.init(at: &parser)
    }

    /// Leaves `parser` here (an idle parser takes its place) while the hook runs.
    func park(_ parser: inout JSONParser, plan: ModelPlan) {
        withStateLocked { _ in
            swap(&parked.parser, &parser)
            parked.plan = plan
            parked.isParked = true
        }
    }

    /// For the default implementation: when nobody has read the object and the engine's parser is
    /// parked here, reads the members into `model` with it where it is parked, for `modelType`'s
    /// plan, and records that the object was streamed up to the parser's position; `false`,
    /// reading nothing, otherwise. The parser is not moved out and back: a large value, moved twice
    /// more per object.
    func streamMembers(into model: BaseModel, modelType: BaseModel.Type) throws -> Bool {
        let plan = withStateLocked { state -> ModelPlan? in
            guard state.use == .untouched, parked.isParked, let plan = parked.plan else { return nil }
            // Lent to this call: nobody else reaches the parker's parser until it is parked again.
            parked.isParked = false
            return plan
        }
        guard let plan else { return false }
        // The members the loop passes over are noted, for a hook that reads one of them after
        // `super` (see `passedOver`); an enclosing hooked object's notes wait meanwhile.
        // Sound, the unlocked accesses to the parser: lent above, so only this call reaches it until
        // the lock is taken again below; `@exclusivity(unchecked)` only drops the runtime check.
        let saved = parked.parser.skipped.begin(atDepth: parked.parser.depth + 1)
        let isOwnPlan = ObjectIdentifier(plan.modelType) == ObjectIdentifier(modelType)
        do {
            let members = isOwnPlan ? plan.members : try PlanRegistry.plan(for: modelType).members
            try members.decodeMembers(from: &parked.parser, into: model, session: session)
        } catch {
            _ = parked.parser.skipped.end(saved)
            withStateLocked { _ in parked.isParked = true }
            throw error
        }
        // Notes of another class's member loop than the parked plan's are not kept: `passedOver`
        // answers for the parked plan.
        let ended = parked.parser.skipped.end(saved)
        let passed = isOwnPlan ? ended : .more
        withStateLocked { state in
            state.use = .streamed(end: parked.parser.position)
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
        guard let members = parked.plan?.members,
              let found = SkippedMembers.value(of: utf8, after: passedOverMembers, in: bytes) else { return nil }
        if let value = found { return .some(value) }
        return members.isMember(key) ? nil : .some(nil)
    }

    /// For the engine, after the hook: swaps the parser back into `parser` if it is parked here, and
    /// says how the object's bytes were used (and any syntax error found in them).
    func takeBack(into parser: inout JSONParser) -> (use: Use, error: JSONSyntaxError?) {
        withStateLocked { state in
            if parked.isParked {
                swap(&parked.parser, &parser)
                parked.isParked = false
            }
            return (state.use, state.error)
        }
    }
}
