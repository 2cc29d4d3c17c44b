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
        do {
            let members = ObjectIdentifier(plan.modelType) == ObjectIdentifier(modelType) ? plan.members : try PlanRegistry.plan(for: modelType).members
            // Sound, the unlocked access: lent above, so only this call reaches the parser until the
            // lock is taken again below; `@exclusivity(unchecked)` only drops the runtime check.
            try members.decodeMembers(from: &parked.parser, into: model, session: session)
        } catch {
            withStateLocked { _ in parked.isParked = true }
            throw error
        }
        withStateLocked { state in
            state.use = .streamed(end: parked.parser.position)
            parked.isParked = true
        }
        return true
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
