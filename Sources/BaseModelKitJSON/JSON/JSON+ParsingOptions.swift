extension JSON {
    /// How `JSON(parsing:options:)` reads a document: the JSON layer's own options, apart from the
    /// model options (`DecodingOptions`).
    public struct ParsingOptions: Sendable, Hashable {
        /// The deepest nesting of arrays and objects read; deeper input is a `JSONSyntaxError`, not a
        /// stack overflow. The default is 512.
        public var maxDepth: Int

        /// Options with the defaults.
        public init() {
            maxDepth = 512
        }
    }
}
