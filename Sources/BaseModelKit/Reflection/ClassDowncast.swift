/// Converts a model reference to the declared class of the property it goes into, without a dynamic
/// cast.
///
/// A checked `as!` to a generic class type runs the runtime's dynamic cast and builds the metadata of
/// `Optional<Declared>` on each call (callgrind: about 500 instructions per nested model). It is sound
/// to skip it here because the engine calls this only with an object whose class it built itself and
/// had checked, when the plan was made or when `modelClass(for:)` answered, to be `Declared` or a
/// subclass of it; a reference to an instance of a subclass is a valid reference of the superclass
/// type, so reinterpreting the reference is exactly what the checked cast would have returned.
/// `ReflectionTests` checks both an exact class and a subclass.
enum ClassDowncast {
    static func reference<Declared>(_ object: AnyObject, as type: Declared.Type) -> Declared {
        unsafeBitCast(object, to: Declared.self)
    }
}
