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
    /// retained or released on the way.
    private var parked = Parked()

    private struct Parked {
        var parser = JSONParser.idle
        var plan: ModelSchema?
        var isParked = false
    }

    init(at parser: JSONParser, session: DecodingSession) {
        self.session = session
        super.init(at: parser)
    }

    /// Leaves `parser` here (an idle parser takes its place) while the hook runs.
    func park(_ parser: inout JSONParser, plan: ModelSchema) {
        withStateLocked {
            swap(&parked.parser, &parser)
            parked.plan = plan
            parked.isParked = true
        }
    }

    /// Swaps the parked parser into `parser` and returns the plan parked with it; `nil`, leaving
    /// `parser` as it is, when nothing is parked (the default implementation took it already).
    func takeParked(into parser: inout JSONParser) -> ModelSchema? {
        withStateLocked {
            guard parked.isParked else { return nil }
            swap(&parked.parser, &parser)
            parked.isParked = false
            return parked.plan
        }
    }

    /// Parks a parser again after the default implementation read the object with it.
    func putBack(_ parser: inout JSONParser) {
        withStateLocked {
            swap(&parked.parser, &parser)
            parked.isParked = true
        }
    }
}
