extension JSON {
    /// How JSON text is laid out: flags that change the text written, not its meaning. Written as an
    /// array literal (`[.prettyPrinted, .sortedKeys]`); models use the same flags
    /// (`EncodingOptions.Formatting`).
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
}
