/// How JSON is read: limits for the parser and how values are converted into model properties.
///
/// A plain value type: `var options = DecodingOptions(); options.coercion = .strict; options.maxDepth = 64`.
public struct DecodingOptions: Sendable {
    /// How strictly JSON types must match property types.
    public enum Coercion: Sendable, Hashable {
        /// Accepts `"12"` for numbers, numbers for strings, `"true"`/`"false"`/`"1"`/`"0"` and `0`/`1`
        /// for `Bool`; `null` for a non-optional property leaves it unchanged. The default.
        case lenient
        /// Accepts exact JSON types only; `null` for a non-optional property is an error.
        case strict
    }

    /// The deepest nesting of arrays and objects accepted; deeper input is an error, never a stack
    /// overflow. The default is 512.
    public var maxDepth: Int

    /// How strictly JSON types must match property types; `.lenient` by default. Lossy conversions
    /// (1.5 or 300 into `Int8`, `1e400` into `Double`) are errors either way.
    public var coercion: Coercion

    /// How a `Date` property without a transformer is read; seconds since 1970 by default.
    public var dateStrategy: JSONTransformer

    /// Options with the defaults.
    public init() {
        maxDepth = 512
        coercion = .lenient
        dateStrategy = .secondsSince1970
    }
}
