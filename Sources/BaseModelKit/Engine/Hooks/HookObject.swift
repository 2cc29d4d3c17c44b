import Synchronization

/// The object an overridden `deserialize(_:)` or `modelClass(for:)` receives while the engine reads a
/// document: a `DeferredObject` (its members are read from the bytes only if the hook asks for them)
/// that also carries the decoding session and, while the hook runs, the engine's parser. See
/// `HookHandOver` for how the two sides use it.
///
/// `@unchecked Sendable` because its superclass cannot be checked (see `DeferredObject`); what this
/// class adds is a `let` of a `Sendable` type and a mutex.
final class HookObject: DeferredObject, @unchecked Sendable {
    /// The decoding call under way, so that the default `deserialize` finds its options without a
    /// task-local lookup.
    let session: DecodingSession

    /// The engine's parser, standing at this object, with the plan of the object's class, while the
    /// overridden `deserialize` runs.
    /// (Stored inline: a `SharedMutex` here was a second allocation per hooked object.)
    private let parked = Mutex<Parked?>(nil)

    struct Parked: Sendable {
        var parser: JSONParser
        var plan: ModelSchema
    }

    init(at parser: JSONParser, session: DecodingSession) {
        self.session = session
        super.init(at: parser)
    }

    /// Leaves `parser` here (an idle parser takes its place) while the hook runs.
    func park(_ parser: inout JSONParser, plan: ModelSchema) {
        var taken = JSONParser.idle
        swap(&taken, &parser)
        parked.withLock { $0 = Parked(parser: taken, plan: plan) }
    }

    /// The parked parser and plan, taken out (`nil` if the default implementation already took them,
    /// or nothing was parked).
    func takeParked() -> Parked? {
        parked.withLock { parked in
            let taken = parked
            parked = nil
            return taken
        }
    }

    /// Puts a parser back after the default implementation read the object with it.
    func putBack(_ parked: Parked) {
        self.parked.withLock { $0 = parked }
    }
}
