/// An object of a document that has not been read into a `JSONObject` yet, because the reader may
/// fill typed storage straight from its bytes instead. It is read (once) the first time anyone asks
/// for its members, so code that looks at the object sees exactly what a tree would have shown.
///
/// Not final: a reader that hands such an object to code of its own and wants it back (the engine's
/// `HookObject`) subclasses it to carry what it needs. `@unchecked Sendable` only because a class that
/// is not final cannot be checked: every stored property is a `let` of a `Sendable` type or state
/// reached only under the object's striped lock, as a subclass's mutable state is.
class DeferredObject: @unchecked Sendable {
    /// How the object's bytes were used.
    enum Use: Equatable {
        /// Nobody has read the object.
        case untouched
        /// A streaming reader consumed it; it ended at `end`.
        case streamed(end: Int)
        /// It was read into members; it ended at `end`.
        case materialized(end: Int)
    }

    /// How the bytes were used, and the members and any syntax error once read.
    struct State {
        var use = Use.untouched
        var object: JSONObject?
        var error: JSONSyntaxError?
        /// The copy of bytes a writer lent (see `bytes`), once made.
        var keptCopy: DocumentCopy?
    }

    /// The whole document, a copy (objects may outlive the call that read the document) — or, for
    /// an object written in place (`init(writtenInPlace:keys:)`), the writer's own bytes, lent until
    /// it writes again. Read through `readableBytes`, which copies lent bytes first — except by an
    /// object made over a parser (`init(at:)`, a `HookObject`), whose bytes are never lent.
    let bytes: DocumentBytes
    /// Whether `bytes` are lent by the writer that wrote them.
    private let isLent: Bool
    /// Where the object's `{` is.
    let start: Int
    /// How much deeper than the object itself nesting may go.
    let remainingDepth: Int
    /// Whether `bytes` hold exactly this object, compact, as a writer made them (so a writer may copy
    /// them as they are), rather than a document the object is part of.
    let isStandalone: Bool
    /// For an object a writer made: which keys it may hold. A key it cannot hold is added to the
    /// object after its bytes, leaving them unread (`JSONObject`'s subscript).
    let writtenKeys: (any MemberKeys)?
    /// Reached only under the object's striped lock (`withStateLocked`), because readers may race to
    /// read the members; subclasses keep their own mutable state under the same lock. The lock
    /// orders every access and no access overlaps another on one thread, so Swift's dynamic
    /// exclusivity check (`swift_beginAccess`, a runtime call per access) is turned off for it.
    @exclusivity(unchecked)
    private var state = State()

    /// The object at the parser's position (a `{`), not read yet. The parser's bytes become a copy if
    /// they were lent (once per document: the parser goes on over the copy).
    init(at parser: inout JSONParser) {
        parser.keepBytes()
        precondition(parser.bytes.isCopy, "a deferred object over lent bytes")
        self.bytes = parser.bytes
        self.start = parser.position
        self.remainingDepth = parser.maxDepth - parser.depth
        self.isStandalone = false
        self.writtenKeys = nil
        self.isLent = false
    }

    /// An object already written as compact JSON in `bytes` (a copy): read only if someone asks for its
    /// members, copied as it is by a compact writer otherwise. `keys` says which keys its writer
    /// may have written.
    convenience init(written bytes: DocumentBytes, keys: (any MemberKeys)? = nil) {
        precondition(bytes.isCopy, "a deferred object over lent bytes")
        self.init(standalone: bytes, keys: keys, isLent: false)
    }

    /// An object a writer wrote as compact JSON into its own output, which it lends: `bytes` are
    /// valid until that writer writes again. Sound, because of a rule its writer keeps
    /// (`HookHandOver.serializeInPlace`): before writing again, it either holds the only reference
    /// to this object, or has called `keepBytes()`; and every read of the bytes goes through
    /// `readableBytes`, which copies them under the object's lock before anything reads them. So lent
    /// bytes are only ever copied, under the lock, while the writer leaves them as they are.
    convenience init(writtenInPlace bytes: DocumentBytes, keys: any MemberKeys) {
        self.init(standalone: bytes, keys: keys, isLent: true)
    }

    private init(standalone bytes: DocumentBytes, keys: (any MemberKeys)?, isLent: Bool) {
        self.bytes = bytes
        self.start = 0
        self.remainingDepth = Int.max / 2
        self.isStandalone = true
        self.writtenKeys = keys
        self.isLent = isLent
    }

    /// The object's bytes, always a copy: lent bytes are copied on first use (see
    /// `init(writtenInPlace:keys:)`).
    @inline(__always)
    var readableBytes: DocumentBytes {
        guard isLent else { return bytes }
        return keptBytes()
    }

    /// The copy of lent bytes, made on first use.
    @inline(never)
    private func keptBytes() -> DocumentBytes {
        withStateLocked { state in
            if let kept = state.keptCopy { return DocumentBytes(kept) }
            let kept = bytes.copyingIfLent()
            state.keptCopy = kept.copy
            return kept
        }
    }

    /// For the writer that lent this object its bytes, before it writes again while others hold the
    /// object: copies the bytes (see `init(writtenInPlace:keys:)`).
    func keepBytes() {
        _ = readableBytes
    }

    /// A parser standing at the object's `{`, allowed the nesting that remained where the object was.
    /// (The bytes' encoding was checked by the parser that found the object, or they were written
    /// as UTF-8.) Not to be called under the object's lock, which lent bytes take to be copied.
    func parser() -> JSONParser {
        JSONParser(resuming: readableBytes, at: start, maxDepth: max(remainingDepth, 1))
    }

    /// How the object's bytes were used so far.
    var use: Use {
        withStateLocked { $0.use }
    }

    /// The syntax error found while reading the members, if any (the members then read as empty).
    var error: JSONSyntaxError? {
        withStateLocked { $0.error }
    }

    /// How the object's bytes were used, and the syntax error found in them if any.
    var outcome: (use: Use, error: JSONSyntaxError?) { withStateLocked { ($0.use, $0.error) } }

    /// The value of one key, found without reading the object into members when it has not been read
    /// yet: the object's keys are scanned and every other value is checked and skipped, not built
    /// (passed by matching brackets, once a streaming reader has checked the bytes). The
    /// last value wins when a key repeats, as in a full read. `nil` when the key is absent or the bytes
    /// are malformed (whoever reads the object next reports that error).
    func value(forKey key: String) -> JSON? {
        // A key the streaming reader passed over is read where it noted it; one it could not have
        // taken as its own, and did not pass over, is absent. (Looked up under the lock, where the
        // notes are, rather than copied out.)
        enum Found { case tree(JSONObject), at(Int), absent, unknown(Use) }
        var wanted = key
        let found = withStateLocked { state -> Found in
            if let object = state.object { return .tree(object) }
            guard case .streamed = state.use, let found = wanted.withUTF8({ passedOver(key, utf8: $0) }) else { return .unknown(state.use) }
            return found.map { .at($0) } ?? .absent
        }
        do throws(JSONSyntaxError) {
            // Where the value starts, when it is found without reading the members.
            let value: Int?
            switch found {
            case .tree(let object): return object[key]
            case .absent: return nil
            case .at(let noted): value = noted
            case .unknown(let use):
                // Bytes a streaming reader has checked (a hook reading a key after `super`) are
                // looked through by matching brackets, and only the value read; any others are
                // checked as the members are passed.
                guard case .streamed = use, let found = JSONParser.compactMemberValue(named: Array(key.utf8), in: readableBytes, object: start) else {
                    var parser = parser()
                    return try parser.memberValue(named: key)
                }
                value = found
            }
            guard let value else { return nil }
            return try readMember(at: value)
        } catch {
            return nil
        }
    }

    /// The value of a member of this object that starts at `position`, read by a parser of its own.
    /// (A `HookObject` reads it with the engine's parser while that is parked with it.)
    func readMember(at position: Int) throws(JSONSyntaxError) -> JSON {
        var parser = parser()
        try parser.enterContainer()
        parser.position = position
        return try parser.readValue()
    }

    /// For an object a streaming reader consumed: where the value of `key` (whose UTF-8 bytes are
    /// `utf8`) starts, as the reader noted when it passed over it; `.some(nil)` when the object does
    /// not have the key; `nil` when that is not known (then the object is looked through). Called
    /// under the object's lock (see `withStateLocked`): a subclass reads its own state here without
    /// taking it again. Sound: `utf8` is lent by the caller for the call, and only read.
    func passedOver(_ key: String, utf8: UnsafeBufferPointer<UInt8>) -> Int?? {
        nil
    }

    /// The members, read from the bytes on first use. Malformed bytes read as an empty object and
    /// leave the error in `error` for the reader to throw.
    var object: JSONObject {
        // Copied, if lent, before the lock is taken to read them (`readableBytes` takes it too).
        let bytes = readableBytes
        return withStateLocked { state in
            if let object = state.object { return object }
            do throws(JSONSyntaxError) {
                var parser = JSONParser(resuming: bytes, at: start, maxDepth: max(remainingDepth, 1))
                let value = try parser.readValue()
                state.object = value.object ?? JSONObject()
                let end: Int
                switch state.use {
                case .streamed(let streamedEnd), .materialized(let streamedEnd): end = streamedEnd
                case .untouched: end = parser.position
                }
                state.use = .materialized(end: end)
            } catch {
                state.error = error
                state.object = JSONObject()
                state.use = .materialized(end: start)
            }
            return state.object!
        }
    }

    /// Runs `body` with the state while holding this object's striped lock; a subclass keeps its own
    /// mutable state under the same lock. `body` must not take a striped lock again (see
    /// `StripedLocks`).
    @inline(__always)
    final func withStateLocked<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try StripedLocks.withLock(for: self) { try body(&state) }
    }
}
