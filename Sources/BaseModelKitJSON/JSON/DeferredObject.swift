/// An object of a document that has not been read into a `JSONObject` yet, because the reader may
/// fill typed storage straight from its bytes instead. It is read (once) the first time anyone asks
/// for its members, so code that looks at the object sees exactly what a tree would have shown.
///
/// A reader that hands such an object to code of its own while it reads (the engine, to an
/// overridden hook) may park its parser here meanwhile, so that what the code asks of the object
/// continues with that parser where it stands (`park`). `@unchecked Sendable` because the parked
/// parser's address cannot be checked: every stored property is a `let` of a `Sendable` type or
/// state reached only under the object's striped lock, or by the one call the parser is lent to.
@usableFromInline package final class DeferredObject: @unchecked Sendable {
    /// How the object's bytes were used.
    @usableFromInline package enum Use: Equatable {
        /// Nobody has read the object.
        case untouched
        /// A streaming reader consumed it; it ended at `end`.
        case streamed(end: Int)
        /// It was read into members; it ended at `end`.
        case materialized(end: Int)
    }

    /// How the bytes were used, and the members and any syntax error once read.
    @usableFromInline package struct State {
        package var use = Use.untouched
        package var object: JSONObject?
        package var error: JSONSyntaxError?
        /// The copy of bytes a writer lent (see `bytes`), once made.
        package var keptCopy: DocumentCopy?

        /// Back to the state of a new object. As a rule only `use` has changed (an object streamed, or
        /// not read at all): then the others, empty, are not destroyed and made again.
        @inline(__always)
        mutating func reset() {
            if object == nil, error == nil, keptCopy == nil {
                use = .untouched
            } else {
                self = State()
            }
        }
    }

    /// The whole document, a copy (objects may outlive the call that read the document) — or, for
    /// an object written in place (`init(writtenInPlace:keys:)`), the writer's own bytes, lent until
    /// it writes again. Read through `readableBytes`, which copies lent bytes first — except by an
    /// object made over a parser (`init(at:)`, as a hook's is), whose bytes are never lent.
    /// Changed only by `reuse(writtenInPlace:keys:)` and `reuse(at:readerContext:)`, whose callers
    /// hold the only reference: so, like a constant, without Swift's dynamic exclusivity check.
    @exclusivity(unchecked)
    package private(set) var bytes: DocumentBytes
    /// Whether `bytes` are lent by the writer that wrote them.
    private let isLent: Bool
    /// Where the object's `{` is. Changed only by `reuse(at:readerContext:)`, as `bytes` is.
    @exclusivity(unchecked)
    package private(set) var start: Int
    /// How much deeper than the object itself nesting may go. Changed as `start` is.
    @exclusivity(unchecked)
    package private(set) var remainingDepth: Int
    /// Whether `bytes` hold exactly this object, compact, as a writer made them (so a writer may copy
    /// them as they are), rather than a document the object is part of.
    package let isStandalone: Bool
    /// For an object a writer made: which keys it may hold. A key it cannot hold is added to the
    /// object after its bytes, leaving them unread (`JSONObject`'s subscript). Changed only by
    /// `reuse(writtenInPlace:keys:)`, as `bytes` is. Unretained (held, the keys were retained and
    /// released at each key set). Sound: a writer keeps its keys alive longer than the objects it
    /// makes (the engine's are a member table's, which lives as long as the process).
    @exclusivity(unchecked)
    package private(set) var writtenKeys: Unmanaged<MemberKeys>?
    /// Reached only under the object's striped lock (`withStateLocked`), because readers may race to
    /// read the members, as are the parked parser and the passed-over members below. The lock
    /// orders every access and no access overlaps another on one thread, so Swift's dynamic
    /// exclusivity check (`swift_beginAccess`, a runtime call per access) is turned off for it.
    @exclusivity(unchecked)
    private var state = State()

    /// What the reader that made the object over its parser keeps with it for the code it hands the
    /// object to (the engine: the decoding call's session); `nil` for any other object. Read through
    /// a call from the engine (a stored property read from another module pays the dynamic
    /// exclusivity check); changed as `start` is.
    package var readerContext: AnyObject? { context }
    /// `readerContext`, unretained: for a reader that holds this object, and so its context, while it
    /// uses it (a retain and a release fewer per read).
    // Sound: this object holds the context strongly and changes it only in `reuse(at:readerContext:)`,
    // whose caller holds the only reference; so while the caller holds this object, as it must, the
    // `Unmanaged` it gets names a live object.
    package var unretainedReaderContext: Unmanaged<AnyObject>? {
        guard let context else { return nil }
        return Unmanaged.passUnretained(context)
    }
    @exclusivity(unchecked)
    private var context: AnyObject?

    /// Where the reader's parser is, standing at this object, while the code the reader handed the
    /// object to runs: the parser stays in the reader's frame and only its address is parked here,
    /// so nothing of it is copied or retained on the way. Reached only under the lock, by the one
    /// call it is lent to (`lendParser`), or by the reader before anyone else holds the object
    /// (`park`, `reuse(at:readerContext:)`), so, like `state`, without Swift's dynamic exclusivity
    /// check. Sound: the reader parks the address only within the call it was passed to, and takes
    /// it back (`takeBack`) before that call returns, thrown or not; a call lent the parser uses it
    /// only between the two.
    @exclusivity(unchecked)
    private var parked = Parked()

    private struct Parked {
        var parser: UnsafeMutablePointer<JSONParser>?
        /// The reader's own object for this one (the engine: the plan of its class) and the keys its
        /// member loop takes as its own, unretained (a retain and a release per object). Sound: the
        /// reader keeps both alive longer than this object (plans and their keys live as long as
        /// the process).
        var reader: Unmanaged<AnyObject>?
        var keys: Unmanaged<MemberKeys>?
        /// The reader's thread: the parser is lent on it alone, since it checks the room left on
        /// that thread's stack (`JSONParser.stackAllowsDeeper`), and cannot tell on another.
        var thread = 0
        /// Whether the parser is here to lend: parked, and not lent to a call right now.
        var isParked = false
    }

    /// What the reader's member loop passed over when it streamed the object (`.more`, not known,
    /// when another loop streamed it); reached only under the lock.
    @exclusivity(unchecked)
    private var passedOverMembers = SkippedMembers.Passed.more

    /// The object at the parser's position (a `{`), not read yet. The parser's bytes become a copy if
    /// they were lent (once per document: the parser goes on over the copy).
    /// `readerContext`: see there.
    @usableFromInline package init(at parser: inout JSONParser, readerContext: AnyObject? = nil) {
        parser.keepBytes()
        precondition(parser.bytes.isCopy, "a deferred object over lent bytes")
        self.context = readerContext
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
    @usableFromInline package convenience init(written bytes: DocumentBytes, keys: MemberKeys? = nil) {
        precondition(bytes.isCopy, "a deferred object over lent bytes")
        self.init(standalone: bytes, keys: keys, isLent: false)
    }

    /// An object a writer wrote as compact JSON into its own output, which it lends: `bytes` are
    /// valid until that writer writes again. Sound, because of a rule its writer keeps
    /// (`HookHandOver.serializeInPlace`): before writing again, it either holds the only reference
    /// to this object, or has called `keepBytes()`; and every read of the bytes goes through
    /// `readableBytes`, which copies them under the object's lock before anything reads them. So lent
    /// bytes are only ever copied, under the lock, while the writer leaves them as they are.
    @usableFromInline package convenience init(writtenInPlace bytes: DocumentBytes, keys: MemberKeys) {
        self.init(standalone: bytes, keys: keys, isLent: true)
    }

    /// This object, made by `init(at:readerContext:)`, made again as that initialiser makes one, at
    /// the parser's position (a `{`), in place of a new one. Sound only when the caller holds the
    /// only reference to it: nothing else can see it change.
    package func reuse(at parser: inout JSONParser, readerContext: AnyObject?) {
        precondition(!isStandalone, "reuse(at:readerContext:) of an object a writer made")
        parser.keepBytes()
        precondition(parser.bytes.isCopy, "a deferred object over lent bytes")
        // The same document and reader as last time, as a rule: not stored again (a retain and a
        // release each).
        if bytes.copy !== parser.bytes.copy || bytes.base != parser.bytes.base || bytes.count != parser.bytes.count {
            bytes = parser.bytes
        }
        start = parser.position
        remainingDepth = parser.maxDepth - parser.depth
        if context !== readerContext { context = readerContext }
        state.reset()
        parked = Parked()
        passedOverMembers = .more
    }

    /// This object, made by `init(writtenInPlace:keys:)`, made again over other `bytes` in place of a
    /// new one (an allocation and a free per object its writer hands over). Sound only when the
    /// caller holds the only reference to it: nothing else can see it change.
    package func reuse(writtenInPlace bytes: DocumentBytes, keys: MemberKeys) {
        precondition(isLent && isStandalone && !bytes.isCopy, "reuse(writtenInPlace:keys:) of an object not written in place, or with bytes not lent")
        // Made again as lent bytes, which own nothing: stored without a reference to take.
        self.bytes = DocumentBytes(lentUntilChanged: bytes.base, count: bytes.count)
        writtenKeys = .passUnretained(keys)
        state.reset()
    }

    /// Whether `key` is one this object's writer cannot have written (see `writtenKeys`); `false`
    /// for an object no writer made.
    @usableFromInline package func cannotHoldKey(_ key: String) -> Bool {
        // Sound, the unretained keys: see `writtenKeys`.
        writtenKeys?._withUnsafeGuaranteedRef { $0.isMember(key) } == false
    }

    private init(standalone bytes: DocumentBytes, keys: MemberKeys?, isLent: Bool) {
        self.context = nil
        self.bytes = bytes
        self.start = 0
        self.remainingDepth = Int.max / 2
        self.isStandalone = true
        self.writtenKeys = keys.map(Unmanaged.passUnretained)
        self.isLent = isLent
    }

    /// The object's bytes, always a copy: lent bytes are copied on first use (see
    /// `init(writtenInPlace:keys:)`).
    @inline(__always)
    @usableFromInline package var readableBytes: DocumentBytes {
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
    @usableFromInline package func keepBytes() {
        _ = readableBytes
    }

    /// A parser standing at the object's `{`, allowed the nesting that remained where the object was.
    /// (The bytes' encoding was checked by the parser that found the object, or they were written
    /// as UTF-8.) Not to be called under the object's lock, which lent bytes take to be copied.
    @usableFromInline package func parser() -> JSONParser {
        JSONParser(resuming: readableBytes, at: start, maxDepth: max(remainingDepth, 1))
    }

    /// How the object's bytes were used so far.
    @usableFromInline package var use: Use {
        withStateLocked { $0.use }
    }

    /// The syntax error found while reading the members, if any (the members then read as empty).
    @usableFromInline package var error: JSONSyntaxError? {
        withStateLocked { $0.error }
    }

    /// How the object's bytes were used, and the syntax error found in them if any.
    package var outcome: (use: Use, error: JSONSyntaxError?) { withStateLocked { ($0.use, $0.error) } }

    /// The value of one key, found without reading the object into members when it has not been read
    /// yet: the object's keys are scanned and every other value is checked and skipped, not built
    /// (passed by matching brackets, once a streaming reader has checked the bytes). The
    /// last value wins when a key repeats, as in a full read. `nil` when the key is absent or the bytes
    /// are malformed (whoever reads the object next reports that error).
    @usableFromInline package func value(forKey key: String) -> JSON? {
        // One look under the lock: a key the streaming reader passed over is read where it noted
        // it, with the reader's parser lent in the same look when it is parked here for this
        // thread; one it could not have taken as its own, and did not pass over, is absent.
        // Sound, the lent parser's address: see `lendParserForRead`.
        enum Found { case tree, at(Int, lent: UnsafeMutablePointer<JSONParser>?), absent, unknown(Use) }
        // (The key's bytes through `utf8`, which borrows it: `withUTF8` needs a `var`, whose copy
        // retained and released the key.)
        let thread = ThreadIdentity.current
        let found = withStateLocked { state -> Found in
            if state.object != nil { return .tree }
            guard case .streamed = state.use, let found = key.utf8.withContiguousStorageIfAvailable({ passedOver(key, utf8: $0) }) ?? nil else {
                return .unknown(state.use)
            }
            guard let value = found else { return .absent }
            return .at(value, lent: lendParserForRead(to: thread))
        }
        do throws(JSONSyntaxError) {
            switch found {
            case .tree: return object[key]
            case .absent: return nil
            case .at(let value, let lent): return try readMember(at: value, with: lent)
            case .unknown(let use):
                // Bytes a streaming reader has checked (a hook reading a key after `super`) are
                // looked through by matching brackets, and only the value read; any others are
                // checked as the members are passed.
                guard case .streamed = use, let value = JSONParser.compactMemberValue(named: Array(key.utf8), in: readableBytes, object: start) else {
                    var parser = parser()
                    return try parser.memberValue(named: key)
                }
                guard let value else { return nil }
                return try readMember(at: value, with: withStateLocked { _ in lendParserForRead(to: thread) })
            }
        } catch {
            // Bytes that are not JSON answer no key (a subscript cannot throw); the member loop that
            // reads them reports the error with its path. That holds only while every reader refuses
            // what the parser refuses: one that took a bad byte here would leave the error unsaid.
            return nil
        }
    }

    /// The value of a member of this object that starts at `position`: read with the reader's
    /// parser, `lent` (see `lendParserForRead`), when it is parked here for this thread (a key read
    /// after the reader's member loop: no parser made and freed), and put back where it stood; by a
    /// parser of its own otherwise. Sound: `lent` was lent to the calling call, which reaches it only
    /// through this one, and it is put back where it stood before this returns, thrown or not.
    private func readMember(at position: Int, with lent: UnsafeMutablePointer<JSONParser>?) throws(JSONSyntaxError) -> JSON {
        guard let parser = lent else {
            var parser = parser()
            try parser.enterContainer()
            parser.position = position
            return try parser.readValue()
        }
        // Sound, the accesses through `parser`: lent (see `lendParserForRead`). The bytes are the
        // parser's own (it kept them when this object was made over them).
        let (resume, depth) = (parser.pointee.position, parser.pointee.depth)
        defer {
            parser.pointee.position = resume
            parser.pointee.depth = depth
        }
        // Inside the object: one level deeper than where the parser stands, next to it.
        parser.pointee.position = position
        parser.pointee.depth = depth + 1
        return try parser.pointee.readValue()
    }

    /// For an object the reader's member loop streamed: where the value of `key` (whose UTF-8 bytes
    /// are `utf8`) starts, as the loop noted when it passed over it; `.some(nil)` when it did not pass
    /// over the key and does not take it as its own; `nil` when that is not known (then the object is
    /// looked through). Called under the lock, which guards the notes and `parked`. Sound: `utf8` is
    /// lent by the caller for the call, and only read. (An object made over a parser has bytes of
    /// its own, never lent: read as they are.)
    private func passedOver(_ key: String, utf8: UnsafeBufferPointer<UInt8>) -> Int?? {
        guard let keys = parked.keys, let found = SkippedMembers.value(of: utf8, after: passedOverMembers, in: bytes) else { return nil }
        if let value = found { return .some(value) }
        // Sound, the unretained keys: see `Parked.reader`.
        return keys._withUnsafeGuaranteedRef { $0.isMember(key) } ? nil : .some(nil)
    }

    // MARK: The reader's parser, parked

    /// Parks the address of the reader's parser here, standing at this object, while code the
    /// reader hands the object to runs; `reader` is the reader's own object for it, and `keys` the
    /// keys its member loop takes as its own. Sound: see `parked`, and `Parked.reader`. Called only
    /// by a reader that holds the only reference to this object, made or made again for it and not
    /// handed to anyone yet: nothing else can reach `parked`, so it is set without the lock (whoever
    /// gets the object later gets it through a hand-over that orders this before their reads).
    package func park(_ parser: UnsafeMutablePointer<JSONParser>, reader: Unmanaged<AnyObject>, keys: Unmanaged<MemberKeys>) {
        parked = Parked(parser: parser, reader: reader, keys: keys, thread: ThreadIdentity.current, isParked: true)
    }

    /// For a reader that reads the members with its own parked parser (the engine's default
    /// implementation of a hook): when nobody has read the object yet and the parser is parked here
    /// for `thread`, the parser, lent, with the reader's object; `nil` otherwise. The reader parks
    /// it again with `parkAfterStreaming`.
    package func lendParserForStreaming(on thread: Int) -> (parser: UnsafeMutablePointer<JSONParser>, reader: Unmanaged<AnyObject>)? {
        withStateLocked { state in
            guard state.use == .untouched, let reader = parked.reader, let parser = lendParser(to: thread) else { return nil }
            return (parser, reader)
        }
    }

    /// Parks the parser `lendParserForStreaming` lent again, after the reader's member loop read the
    /// members up to `end`, passing over `passed`; or, `end` being `nil`, after the loop threw (the
    /// object counts as unread).
    package func parkAfterStreaming(end: Int?, passed: SkippedMembers.Passed) {
        withStateLocked { state in
            if let end {
                state.use = .streamed(end: end)
                passedOverMembers = passed
            }
            parked.isParked = true
        }
    }

    /// Under the lock: the reader's parser, lent to the calling call when it is parked here and
    /// `thread` is the reader's; nobody else reaches it until the call parks it again
    /// (`parked.isParked = true`). `nil` otherwise.
    private func lendParser(to thread: Int) -> UnsafeMutablePointer<JSONParser>? {
        guard parked.isParked, parked.thread == thread, let parser = parked.parser else { return nil }
        parked.isParked = false
        return parser
    }

    /// Under the lock: the reader's parser, when it is parked here and `thread` is the reader's, for
    /// `readMember` to read one value with and put back where it stood, before the calling call
    /// returns; `nil` otherwise. Sound to lend while it stays parked: this thread runs only the
    /// parser's `readValue` until it is put back, which reaches no code that could ask for the
    /// parser, and any other thread is refused it (`parked.thread`), so no one else touches it.
    private func lendParserForRead(to thread: Int) -> UnsafeMutablePointer<JSONParser>? {
        guard parked.isParked, parked.thread == thread else { return nil }
        return parked.parser
    }

    /// For the reader, after the code it handed the object to: forgets the parser's address, and
    /// says how the object's bytes were used, or throws the syntax error found in them. The reader's
    /// object stays, for `passedOver`. (Not a tuple of both: each was destroyed through the
    /// runtime's generic tuple witness.)
    @usableFromInline package func takeBack() throws(JSONSyntaxError) -> Use {
        var use = Use.untouched
        let error = withStateLocked { state -> JSONSyntaxError? in
            parked.parser = nil
            parked.isParked = false
            use = state.use
            return state.error
        }
        if let error { throw error }
        return use
    }

    /// The members, read from the bytes on first use. Malformed bytes read as an empty object and
    /// leave the error in `error` for the reader to throw.
    @usableFromInline package var object: JSONObject {
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

    /// Runs `body` with the state while holding this object's striped lock, under which the other
    /// mutable fields are reached too. `body` must not take a striped lock again (see
    /// `StripedLocks`).
    @inline(__always)
    private func withStateLocked<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        try StripedLocks.withLock(for: self) { try body(&state) }
    }
}
