import BaseModelKitJSON
/// The standard containers — `Optional`, `Array`, `Set`, `Dictionary` — recognised from a bare type:
/// each names its element type statically and builds its coder from the element's. The schema uses
/// the first to look through containers (`[[Bet]?]` holds `Bet`s); the coder factory the second.
protocol StandardContainer {
    /// The type of the elements (the wrapped type of an `Optional`, the values of a `Dictionary`).
    static var elementType: Any.Type { get }
    /// Whether this is an `Optional`.
    static var isOptional: Bool { get }
    /// A coder for this container type, or `nil` when its elements (or keys) are not mappable.
    static func makeCoder(using factory: CoderFactory) -> Any?
    /// For an `Optional` kept in one trivial byte (of an enum without payloads): the bit pattern of
    /// `nil` (`TrivialBits`); `nil` for anything else.
    static var nilBits: UInt8? { get }
}

extension StandardContainer {
    static var nilBits: UInt8? { nil }
}

extension Optional: StandardContainer {
    static var elementType: Any.Type { Wrapped.self }
    static var isOptional: Bool { true }
    static var nilBits: UInt8? {
        TrivialBits.isStorable(Self.self) && TrivialBits.isStorable(Wrapped.self) ? TrivialBits.bits(of: Self.none) : nil
    }

    static func makeCoder(using factory: CoderFactory) -> Any? {
        guard let wrapped = try? factory.coder(for: Wrapped.self) else { return nil }
        return OptionalCoder<Self>(wrapped: wrapped)
    }
}

extension Array: StandardContainer {
    static var elementType: Any.Type { Element.self }
    static var isOptional: Bool { false }

    static func makeCoder(using factory: CoderFactory) -> Any? {
        guard let element = try? factory.coder(for: Element.self) else { return nil }
        return ArrayCoder<Element>(element: element, isLossy: factory.lossyCollections, identity: factory.identity)
    }
}

extension Set: StandardContainer {
    static var elementType: Any.Type { Element.self }
    static var isOptional: Bool { false }

    static func makeCoder(using factory: CoderFactory) -> Any? {
        guard let element = try? factory.coder(for: Element.self) else { return nil }
        return SetCoder<Element>(element: element, isLossy: factory.lossyCollections)
    }
}

extension Dictionary: StandardContainer {
    static var elementType: Any.Type { Value.self }
    static var isOptional: Bool { false }

    /// JSON object keys are strings: `String` keys map as they are; integer, raw-value enum and other
    /// `LosslessStringConvertible` keys through their text (`DictionaryKeys`).
    static func makeCoder(using factory: CoderFactory) -> Any? {
        // A merge by key is the outermost dictionary's (`BaseModel.mergedDictionaries`).
        var inner = factory
        inner.mergesDictionaryValues = false
        guard let value = try? inner.coder(for: Value.self) else { return nil }
        if Key.self == String.self {
            return DictionaryCoder<Value>(value: value, isLossy: factory.lossyCollections, mergesValues: factory.mergesDictionaryValues)
        }
        guard let keys = DictionaryKeys<Key>.make() else { return nil }
        return KeyedDictionaryCoder<Key, Value>(keys: keys, value: value, isLossy: factory.lossyCollections, mergesValues: factory.mergesDictionaryValues)
    }
}
