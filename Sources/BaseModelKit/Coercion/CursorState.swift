import BaseModelKitJSON
/// What both cursors keep: where the container ends, whether it is done, where the current element
/// starts.
struct CursorState {
    /// `]` or `}`.
    let closing: UInt8
    let lossy: Bool
    var isDone: Bool
    var isFirst = true
    var start = (position: 0, depth: 0)

    @inline(__always)
    init(_ parser: inout JSONParser, closing: UInt8, lossy: Bool) throws {
        try parser.enterContainer()
        self.closing = closing
        self.lossy = lossy
        isDone = parser.closesImmediately(closing)
    }

    /// Steps past the separator before the next element, leaving the previous one's path; `false`
    /// at the end of the container.
    @inline(__always)
    mutating func advance(_ parser: inout JSONParser, session: DecodingSession) throws -> Bool {
        if isDone { return false }
        if isFirst {
            isFirst = false
            return true
        }
        session.leave()
        guard try parser.nextMember(closing: closing) else {
            isDone = true
            return false
        }
        return true
    }

    @inline(__always)
    mutating func markStart(_ parser: JSONParser) {
        start = (parser.position, parser.depth)
    }

    mutating func drop(after error: any Error, at place: MappingPath.Component, mayDrop: Bool, in parser: inout JSONParser, session: DecodingSession) throws {
        do {
            // Still inside the element: a report notes a skipped element at its own path.
            try skipFailedElement(after: error, at: place, lossy: lossy, mayDrop: mayDrop, from: start, in: &parser, session: session)
        } catch {
            session.leave()
            isDone = true
            throw error
        }
    }
}

/// After the element at `place` failed with `error`: rethrows it with the place in its path, unless
/// the element may be dropped and is — an unknown enum case, or a lossy collection's failed value —
/// in which case the parser goes back to the element's start and skips it whole.
private func skipFailedElement(after error: any Error, at place: MappingPath.Component, lossy: Bool, mayDrop: Bool, from start: (position: Int, depth: Int), in parser: inout JSONParser, session: DecodingSession) throws {
    guard mayDrop else { throw (error as? MappingError)?.prefixed(by: place) ?? error }
    if let unknown = error as? UnknownEnumCase {
        // An enum case this build does not know, where the default is kept: in a collection the
        // element is left out.
        unknown.note(in: session)
    } else {
        guard let error = error as? MappingError else { throw error }
        let located = error.prefixed(by: place)
        guard session.dropsFailedElements(lossy: lossy, after: located) else { throw located }
    }
    parser.position = start.position
    parser.depth = start.depth
    try parser.skipValue()
}
