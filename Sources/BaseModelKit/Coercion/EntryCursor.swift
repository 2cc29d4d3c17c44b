import BaseModelKitJSON
/// `ElementCursor` for the entries of the object at the parser's position, read as a dictionary:
/// each entry's key in the paths.
struct EntryCursor {
    private var state: CursorState
    /// The current entry's key.
    private(set) var key = ""

    /// A cursor over the object at the parser's position (a `{`), before its first entry.
    init(object parser: inout JSONParser, lossy: Bool) throws {
        state = try CursorState(&parser, closing: UInt8(ascii: "}"), lossy: lossy)
    }

    /// Moves past the next entry's key to its value, leaving the previous entry's path and entering
    /// this one's; `false` after the last.
    @inline(__always)
    mutating func next(in parser: inout JSONParser, session: DecodingSession) throws -> Bool {
        guard try state.advance(&parser, session: session) else { return false }
        key = try parser.readStreamingKeyText()
        session.enter(.dictionaryKey(key))
        state.markStart(parser)
        return true
    }

    /// As `ElementCursor.drop`, with the entry's key in front.
    mutating func drop(after error: any Error, mayDrop: Bool = true, in parser: inout JSONParser, session: DecodingSession) throws {
        try state.drop(after: error, at: .dictionaryKey(key), mayDrop: mayDrop, in: &parser, session: session)
    }
}
