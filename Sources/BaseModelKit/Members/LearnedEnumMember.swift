import BaseModelKitJSON
/// An enum property, or an optional one, whose coder learns its cases (`LearnedEnumCases`), as the
/// byte it is kept in.
struct LearnedEnumMember {
    let cases: LearnedEnumCases
    /// The property as its byte.
    let field: FieldHandle<UInt8>
    /// For an optional, the byte of `nil`.
    let nilBits: UInt8?

    /// `nil` unless `Value` is kept in one trivial byte: an enum, or an optional of one whose `nil`
    /// fits in the same byte (then a case's byte is the same in both).
    init?<Value>(cases: LearnedEnumCases, handle: FieldHandle<Value>) {
        guard TrivialBits.isStorable(Value.self) else { return nil }
        if let container = Value.self as? any StandardContainer.Type, container.isOptional {
            guard let nilBits = container.nilBits else { return nil }
            self.nilBits = nilBits
        } else {
            nilBits = nil
        }
        self.cases = cases
        field = handle.bits
    }
}
