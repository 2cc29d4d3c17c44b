/// `Optional`, for code generic over the optional type itself (`OptionalCoder`): such code has that
/// type's metadata at hand, where code generic over the wrapped type looks up `Optional<Wrapped>`'s in
/// the runtime's table each time it copies an optional.
protocol OptionalValue {
    associatedtype Wrapped
    static var nilValue: Self { get }
    init(_ some: Wrapped)
    var isNone: Bool { get }
    /// Calls `body` with the wrapped value and returns `true`; returns `false` for `nil`.
    func ifSome(_ body: (Wrapped) throws -> Void) rethrows -> Bool
    mutating func take() -> Wrapped?
}

extension Optional: OptionalValue {
    static var nilValue: Self { nil }
    var isNone: Bool { self == nil }

    func ifSome(_ body: (Wrapped) throws -> Void) rethrows -> Bool {
        guard let self else { return false }
        try body(self)
        return true
    }
}
