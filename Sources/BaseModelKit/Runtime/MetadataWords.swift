import BaseModelKitJSON
/// The words of a class's metadata, read from its address point: how `HookOverrides` tells which
/// of `BaseModel`'s methods a class overrides (its vtable slots). Sound: it reads only words that
/// `wordCount(of:)` found to lie inside the metadata, and never writes; `HookOverrideTests` checks the
/// answers for direct, indirect, generic and foreign subclasses.
struct MetadataWords {
    let base: UnsafeRawPointer

    init(_ type: AnyClass) {
        // Sound: a class object is a pointer to its metadata's address point; only `word(_:)` reads
        // through it, within the words `wordCount(of:)` found.
        base = unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    func word(_ index: Int) -> UInt {
        base.load(fromByteOffset: index * MemoryLayout<UInt>.stride, as: UInt.self)
    }

    /// How many words of metadata lie at and after the address point, from the header's
    /// `ClassSize` − `ClassAddressPoint`; `nil` if those read as nonsense.
    static func wordCount(of type: AnyClass) -> Int? {
        // The header: isa and superclass (plus three words of Objective-C cache and data where there is
        // an Objective-C runtime), then flags, instance address point, instance size, alignment mask and
        // a reserved half-word (16 bytes), then ClassSize and ClassAddressPoint, 32-bit each.
        #if canImport(ObjectiveC)
        let headerWords = 5
        #else
        let headerWords = 2
        #endif
        let sizeOffset = headerWords * MemoryLayout<UInt>.stride + 16
        // Sound: the header words read here exist in every Swift class's metadata (the ABI's
        // ClassMetadata layout), and the values are checked before they are used.
        let base = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let classSize = Int(base.load(fromByteOffset: sizeOffset, as: UInt32.self))
        let addressPoint = Int(base.load(fromByteOffset: sizeOffset + 4, as: UInt32.self))
        guard addressPoint < classSize, classSize <= 1 << 16 else { return nil }
        let count = (classSize - addressPoint) / MemoryLayout<UInt>.stride
        // The header itself and the descriptor, at least, lie after the address point.
        return count > headerWords + 4 ? count : nil
    }
}
