import BaseModelKitJSON
/// How JSON is written.
///
/// Written as an array literal of formatting flags — `[.prettyPrinted, .sortedKeys]` — or built and
/// adjusted as a value: `var options = EncodingOptions(); options.nilEncoding = .null`.
public struct EncodingOptions: Sendable, ExpressibleByArrayLiteral {
    /// Flags that change the text written, not its meaning: the JSON layer's own
    /// (`.prettyPrinted`, `.sortedKeys`, `.escapingSlashes`).
    public typealias Formatting = JSON.Formatting

    /// What a model property holding `nil` becomes.
    public enum NilEncoding: Sendable, Hashable {
        /// The key is left out. The default.
        case omit
        /// The key is written with `null`.
        case null
    }

    /// The formatting flags; none by default (compact output).
    public var formatting: Formatting

    /// What a `nil` property becomes; left out by default.
    public var nilEncoding: NilEncoding

    /// How a `Date` property without a transformer is written; seconds since 1970 by default.
    public var dateStrategy: JSONTransformer

    /// The deepest nesting of models written; deeper nesting (most often a cycle of references) is an
    /// error, not a stack overflow. The default is 512.
    public var maxDepth: Int

    /// Options with the defaults.
    public init() {
        formatting = []
        nilEncoding = .omit
        // Made in place: the static `.secondsSince1970` cost a `swift_once` and a copy per call.
        dateStrategy = JSONTransformer(kind: .secondsSince1970)
        maxDepth = 512
    }

    /// Options with these formatting flags and every other setting at its default.
    public init(arrayLiteral elements: Formatting...) {
        self.init()
        for element in elements {
            formatting.insert(element)
        }
    }
}
