import BaseModelKitJSON
/// Walks the elements of the array at the parser's position with the rules every collection shares:
/// each element's index enters the report's path; an element that fails is left out — the parser
/// skipping it — when it is an unknown enum case, or when the collection is lossy (`lossy`, or
/// `DecodingOptions.collections`) and the error is about the value, unless the coder says it may not
/// be (an element merged in place); otherwise its error is thrown with the index in front.
/// `EntryCursor` does the same for the entries of an object read as a dictionary.
///
/// A cursor rather than a function taking a closure: the coders run as unspecialised generic code,
/// where a closure per element built generic metadata on every call. It holds no reference, so
/// copying it costs no retain.
///
///     var elements = try ElementCursor(array: &parser, lossy: isLossy)
///     while try elements.next(in: &parser, session: session) {
///         do { result.append(try element.decodeElement(from: &parser, session: session)) }
///         catch { try elements.drop(after: error, in: &parser, session: session) }
///     }
struct ElementCursor {
    private var state: CursorState
    /// The current element's position in the array.
    private(set) var index = -1

    /// A cursor over the array at the parser's position (a `[`), before its first element.
    @inline(__always)
    init(array parser: inout JSONParser, lossy: Bool) throws {
        state = try CursorState(&parser, closing: UInt8(ascii: "]"), lossy: lossy)
    }

    /// Whether the array has no element (`[]`), before the first `next`.
    var isEmpty: Bool { state.isDone && state.isFirst }

    /// Moves to the next element, leaving the previous element's path and entering this one's;
    /// `false` after the last.
    /// With `entersStep: false` the caller enters the element's path itself (`enterStep`), before
    /// anything that may fail: a merge by identity enters it with the element's identity.
    @inline(__always)
    mutating func next(in parser: inout JSONParser, session: DecodingSession, entersStep: Bool = true) throws -> Bool {
        guard try state.advance(&parser, session: session) else { return false }
        index += 1
        if entersStep { session.enter(.index(index)) }
        state.markStart(parser)
        return true
    }

    /// Enters the current element's path, with its identity (`nil`: none known): after
    /// `next(in:session:entersStep: false)`.
    @inline(__always)
    func enterStep(session: DecodingSession, identity: @autoclosure () -> IdentityKey?) {
        session.enter(.index(index), identity: identity())
    }

    /// After the current element failed with `error`: leaves it out, the parser past it, when it may
    /// be dropped (`mayDrop`: `false` for an element merged in place) and the rules drop it;
    /// otherwise throws it with the element's index in front.
    mutating func drop(after error: any Error, mayDrop: Bool = true, in parser: inout JSONParser, session: DecodingSession) throws {
        try state.drop(after: error, at: .index(index), mayDrop: mayDrop, in: &parser, session: session)
    }
}
