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
    /// overridden `deserialize` runs. Parsers move in and out by `swap`, so no array they hold is
    /// retained or released on the way. Reached only under the lock, so, like the superclass's state,
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
    /// parked here, swaps it into `parser` and returns the plan parked with it; `nil` otherwise,
    /// leaving `parser` as it is.
    func takeParkedIfUntouched(into parser: inout JSONParser) -> ModelPlan? {
        withStateLocked { state in
            guard state.use == .untouched, parked.isParked else { return nil }
            swap(&parked.parser, &parser)
            parked.isParked = false
            return parked.plan
        }
    }

    /// For the default implementation, done: records that it streamed the object up to the parser's
    /// position, and parks the parser again.
    func finishStreaming(_ parser: inout JSONParser) {
        withStateLocked { state in
            state.use = .streamed(end: parser.position)
            swap(&parked.parser, &parser)
            parked.isParked = true
        }
    }

    /// Parks a parser again after the default implementation failed with it.
    func putBack(_ parser: inout JSONParser) {
        withStateLocked { _ in
            swap(&parked.parser, &parser)
            parked.isParked = true
        }
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
