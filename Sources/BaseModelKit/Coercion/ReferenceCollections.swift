import BaseModelKitJSON
/// Arrays and dictionaries of class references — models, `Codable` classes — built as `[AnyObject]`
/// and `[String: AnyObject]` and handed out as the collection of the element type.
///
/// Why: the coders of collections run as code generic over an element type known only at run time.
/// There, every array or dictionary they made looked up the generic metadata of `Array<Element>`, its
/// storage class and `Optional<Element>` in the runtime's cache. Collections of `AnyObject` are made
/// by specialised code, whose metadata is looked up once per process.
///
/// Why it is sound:
/// - `isReference` admits an element type only when it is a class type (`T.self is AnyObject.Type`)
///   whose values are exactly one reference in size: such a value is a single strong reference, the
///   representation of `AnyObject`. (A class-bound existential with witness tables is larger, an
///   optional is not a class type: both are refused.)
/// - `Array<T>` and `Dictionary<String, T>` hold one reference to their storage whatever `T` is (the
///   storage's declared type is a non-generic base class), and store their elements inline at the
///   same places for every class type `T`: a reference's size and alignment. So an `[AnyObject]`
///   whose elements are all `T`s is, bit for bit, a valid `[T]`, as the standard library itself
///   relies on when it upcasts an array of a class to an array of its superclass in place
///   (`_ContiguousArrayBuffer.cast(toBufferOf:)`, whose documented requirement is only that the
///   elements have the dynamic type), and when on Apple platforms a downcast array keeps its storage.
/// - The storage object keeps its dynamic type (`_ContiguousArrayStorage<AnyObject>`); it releases its
///   elements as `AnyObject`s, which is what releasing a `T` is. Growing the array later allocates
///   storage of the array's own type.
/// - Every element put in is a `T` (`object(_:)` takes a `T`), so every element read out as a `T` is
///   one.
/// - `ReferenceCollectionTests` checks elements' identities and types, appends and copy-on-write after
///   the cast, casts to a superclass's array, releases (weak references cleared) and dictionaries.
enum ReferenceCollections {
    /// Whether values of `type` are single class references, so that collections of them can be made
    /// as collections of `AnyObject`.
    static func isReference<T>(_ type: T.Type) -> Bool {
        T.self is AnyObject.Type && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
    }

    /// `isReference` for a type known only as a metatype.
    static func isReferenceType(_ type: Any.Type) -> Bool {
        func check<T>(_ type: T.Type) -> Bool { isReference(type) }
        return check(type)
    }

    /// Whether `type` is an `Optional` of a type `isReference` admits: a single reference that may be
    /// null, `nil` being the null reference.
    static func isOptionalReference<T>(_ type: T.Type) -> Bool {
        guard let optional = T.self as? any StandardContainer.Type, optional.isOptional else { return false }
        return isReferenceType(optional.elementType) && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
    }

    /// `value` (of a type `isReference` admits) as the reference it is, retained.
    @inline(__always)
    static func object<T>(_ value: T) -> AnyObject {
        // Sound: see the type's comment (a single reference, admitted by `isReference`).
        unsafeBitCast(value, to: AnyObject.self)
    }

    /// `object`, which was a `T` (of a type `isReference` admits), as one.
    @inline(__always)
    static func value<T>(_ object: AnyObject, as type: T.Type) -> T {
        // Sound: see the type's comment (the reference was a `T`).
        unsafeBitCast(object, to: T.self)
    }

    /// `objects`, all of them `T`s (of a type `isReference` admits), as a `[T]`.
    @inline(__always)
    static func array<T>(_ objects: [AnyObject], of type: T.Type) -> [T] {
        // Sound: see the type's comment (every element is a `T`).
        unsafeBitCast(objects, to: [T].self)
    }

    /// `array` (of a type `isReference` admits) as the references it holds.
    @inline(__always)
    static func objects<T>(_ array: [T]) -> [AnyObject] {
        // Sound: see the type's comment (an upcast the standard library makes in place too).
        unsafeBitCast(array, to: [AnyObject].self)
    }

    /// `objects`, all of their values `T`s (of a type `isReference` admits), as a `[String: T]`.
    @inline(__always)
    static func dictionary<T>(_ objects: [String: AnyObject], of type: T.Type) -> [String: T] {
        // Sound: see the type's comment (every value is a `T`).
        unsafeBitCast(objects, to: [String: T].self)
    }

    /// `dictionary` (of a type `isReference` admits) as the references it holds.
    @inline(__always)
    static func objects<T>(_ dictionary: [String: T]) -> [String: AnyObject] {
        // Sound: see the type's comment.
        unsafeBitCast(dictionary, to: [String: AnyObject].self)
    }
}
