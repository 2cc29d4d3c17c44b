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

    /// What happens to an array, set or dictionary when one of its elements cannot be mapped.
    public enum Collections: Sendable, Hashable {
        /// The whole collection fails, and with it the decode. The default.
        case strict
        /// The element is left out (and noted in a `MappingReport`); the rest of the collection is
        /// kept. Malformed JSON is still an error.
        case lossy
    }

    /// What happens to a key that the model's map does not name.
    public enum UnknownKeys: Sendable, Hashable {
        /// It is skipped (and noted in a `MappingReport`). The default.
        case ignore
        /// It is an error: the document must contain mapped keys only.
        case reject
    }

    /// The deepest nesting of arrays and objects accepted; deeper input is an error, never a stack
    /// overflow. The default is 512.
    public var maxDepth: Int

    /// How strictly JSON types must match property types; `.lenient` by default. Lossy conversions
    /// (1.5 or 300 into `Int8`, `1e400` into `Double`) are errors either way.
    public var coercion: Coercion

    /// How a `Date` property without a transformer is read; seconds since 1970 by default.
    public var dateStrategy: JSONTransformer

    /// Whether collections drop the elements that fail to map (`.lossy`) or fail whole (`.strict`,
    /// the default). A class can make single properties lossy with `lossyCollections`.
    public var collections: Collections

    /// Whether keys that a model's map does not name are skipped (`.ignore`, the default) or are an
    /// error (`.reject`). Keys an overridden `deserialize` reads itself count as unknown too: map them.
    public var unknownKeys: UnknownKeys

    /// Options with the defaults.
    public init() {
        maxDepth = 512
        coercion = .lenient
        dateStrategy = .secondsSince1970
        collections = .strict
        unknownKeys = .ignore
    }
}
