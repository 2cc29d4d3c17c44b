import BaseModelKitJSON
import Foundation

/// A two-way conversion between JSON and a property's value, for types BaseModelKit does not map on
/// its own or that a server spells its own way (dates above all).
///
/// Give one per property name in `transformers`:
///
///     override class var transformers: [String: JSONTransformer] {
///         ["startsAt": .iso8601, "price": .custom(decode: { json in try Price(json) }, encode: { $0.json })]
///     }
///
/// A transformer for `T` also serves properties of type `T?`, `[T]`, `Set<T>` and `[String: T]`.
public struct JSONTransformer: Sendable {
    enum Kind: Sendable {
        case secondsSince1970
        case millisecondsSince1970
        case iso8601
        case dateFormat(FixedDateFormat)
        case custom(any LeafCoderProviding)
    }

    let kind: Kind

    /// A number for each built-in transformer without settings (`secondsSince1970`,
    /// `millisecondsSince1970`, `iso8601`); `nil` for formats and custom transformers, which no number
    /// can stand for. Stored: found from `kind` on every decode, it copied the kind, payload and all.
    let builtInCode: Int?

    init(kind: Kind) {
        self.kind = kind
        builtInCode = switch kind {
        case .secondsSince1970: 1
        case .millisecondsSince1970: 2
        case .iso8601: 3
        case .dateFormat, .custom: nil
        }
    }

    /// A `Date` as a number of seconds since 1 January 1970 UTC (fractions allowed).
    public static let secondsSince1970 = JSONTransformer(kind: .secondsSince1970)

    /// A `Date` as a number of milliseconds since 1 January 1970 UTC.
    public static let millisecondsSince1970 = JSONTransformer(kind: .millisecondsSince1970)

    /// A `Date` as ISO 8601 text, `2026-11-22T10:15:00Z`, with or without fractional seconds (written
    /// with milliseconds when the date has a fraction of a second).
    public static let iso8601 = JSONTransformer(kind: .iso8601)

    /// A `Date` as text in a fixed format such as `yyyyMMddHHmmss` or `MMMM d, yyyy`, read and written
    /// in `timeZone` (UTC unless given; a zone the format itself spells wins) with `locale` (POSIX
    /// unless given: month and day names in English).
    public static func dateFormat(_ format: String, timeZone: TimeZone = TimeZone(identifier: "UTC")!, locale: Locale = Locale(identifier: "en_US_POSIX")) -> JSONTransformer {
        JSONTransformer(kind: .dateFormat(FixedDateFormat(format: format, timeZone: timeZone, locale: locale)))
    }

    /// A `Date` as text read and written by a `DateFormatter` of your own (its format, zone, locale,
    /// calendar and leniency). The transformer keeps a copy, made now, and uses it under a lock:
    /// changing `formatter` afterwards does not change the transformer.
    public static func formatter(_ formatter: DateFormatter) -> JSONTransformer {
        // Sound to share: the copy is reachable only through `FixedDateFormat`'s lock.
        let copy = formatter.copy() as! DateFormatter
        return JSONTransformer(kind: .dateFormat(FixedDateFormat(formatter: copy)))
    }

    /// A `Decimal` written as a JSON string, `"0.0024"`, as exchanges send prices and sizes: read
    /// exactly from a string that holds a JSON number, or from a number, in either coercion mode.
    /// `Decimal` keeps the value, not its text, so trailing zeros are not written back
    /// (`"0.00100000"` is written `"0.001"`).
    public static let decimalString = JSONTransformer(kind: .custom(DecimalTextCoder()))

    /// A conversion of your own between JSON and `T`. A closure that throws makes decoding or encoding
    /// fail with a `MappingError` that carries the path and wraps the thrown error.
    public static func custom<T>(
        decode: @escaping @Sendable (JSON) throws -> T,
        encode: @escaping @Sendable (T) throws -> JSON
    ) -> JSONTransformer {
        JSONTransformer(kind: .custom(CustomCoder(decodeValue: decode, encodeValue: encode)))
    }

    /// The type this transformer converts.
    var valueType: Any.Type {
        switch kind {
        case .custom(let provider): return provider.valueType
        default: return Date.self
        }
    }

    /// The coder for the transformed type itself.
    var leafCoder: any LeafCoderProviding {
        switch kind {
        case .custom(let provider): return provider
        default: return dateCoder()
        }
    }

    /// The coder of a date transformer (or, for a custom one, a coder that refuses dates).
    func dateCoder() -> TransformedDateCoder {
        TransformedDateCoder(kind: kind)
    }
}
