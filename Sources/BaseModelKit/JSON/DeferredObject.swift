import Synchronization

/// An object of a document that has not been read into a `JSONObject` yet, because the reader may
/// fill typed storage straight from its bytes instead. It is read (once) the first time anyone asks
/// for its members, so code that looks at the object sees exactly what a tree would have shown.
final class DeferredObject: Sendable {
    /// How the object's bytes were used.
    enum Use: Equatable {
        /// Nobody has read the object.
        case untouched
        /// A streaming reader consumed it; it ended at `end`.
        case streamed(end: Int)
        /// It was read into members; it ended at `end`.
        case materialized(end: Int)
    }

    private struct Materialized {
        var object: JSONObject?
        var error: JSONSyntaxError?
    }

    /// The whole document.
    let bytes: [UInt8]
    /// Where the object's `{` is.
    let start: Int
    /// How much deeper than the object itself nesting may go.
    let remainingDepth: Int
    /// Whether `bytes` hold exactly this object, compact, as a writer made them (so a writer may copy
    /// them as they are), rather than a document the object is part of.
    let isStandalone: Bool
    /// What the reader that made this object needs to find again when a hook hands it back (the
    /// decoding session), so that it need not look it up in a task-local value per object.
    let context: (any AnyObject & Sendable)?
    /// `use`, packed in one word so that the common path (streamed, never materialized) takes no
    /// lock: 0 untouched, `end * 2 + 1` streamed, `end * 2 + 2` materialized.
    private let packedUse = Atomic<Int>(0)
    /// The members and any syntax error, once read; locked because readers may race to read them.
    private let materialized = Mutex(Materialized())

    init(bytes: [UInt8], start: Int, remainingDepth: Int, context: (any AnyObject & Sendable)? = nil) {
        self.bytes = bytes
        self.start = start
        self.remainingDepth = remainingDepth
        self.isStandalone = false
        self.context = context
    }

    /// The object at the parser's position (a `{`), not read yet.
    convenience init(at parser: JSONParser, context: (any AnyObject & Sendable)?) {
        self.init(bytes: parser.bytes, start: parser.position, remainingDepth: parser.maxDepth - parser.depth, context: context)
    }

    /// An object already written as compact JSON in `bytes`: read only if someone asks for its
    /// members, copied as it is by a compact writer otherwise.
    init(written bytes: [UInt8]) {
        self.bytes = bytes
        self.start = 0
        self.remainingDepth = Int.max / 2
        self.isStandalone = true
        self.context = nil
    }

    /// How the object's bytes were used so far.
    var use: Use {
        let packed = packedUse.load(ordering: .acquiring)
        if packed == 0 { return .untouched }
        return packed % 2 == 1 ? .streamed(end: (packed - 1) / 2) : .materialized(end: (packed - 2) / 2)
    }

    /// The syntax error found while reading the members, if any (the members then read as empty).
    var error: JSONSyntaxError? {
        guard case .materialized = use else { return nil }
        return materialized.withLock { $0.error }
    }

    /// How the object's bytes were used, and the syntax error found in them if any.
    var outcome: (use: Use, error: JSONSyntaxError?) { (use, error) }

    /// Records that a streaming reader consumed the object, which ended at `end`.
    func markStreamed(end: Int) {
        packedUse.store(end * 2 + 1, ordering: .releasing)
    }

    /// The value of one key, found without reading the object into members when it has not been read
    /// yet: the object's keys are scanned and every other value is checked and skipped, not built. The
    /// last value wins when a key repeats, as in a full read. `nil` when the key is absent or the bytes
    /// are malformed (whoever reads the object next reports that error).
    func value(forKey key: String) -> JSON? {
        if let object = materialized.withLock({ $0.object }) {
            return object[key]
        }
        var parser: JSONParser
        do throws(JSONSyntaxError) {
            parser = try JSONParser(bytes: bytes, maxDepth: max(remainingDepth, 1))
        } catch {
            return nil
        }
        parser.position = start
        do throws(JSONSyntaxError) {
            try parser.enterContainer()
            guard let found = try parser.lastMemberValue(named: key) else { return nil }
            parser.position = found.position
            parser.depth = found.depth
            return try parser.readValue()
        } catch {
            return nil
        }
    }

    /// The members, read from the bytes on first use. Malformed bytes read as an empty object and
    /// leave the error in `error` for the reader to throw.
    var object: JSONObject {
        materialized.withLock { state in
            if let object = state.object { return object }
            var parser: JSONParser
            do throws(JSONSyntaxError) {
                parser = try JSONParser(bytes: bytes, maxDepth: max(remainingDepth, 1))
            } catch {
                state.error = error
                state.object = JSONObject()
                return JSONObject()
            }
            parser.position = start
            do throws(JSONSyntaxError) {
                let value = try parser.readValue()
                state.object = value.object ?? JSONObject()
                let end: Int
                switch use {
                case .streamed(let streamedEnd), .materialized(let streamedEnd): end = streamedEnd
                case .untouched: end = parser.position
                }
                packedUse.store(end * 2 + 2, ordering: .releasing)
            } catch {
                state.error = error
                state.object = JSONObject()
                packedUse.store(start * 2 + 2, ordering: .releasing)
            }
            return state.object!
        }
    }
}
