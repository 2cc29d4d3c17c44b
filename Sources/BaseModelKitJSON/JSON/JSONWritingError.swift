/// A `JSON` value that has no JSON text: a number JSON cannot represent, or arrays and objects nested
/// deeper than the writing thread's stack allows.
///
/// Its text reads like `Cannot write NaN at a[2]: JSON has no representation for it.`
public struct JSONWritingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What could not be written.
    public enum Reason: Sendable, Hashable {
        /// A NaN or infinite number (a `JSONNumber` made from such a `Double`).
        case notRepresentable(Double)
        /// Nesting that would overflow the writing thread's stack.
        case stackExhausted
    }

    /// One step down into the value written.
    public enum Step: Sendable, Hashable {
        /// A member of an object, by its key.
        case key(String)
        /// An element of an array, counting from 0.
        case index(Int)
    }

    /// What could not be written.
    public let reason: Reason
    /// Where in the value written, outermost first; empty for the value itself.
    public internal(set) var path: [Step]

    @usableFromInline package init(_ reason: Reason, path: [Step] = []) {
        self.reason = reason
        self.path = path
    }

    /// Where the error is, as messages say it: `at a[2]`, `at the top level`.
    @inlinable package var place: String {
        guard !path.isEmpty else { return "at the top level" }
        return "at " + path.enumerated().map { position, step in
            switch step {
            case .key(let key): position == 0 ? key : "." + key
            case .index(let index): "[\(index)]"
            }
        }.joined()
    }

    /// The error as one sentence.
    public var description: String {
        switch reason {
        case .notRepresentable(let value):
            let name = value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity"
            return "Cannot write \(name) \(place): JSON has no representation for it."
        case .stackExhausted:
            return "Cannot go deeper \(place): the nesting would overflow this thread's stack; run the call on a thread with a larger stack."
        }
    }
}
