/// How JSON is written.
///
/// Written as an array literal of formatting flags — `[.prettyPrinted, .sortedKeys]` — or built and
/// adjusted as a value: `var options = EncodingOptions(); options.formatting.insert(.sortedKeys)`.
public struct EncodingOptions: Sendable, ExpressibleByArrayLiteral {
    /// Flags that change the text written, not its meaning.
    public struct Formatting: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8

        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// Line breaks and two-space indentation, with `": "` between a key and its value.
        public static let prettyPrinted = Formatting(rawValue: 1 << 0)
        /// Object keys in ascending order of their Unicode scalars instead of their stored order.
        public static let sortedKeys = Formatting(rawValue: 1 << 1)
        /// `/` written as `\/` (for JSON embedded in HTML). Off by default: only `"`, `\` and control
        /// characters are escaped.
        public static let escapingSlashes = Formatting(rawValue: 1 << 2)
    }

    /// The formatting flags; none by default (compact output in stored key order).
    public var formatting: Formatting

    /// Options with the defaults.
    public init() {
        formatting = []
    }

    /// Options with these formatting flags and every other setting at its default.
    public init(arrayLiteral elements: Formatting...) {
        self.init()
        for element in elements {
            formatting.insert(element)
        }
    }
}
