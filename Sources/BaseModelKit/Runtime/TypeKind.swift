import BaseModelKitJSON
/// What kind of type the Swift runtime says a type is, read from the first word of its metadata, and
/// the element types of a tuple: what the schema needs to refuse fields whose storage in a class is
/// not what generic code would read and write.
///
/// A function stored in a class (or in an optional or a tuple there) is a thick function in its
/// natural form, while generic code over `Value` sees it reabstracted; a metatype such as `Int.Type`
/// is stored thin (zero bytes) but generic code sees a thick one-word metatype. A typed store through
/// `FieldHandle<Value>` into such a field writes the wrong representation.
enum TypeKind: Equatable {
    case function
    case metatype
    case existentialMetatype
    case tuple
    case other

    /// The kind of `type`. Sound: a metatype value is a pointer to the type's metadata, whose first
    /// word is its kind (the runtime ABI's `MetadataKind`; a class's first word is its isa pointer,
    /// never one of these small values), and every metadata has at least that word.
    init(of type: Any.Type) {
        let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
        switch kind {
        case 0x302: self = .function
        case 0x304: self = .metatype
        case 0x306: self = .existentialMetatype
        case 0x301: self = .tuple
        default: self = .other
        }
    }

    /// The element types of a tuple type; empty for any other type. Sound: tuple metadata (ABI) is
    /// the kind, the element count, a labels pointer, then one (type, offset) pair of words per
    /// element; only those words are read, after the kind says it is a tuple.
    static func tupleElements(of type: Any.Type) -> [Any.Type] {
        guard TypeKind(of: type) == .tuple else { return [] }
        let base = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let word = MemoryLayout<UInt>.stride
        let count = base.load(fromByteOffset: word, as: Int.self)
        return (0..<count).map { index in
            base.load(fromByteOffset: 3 * word + index * 2 * word, as: Any.Type.self)
        }
    }
}
