/// How JSON is read: limits for the parser and, for models, how values are converted.
///
/// A plain value type: `var options = DecodingOptions(); options.maxDepth = 64`.
public struct DecodingOptions: Sendable {
    /// The deepest nesting of arrays and objects accepted; deeper input is a syntax error, never a
    /// stack overflow. The default is 512.
    public var maxDepth: Int

    /// Options with the defaults.
    public init() {
        maxDepth = 512
    }
}
