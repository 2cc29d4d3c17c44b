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

/// A coder of a dictionary of models, which an update merges by key, merging on the dictionary as
/// its references: what the member loop of an update calls for such a property
/// (`ModelCollectionMember`), with no value of the property's own type in between. (Through the
/// property's access and the generic member decode, each such merge copied the dictionary through
/// its value witnesses and retained and released the access.)
protocol ModelDictionaryMerging {
    /// Whether an update merges the coder's dictionaries (of models) rather than reading them anew.
    var mergesModels: Bool { get }

    /// Merges the object at the parser's position into `models` in place, as
    /// `decode(from:merging:session:)` merges it in an update, telling `changing` of each entry it
    /// changes — its key, the model it holds (`nil`: none) and the one it is to hold — right before
    /// the change, which cannot fail, so that an error thrown later leaves every change told. A
    /// model merged in place is not an entry changed: its own member loop logs and records its
    /// writes. A merge that changes no entry changes nothing of `models`.
    func mergeModels(from parser: inout JSONParser, into models: inout [String: AnyObject], session: DecodingSession,
                     changing: (_ key: String, _ old: AnyObject?, _ new: AnyObject?) -> Void) throws

    /// The model `id` names in `models`, as `ModelAddressing.address(_:in:positions:session:)`
    /// finds it in the dictionary.
    func addressModel(_ id: JSON?, among models: [String: AnyObject], positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel
}

/// `ModelDictionaryMerging` for an array of models merged by identity.
protocol ModelArrayMerging {
    /// Whether an update merges the coder's arrays (of models, by identity).
    var mergesModels: Bool { get }

    /// `current` merged with the array at the parser's position, as `decode(from:merging:session:)`
    /// merges it in an update; `nil` when the result holds the same objects in the same order.
    func mergeModels(from parser: inout JSONParser, into current: [AnyObject], session: DecodingSession) throws -> [AnyObject]?

    /// Whether an update lists only the elements that changed (`BaseModel.partialCollections`): then
    /// it merges with `mergePart`.
    var mergesInPart: Bool { get }

    /// `ArrayCoder.mergePart` on the coder's array of models, for a coder that `mergesInPart`.
    func mergePart(from parser: inout JSONParser, into elements: inout [AnyObject], positions: inout [IdentityKey: Int]?, session: DecodingSession,
                   editing: (PartialEdit) -> Void) throws

    /// The model `id` names in `elements`, as `ModelAddressing.address(_:in:positions:session:)`
    /// finds it in the array.
    func addressModel(_ id: JSON?, among elements: [AnyObject], positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel

    /// The identity of `element`, a model of the array, as the maps write it.
    func identity(of element: AnyObject) -> JSON?
}

/// What a step of an `IdentityPath` found in a property (see `ModelAddressing`, above this layer):
/// declared here, where the coders of collections of models find it on their references.
enum AddressedModel {
    /// The model, with its step in a `MappingPath` below the property (`nil` for a model property).
    case found(AnyObject, MappingPath.Component?)
    /// No model has the identity (or the property holds `nil`).
    case absent
    /// The property holds nothing a step can name: why.
    case notAddressable(String)
}
