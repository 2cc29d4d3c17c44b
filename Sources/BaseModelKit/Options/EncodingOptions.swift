/// How JSON is written.
///
/// Written as an array literal of formatting flags — `[.prettyPrinted, .sortedKeys]` — or built and
/// adjusted as a value: `var options = EncodingOptions(); options.nilEncoding = .null`.
public struct EncodingOptions: Sendable, ExpressibleByArrayLiteral {
    /// Flags that change the text written, not its meaning.
    public struct Formatting: OptionSet, Sendable, Hashable {
        /// The flags as bits.
        public let rawValue: UInt8

        /// Flags from their bits.
        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// Line breaks and two-space indentation, with `": "` between a key and its value.
        public static let prettyPrinted = Formatting(rawValue: 1 << 0)
        /// Object keys in ascending order of their Unicode scalars instead of their stored order
        /// (for models: declaration order).
        public static let sortedKeys = Formatting(rawValue: 1 << 1)
        /// `/` written as `\/` (for JSON embedded in HTML). Off by default: only `"`, `\` and control
        /// characters are escaped.
        public static let escapingSlashes = Formatting(rawValue: 1 << 2)
    }

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
        dateStrategy = .secondsSince1970
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

extension EncodingOptions {
    /// `formatting` as the JSON writer's own layout flags (the same bits).
    var writerFormatting: JSONWriter.Formatting {
        JSONWriter.Formatting(rawValue: formatting.rawValue)
    }
}
