import BaseModelKitJSON
import SwiftShims

// The three runtime entry points that the standard library's own reflection (`Mirror`,
// `_forEachField`) is built on. They are exported by the Swift runtime on every platform and are
// declared here exactly as the standard library declares them. Sound because the declarations match
// the runtime's C signatures (the standard library's own `ReflectionMirror.swift` uses these), and
// `ReflectionSelfTest` checks the answers on a probe class before any plan relies on them.

@_silgen_name("swift_reflectionMirror_recursiveCount")
private func runtimeRecursiveFieldCount(_ type: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func runtimeRecursiveFieldMetadata(
    _ type: Any.Type,
    index: Int,
    fieldMetadata: UnsafeMutablePointer<_FieldReflectionMetadata>
) -> Any.Type

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func runtimeRecursiveFieldOffset(_ type: Any.Type, index: Int) -> Int

/// Reads the stored fields of classes from the Swift runtime's field metadata.
enum RuntimeFields {
    /// The stored fields of instances of `type`, superclass fields first, in declaration order.
    ///
    /// Sound because the runtime functions only read metadata: the name is copied into a `String`
    /// before the runtime's copy is freed with the function the runtime supplies for that purpose.
    static func storedFields(of type: AnyClass) -> [StoredField] {
        let count = runtimeRecursiveFieldCount(type)
        let owners = declaringClasses(of: type, fieldCount: count)
        var fields: [StoredField] = []
        fields.reserveCapacity(count)
        for index in 0..<count {
            var metadata = _FieldReflectionMetadata()
            let fieldType = runtimeRecursiveFieldMetadata(type, index: index, fieldMetadata: &metadata)
            let name = metadata.name.map { String(cString: $0) } ?? ""
            metadata.freeFunc?(metadata.name)
            fields.append(StoredField(
                name: name,
                offset: runtimeRecursiveFieldOffset(type, index: index),
                type: fieldType,
                isVar: metadata.isVar,
                isStrong: metadata.isStrong,
                declaringClass: owners[index]))
        }
        return fields
    }

    /// The class that declares each of the first `fieldCount` fields: a superclass's fields come first
    /// and number as many as the superclass reports for itself.
    private static func declaringClasses(of type: AnyClass, fieldCount: Int) -> [AnyClass] {
        var chain: [AnyClass] = [type]
        while let superclass = RuntimeFields.superclass(of: chain[chain.count - 1]) {
            chain.append(superclass)
        }
        var owners: [AnyClass] = []
        for cls in chain.reversed() {
            let count = runtimeRecursiveFieldCount(cls)
            while owners.count < min(count, fieldCount) {
                owners.append(cls)
            }
        }
        while owners.count < fieldCount {
            owners.append(type)
        }
        return owners
    }

    /// The superclass of a Swift class, or `nil` for a root class.
    static func superclass(of type: AnyClass) -> AnyClass? {
        _getSuperclass(type)
    }
}
