import BaseModelKitJSON
/// Keeps values of one-byte trivial types — enums without payloads, such as raw-value enums — as
/// their bit pattern, and makes them again from it.
///
/// Decoding a raw-value enum through `init(rawValue:)` in the engine's unspecialised code makes a
/// `String`, looks up the metadata of `Optional<Enum>` and runs the enum's string switch, for every
/// value. `LearnedEnumCases` instead remembers, for each raw value it has seen, the bit pattern of
/// the case `init(rawValue:)` gave.
///
/// Why it is sound: `isStorable` admits only types that are trivial (`_isPOD`: no references, copied
/// bit by bit) and exactly one byte long. `bits(of:)` reads the byte of a value that exists, and
/// `value(bits:)` is only ever given a byte that `bits(of:)` returned for the same type, so every
/// value it makes is a bit-for-bit copy of a valid one — which is what copying a trivial value is.
/// `unsafeBitCast` checks at run time that both sizes are one byte. The "Trivial bits" tests round-trip
/// every case of raw-value enums with 2 and 256 cases and checks that payload enums, strings and
/// two-byte types are refused.
enum TrivialBits {
    /// Whether values of `type` can be kept as one byte.
    static func isStorable<T>(_ type: T.Type) -> Bool {
        _isPOD(T.self) && MemoryLayout<T>.size == 1
    }

    /// The bit pattern of `value`, of a type for which `isStorable` is true.
    static func bits<T>(of value: T) -> UInt8 {
        unsafeBitCast(value, to: UInt8.self)
    }

    /// The value whose bit pattern `bits(of:)` returned.
    static func value<T>(bits: UInt8, as type: T.Type) -> T {
        unsafeBitCast(bits, to: T.self)
    }
}
