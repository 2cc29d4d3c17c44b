import BaseModelKitJSON
/// How the keys of a dictionary that is not keyed by `String` are written as JSON object keys: an
/// integer or a `LosslessStringConvertible` value as its text, a raw-value enum as its raw value.
///
/// The key type's conformance is looked up again for each key (a cast to the protocol, cached by the
/// runtime) rather than kept in closures: a closure may not capture a metatype that is not
/// `Sendable`.
struct DictionaryKeys<Key: Hashable>: Sendable {
    private enum Kind: Sendable {
        case stringRawValue, intRawValue, lossless
    }

    private let kind: Kind

    /// The key type, as named in messages.
    var name: String { String(describing: Key.self) }

    static func make() -> DictionaryKeys? {
        if let raw = Key.self as? any RawRepresentable.Type {
            func kind<Raw: RawRepresentable>(_: Raw.Type) -> Kind? {
                Raw.RawValue.self == String.self ? .stringRawValue : Raw.RawValue.self == Int.self ? .intRawValue : nil
            }
            if let kind = kind(raw) { return DictionaryKeys(kind: kind) }
        }
        if Key.self is any LosslessStringConvertible.Type {
            return DictionaryKeys(kind: .lossless)
        }
        return nil
    }

    /// The key whose text is `text`, or `nil`.
    func key(_ text: String) -> Key? {
        switch kind {
        case .stringRawValue, .intRawValue:
            // `make` checked the conformance.
            let raw = Key.self as! any RawRepresentable.Type
            return Self.fromRawValue(text, numeric: kind == .intRawValue, as: raw)
        case .lossless:
            let lossless = Key.self as! any LosslessStringConvertible.Type
            return Self.fromText(text, as: lossless)
        }
    }

    private static func fromRawValue<Raw: RawRepresentable>(_ text: String, numeric: Bool, as type: Raw.Type) -> Key? {
        let raw: Raw.RawValue? = numeric ? Int(text).flatMap { $0 as? Raw.RawValue } : text as? Raw.RawValue
        return raw.flatMap { Raw(rawValue: $0) } as? Key
    }

    /// A key unequal to itself (a `Double` made from `"nan"`) is none: no look-up could find its
    /// entry again, so each update that listed it would add another.
    private static func fromText<Text: LosslessStringConvertible>(_ text: String, as type: Text.Type) -> Key? {
        (Text(text) as? Key).flatMap { $0 == $0 ? $0 : nil }
    }

    /// The text of `key`.
    func text(of key: Key) -> String {
        switch kind {
        case .stringRawValue, .intRawValue:
            let raw = (key as! any RawRepresentable).rawValue
            return raw as? String ?? String(describing: raw)
        case .lossless:
            return (key as! any LosslessStringConvertible).description
        }
    }
}
