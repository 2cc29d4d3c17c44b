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

    private struct State {
        var use: Use = .untouched
        var object: JSONObject?
        var error: JSONSyntaxError?
    }

    /// The whole document.
    let bytes: [UInt8]
    /// Where the object's `{` is.
    let start: Int
    /// How much deeper than the object itself nesting may go.
    let remainingDepth: Int
    private let state = Mutex(State())

    init(bytes: [UInt8], start: Int, remainingDepth: Int) {
        self.bytes = bytes
        self.start = start
        self.remainingDepth = remainingDepth
    }

    /// How the object's bytes were used so far.
    var use: Use { state.withLock { $0.use } }

    /// How the object's bytes were used, and the syntax error found in them if any, in one look.
    var outcome: (use: Use, error: JSONSyntaxError?) { state.withLock { ($0.use, $0.error) } }

    /// The syntax error found while reading the members, if any (the members then read as empty).
    var error: JSONSyntaxError? { state.withLock { $0.error } }

    /// Records that a streaming reader consumed the object, which ended at `end`.
    func markStreamed(end: Int) {
        state.withLock { $0.use = .streamed(end: end) }
    }

    /// The members, read from the bytes on first use. Malformed bytes read as an empty object and
    /// leave the error in `error` for the reader to throw.
    var object: JSONObject {
        state.withLock { state in
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
                if case .untouched = state.use {
                    state.use = .materialized(end: parser.position)
                } else if case .streamed(let end) = state.use {
                    state.use = .materialized(end: end)
                }
            } catch {
                state.error = error
                state.object = JSONObject()
            }
            return state.object!
        }
    }
}
