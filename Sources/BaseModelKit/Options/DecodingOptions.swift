import BaseModelKitJSON
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

    /// What a decode does when a mapped key is missing from an object.
    public enum MissingKeys: Sendable, Hashable {
        /// The property keeps its default (the value `init()` gave it). The default, and always on an
        /// update in place (a partial message names only what changed).
        case keepDefault
        /// Every non-optional mapped property is required: a decode of a new object fails with
        /// `Missing key "o" at bets[2] (Bet.outcomeId).` Updates are not affected.
        case errorForNonOptional
    }

    /// What a decode does with a raw value that no case of a raw-value enum has (a case a newer server
    /// added).
    public enum UnknownEnumCases: Sendable, Hashable {
        /// It is an error, like any value the property cannot hold. The default.
        case error
        /// The property keeps its default: `nil` for an optional, unchanged otherwise; in a collection
        /// the element is left out. Recorded in a `MappingReport`.
        case keepDefault
    }

    /// The deepest nesting of arrays and objects accepted; deeper input is an error, never a stack
    /// overflow. The default is 512.
    public var maxDepth: Int

    /// The most bytes a stream (`decodeElements`, `decodeLines`, `updates(fromLines:)`, a router's
    /// `messages(from:)`) holds for one value — an element, a message — or for the document around
    /// the array of `decodeElements`; a longer one ends the stream with an error at its start, so
    /// that a source that never ends a value cannot use up memory. `nil` (the default): no limit.
    /// Set it when the bytes come from outside.
    public var maxStreamedValueBytes: Int?

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

    /// Whether a decode requires every non-optional mapped property's key (`.errorForNonOptional`) or
    /// lets missing keys keep their defaults (`.keepDefault`, the default). A class requires keys of
    /// its own with `requiredKeys`, whatever this says.
    public var missingKeys: MissingKeys

    /// Whether an unknown raw value of an enum is an error (`.error`, the default) or keeps the
    /// property's default (`.keepDefault`). A class chooses `.keepDefault` for single properties with
    /// `forwardCompatibleEnums`.
    public var unknownEnumCases: UnknownEnumCases

    /// Whether an update in place finds out what it changed (`true`, the default): its `ChangeSet`,
    /// `didUpdate(_:)` and the observers of `@Observable` models. With `false` an update returns an
    /// empty `ChangeSet`, calls no `didUpdate(_:)` and tells no observer, and skips the comparison of
    /// each member before and after — for servers and bulk loads that read no change set. Rollback
    /// on failure is the same either way.
    public var recordsChanges: Bool

    /// The settings for input from outside, as a server wants them: exact JSON types
    /// (`coercion = .strict`), keys the maps do not name refused (`unknownKeys = .reject`), and every
    /// non-optional property required when a new object is decoded
    /// (`missingKeys = .errorForNonOptional`); the rest as the defaults. An update in place still
    /// takes partial objects.
    public static var strict: DecodingOptions {
        var options = DecodingOptions()
        options.coercion = .strict
        options.unknownKeys = .reject
        options.missingKeys = .errorForNonOptional
        return options
    }

    /// Options with the defaults.
    public init() {
        maxDepth = 512
        coercion = .lenient
        // Made in place: the static `.secondsSince1970` cost a `swift_once` and a copy per call.
        dateStrategy = JSONTransformer(kind: .secondsSince1970)
        collections = .strict
        unknownKeys = .ignore
        missingKeys = .keepDefault
        unknownEnumCases = .error
        recordsChanges = true
    }
}

extension DecodingOptions {
    /// What of these options a decode reads, as plain values: options whose signatures are equal
    /// decode alike. `recordsChanges` and `maxStreamedValueBytes` are left out (they are about updates
    /// and streams only); options with a date format or a custom date transformer have no signature,
    /// so they are never taken for others.
    struct DecodeSignature: Equatable {
        let maxDepth: Int
        let coercion: Coercion
        let collections: Collections
        let unknownKeys: UnknownKeys
        let missingKeys: MissingKeys
        let unknownEnumCases: UnknownEnumCases
        let dateStrategy: Int
    }

    @inline(__always)
    var decodeSignature: DecodeSignature? {
        guard let date = dateStrategy.builtInCode else { return nil }
        return DecodeSignature(maxDepth: maxDepth, coercion: coercion, collections: collections, unknownKeys: unknownKeys,
                               missingKeys: missingKeys, unknownEnumCases: unknownEnumCases, dateStrategy: date)
    }
}
