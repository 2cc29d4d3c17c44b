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

    /// Where the engine's parser is, standing at this object, with the plan of the object's class and
    /// the thread the engine runs on, while the overridden `deserialize` runs. Reached only under the
    /// lock, so, like the superclass's state, without Swift's dynamic exclusivity check.
    @exclusivity(unchecked)
    private var parked = Parked()

    private struct Parked {
        /// The engine's parser while the hook runs, unless the default implementation has it lent.
        // Sound: an address kept only between `park` and `takeBack`, while the parser lives (see
        // `park`).
        var parser: UnsafeMutablePointer<JSONParser>?
        var plan: ModelPlan?
        var thread = 0
    }

    init(at parser: inout JSONParser, session: DecodingSession) {
        self.session = session
        super.init(at: &parser)
    }

    /// Parks the address of the engine's parser here while the hook runs on `thread`.
    ///
    /// Sound, for every use of the address: the engine takes it from `withUnsafeMutablePointer` and
    /// calls `takeBack` before that closure returns, so the address is parked only while the parser
    /// lives and the engine waits for the hook. It is lent (`lendParkedIfUntouched`) only to code on
    /// the engine's own thread — the hook, synchronously, before it returns — and to one holder at a
    /// time: lent, it is not parked, and `finishStreaming` or `putBack` park it again before the
    /// holder returns. No other thread ever reaches the parser.
    func park(_ parser: UnsafeMutablePointer<JSONParser>, plan: ModelPlan, thread: Int) {
        withStateLocked { _ in
            parked = Parked(parser: parser, plan: plan, thread: thread)
        }
    }

    /// For the default implementation: when nobody has read the object, the engine's parser is
    /// parked here, and the call runs on the engine's thread, lends the parser with the plan parked
    /// with it; `nil` otherwise.
    func lendParkedIfUntouched() -> (parser: UnsafeMutablePointer<JSONParser>, plan: ModelPlan)? {
        let thread = ThreadIdentity.current
        return withStateLocked { state in
            guard state.use == .untouched, let parser = parked.parser, let plan = parked.plan, parked.thread == thread else { return nil }
            parked.parser = nil
            return (parser, plan)
        }
    }

    /// For the default implementation, done: records that it streamed the object up to the parser's
    /// position, and parks the parser again.
    func finishStreaming(_ parser: UnsafeMutablePointer<JSONParser>) {
        withStateLocked { state in
            // Sound: lent by `lendParkedIfUntouched` and not yet given back (see `park`).
            state.use = .streamed(end: parser.pointee.position)
            parked.parser = parser
        }
    }

    /// Parks the parser again after the default implementation failed with it.
    func putBack(_ parser: UnsafeMutablePointer<JSONParser>) {
        withStateLocked { _ in
            parked.parser = parser
        }
    }

    /// For the engine, after the hook: forgets the parser's address, and says how the object's bytes
    /// were used (and any syntax error found in them).
    func takeBack() -> (use: Use, error: JSONSyntaxError?) {
        withStateLocked { state in
            parked = Parked()
            return (state.use, state.error)
        }
    }
}
