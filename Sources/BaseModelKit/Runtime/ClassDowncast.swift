import BaseModelKitJSON
/// Converts a class reference to a class its object is known to be an instance of, without a dynamic
/// cast (the engine uses it for model references and the declared class of the property they go into).
///
/// A checked `as!` to a generic class type runs the runtime's dynamic cast and builds the metadata of
/// `Optional<Declared>` on each call. It is sound to skip it here because the engine calls this only
/// with an object whose class it built itself and had checked, when the plan was made or when
/// `modelClass(for:)` answered, to be `Declared` or a subclass of it; a reference to an instance of a
/// subclass is a valid reference of the superclass type, so reinterpreting the reference is exactly
/// what the checked cast would have returned. The "Class downcast" tests check both an exact class and
/// a subclass.
enum ClassDowncast {
    static func reference<Declared>(_ object: AnyObject, as type: Declared.Type) -> Declared {
        unsafeBitCast(object, to: Declared.self)
    }

    /// A value of a generic type that the caller knows to be a class reference of `Base` or of a
    /// subclass of it, lent to `body` as a `Base` reference, without the dynamic cast `as?` runs for a
    /// generic value and without a copy (returning the reference made an owned one: a retain and a
    /// release per model written). Sound for the same reason: model coders are made only for
    /// `BaseModel` and its subclasses (`ModelCoder.init` checks it), and a subclass reference is a
    /// valid reference of its superclass type. A class reference is one pointer whatever its static
    /// class, so the value's bits are read as the object's address; `value`, the caller's argument,
    /// holds the object for the whole call (`_fixLifetime` after it), so the reference stays valid
    /// while `body` runs. (Through `withUnsafePointer` or `withExtendedLifetime`, it would cost a
    /// generic closure call per model in unspecialised code.)
    @inline(__always)
    static func withReference<Declared, Base: AnyObject, Result>(to value: Declared, as base: Base.Type, _ body: (Base) throws -> Result) rethrows -> Result {
        defer { _fixLifetime(value) }
        let pointer = unsafeBitCast(value, to: UnsafeRawPointer.self)
        return try Unmanaged<Base>.fromOpaque(pointer)._withUnsafeGuaranteedRef { try body($0) }
    }
}
