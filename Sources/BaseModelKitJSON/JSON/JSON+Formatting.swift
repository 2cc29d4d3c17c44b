extension JSON {
    /// How JSON text is laid out: flags that change the text written, not its meaning. Written as an
    /// array literal (`[.prettyPrinted, .sortedKeys]`); models use the same flags
    /// (`EncodingOptions.Formatting`).
    public struct Formatting: OptionSet, Sendable, Hashable {
        /// The flags as bits.
        public let rawValue: UInt8

        /// Flags from their bits.
        @inlinable public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        // The flags are computed, not stored: a stored static is reached from another module (the
        // engine's writer asks for `.sortedKeys` per object) through its lazy initialiser's
        // accessor; computed and inlinable, the flag is a constant in the caller.

        /// Line breaks and two-space indentation, with `": "` between a key and its value.
        @inlinable public static var prettyPrinted: Formatting { Formatting(rawValue: 1 << 0) }
        /// Object keys in ascending order of their Unicode scalars instead of their stored order
        /// (for models: declaration order).
        @inlinable public static var sortedKeys: Formatting { Formatting(rawValue: 1 << 1) }
        /// `/` written as `\/` (for JSON embedded in HTML). Off by default: only `"`, `\` and control
        /// characters are escaped.
        @inlinable public static var escapingSlashes: Formatting { Formatting(rawValue: 1 << 2) }
    }
}
