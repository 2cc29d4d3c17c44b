import BaseModelKitJSON
import CBaseModelKitAtomics

/// Typed access to one stored field of an object, at the field's offset.
///
/// A handle can only be made from a `StoredField` whose type is exactly `Value` and which is a strong
/// `var` (`init?(field:)` checks both), so every read and write goes to real storage of that exact type:
/// the store uses `Value`'s own value witnesses (assignment releases the old value and retains the new),
/// exactly as a direct assignment to the property would. `weak`, `unowned` and `let` fields never get
/// a handle: a typed store into them would corrupt the reference count or be ignored by the optimizer.
///
/// What such a store does not do: run `willSet`/`didSet` observers or property-wrapper logic (the
/// schema refuses wrapped properties), or take part in the dynamic exclusivity checks. The engine only
/// writes to objects it created or that the caller handed to it for the duration of the call.
///
/// `_fixLifetime(object)` after each access keeps the object alive until the access is done, so the
/// optimizer cannot release it between taking its address and using it. (The standard library's
/// `withExtendedLifetime` and `extendLifetime` were not inlined here: a generic call per field, and
/// a closure call too for the first.)
///
/// ThreadSanitizer does not see these accesses (the store runs `Value`'s value witnesses, which are
/// not instrumented, and Swift's own instrumentation covers only accesses it compiles as such), so
/// each one also tells the sanitizer which bytes it reads or writes (`bmk_sanitizer_read`/`_write`) in
/// a build with `-DBASEMODELKIT_THREAD_SANITIZER`, which `Scripts/sanitizers.sh thread` passes (other
/// builds compile no call). `Scripts/sanitizers.sh thread` proves it with a deliberate race.
struct FieldHandle<Value> {
    let offset: Int

    init?(field: StoredField) {
        guard field.type == Value.self, field.isWritable else { return nil }
        offset = field.offset
    }

    /// The same field as its bit pattern, for a `Value` kept in one trivial byte (an enum without
    /// payloads: `TrivialBits.isStorable`, checked here).
    @inline(__always)
    var bits: FieldHandle<UInt8> {
        // Sound: a trivial one-byte `Value` is stored as exactly one byte, which a `UInt8` reads and
        // writes as `TrivialBits` does; callers write only bits read from real values of `Value`.
        precondition(TrivialBits.isStorable(Value.self), "bits of a field that is not one trivial byte")
        return FieldHandle<UInt8>(checkedOffset: offset)
    }

    /// A handle of the field at `offset`, which the caller has checked as `init?(field:)` does.
    private init(checkedOffset offset: Int) {
        self.offset = offset
    }

    /// The field's current value in `object`, which must be an instance of the class (or a subclass
    /// of the class) the field was read from.
    @inline(__always)
    func read(from object: AnyObject) -> Value {
        // A strong `var` of exactly `Value` (checked by `init?`) is a field `FieldReader` reads.
        FieldReader(checkedOffset: offset).read(from: object)
    }

    /// Whether the field holds the null reference: for a field whose type is an optional of a single
    /// class reference (`ReferenceCollections.isOptionalReference`), or of an array or dictionary
    /// (one reference to its storage, never null), whether it is `nil`.
    @inline(__always)
    func holdsNilReference(in object: AnyObject) -> Bool {
        // Sound: the caller checked that `Value` is an optional of a reference (or of a collection's
        // storage reference), one pointer in size, which `nil` leaves null; the field's first word is
        // read as the integer it is, without retaining anything, while `object` is alive (until
        // `_fixLifetime`).
        let address = fieldAddress(in: object, offset: offset, size: MemoryLayout<UInt>.size)
        let isNull = address.load(as: UInt.self) == 0
        _fixLifetime(object)
        return isNull
    }

    /// The reference the field holds, retained, or `nil`: for a field whose type is an optional of a
    /// single class reference (`ReferenceCollections.isOptionalReference`).
    @inline(__always)
    func reference(in object: AnyObject) -> AnyObject? {
        // Sound: as for `holdsNilReference`; the word is loaded as an `AnyObject?`, the layout of an
        // optional of any class reference, which copies (retains) the reference.
        let address = fieldAddress(in: object, offset: offset, size: MemoryLayout<UInt>.size)
        let reference = address.load(as: AnyObject?.self)
        _fixLifetime(object)
        return reference
    }

    /// The field's value in `object` as a `Representation`, a type that represents every `Value`
    /// bit for bit (an array of class references as `[AnyObject]`): the caller has checked that it
    /// does. Copied (retained) as a `Representation`.
    @inline(__always)
    func read<Representation>(from object: AnyObject, as representation: Representation.Type) -> Representation {
        precondition(MemoryLayout<Representation>.size == MemoryLayout<Value>.size, "read(from:as:) of a type of another size")
        // Sound: the field holds a `Value` (checked by `init?`), which the caller's type represents
        // bit for bit (a load of a layout-compatible type, which `load(as:)` allows); the copy is
        // made by `Representation`'s value witnesses, as a copy of the `Value` would be, while
        // `object` is alive (until `_fixLifetime`). `IdentityMergeTests`, `MergedDictionaryTests` and
        // `PartialCollectionTests` merge through it.
        let address = fieldAddress(in: object, offset: offset, size: MemoryLayout<Value>.size)
        let value = UnsafeRawPointer(address).load(as: Representation.self)
        _fixLifetime(object)
        return value
    }

    /// Replaces the field's value in `object`, releasing the old value.
    func write(_ value: Value, to object: AnyObject) {
        // Sound: as for `read`; the assignment uses `Value`'s own value witnesses (old value released).
        let address = fieldAddress(in: object, offset: offset, size: MemoryLayout<Value>.size, writes: true)
        address.assumingMemoryBound(to: Value.self).pointee = value
        _fixLifetime(object)
    }
}

/// The address of the field at `offset` in `object`, its `size` bytes announced to ThreadSanitizer as
/// read, or written when `writes`, in a build that checks races (see `FieldHandle`).
///
/// Sound: the object's address is taken without retaining it; each caller keeps `object` alive until
/// it is done with the address (`_fixLifetime`) and accesses only the field's own bytes.
@inline(__always)
func fieldAddress(in object: AnyObject, offset: Int, size: Int, writes: Bool = false) -> UnsafeMutableRawPointer {
    let address = Unmanaged.passUnretained(object).toOpaque().advanced(by: offset)
    #if BASEMODELKIT_THREAD_SANITIZER
    if writes { bmk_sanitizer_write(address, size) } else { bmk_sanitizer_read(address, size) }
    #endif
    return address
}
