import BaseModelKitJSON
/// One stored field of a class instance, as the Swift runtime describes it.
struct StoredField {
    /// The field's name as declared (`firstName`), or as the compiler stores it for special storage
    /// (`_value` behind a property wrapper, `$__lazy_storage_$_value` behind `lazy`).
    let name: String
    /// The byte offset of the field's storage from the start of the object.
    let offset: Int
    /// The field's exact type.
    let type: Any.Type
    /// Whether the field is a `var` (`false` for `let`).
    let isVar: Bool
    /// Whether the field holds a strong reference or a value (`false` for `weak` and `unowned`).
    let isStrong: Bool
    /// The class that declares the field.
    let declaringClass: AnyClass

    /// Whether the engine may store into the field through its offset: only strong `var`s are sound.
    var isWritable: Bool { isVar && isStrong }

    /// The prefix the compiler gives the storage of a `lazy var`.
    static let lazyStoragePrefix = "$__lazy_storage_$_"
}

extension StoredField: @unchecked Sendable {
    // A stored field is an immutable description (strings, integers, Booleans and metatypes) that
    // is never mutated after the runtime hands it out, so sharing it between threads is sound. The
    // compiler cannot see that `Any.Type` and `AnyClass` values are safe to share, hence @unchecked.
}
