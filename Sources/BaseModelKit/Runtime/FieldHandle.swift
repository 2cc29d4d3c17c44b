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
/// `extendLifetime(object)` after each access keeps the object alive until the access is done, so the
/// optimizer cannot release it between taking its address and using it. (It replaces a
/// `withExtendedLifetime` closure, which was not inlined: a generic call and a closure call per
/// field.)
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
    /// class reference (`ReferenceCollections.isOptionalReference`), whether it is `nil`.
    @inline(__always)
    func holdsNilReference(in object: AnyObject) -> Bool {
        // Sound: the caller checked that `Value` is an optional reference, one pointer in size, which
        // `nil` leaves null; the field's first word is read as the integer it is, without retaining
        // anything, while `object` is alive (until `extendLifetime`).
        let address = fieldAddress(in: object, offset: offset, size: MemoryLayout<UInt>.size)
        let isNull = address.load(as: UInt.self) == 0
        extendLifetime(object)
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
        extendLifetime(object)
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
        // `object` is alive (until `extendLifetime`). `ModelCollectionMemberTests` merges through it.
        let address = fieldAddress(in: object, offset: offset, size: MemoryLayout<Value>.size)
        let value = UnsafeRawPointer(address).load(as: Representation.self)
        extendLifetime(object)
        return value
    }

    /// Replaces the field's value in `object`, releasing the old value.
    func write(_ value: Value, to object: AnyObject) {
        // Sound: as for `read`; the assignment uses `Value`'s own value witnesses (old value released).
        let address = fieldAddress(in: object, offset: offset, size: MemoryLayout<Value>.size, writes: true)
        address.assumingMemoryBound(to: Value.self).pointee = value
        extendLifetime(object)
    }
}

/// Read-only typed access to one stored field of an object — a `let` too — at the field's offset.
///
/// Made only from a `StoredField` whose type is exactly `Value` and which holds a strong reference or
/// a value (`init?(field:)` checks both): a `let` is initialised storage of its type like a `var`, so
/// reading it is as sound as `FieldHandle.read`. There is no write: the compiler may assume a `let`
/// never changes.
struct FieldReader<Value> {
    let offset: Int

    init?(field: StoredField) {
        guard field.type == Value.self, field.isStrong else { return nil }
        offset = field.offset
    }

    /// A reader of the field at `offset`, which the caller has checked as `init?(field:)` does.
    fileprivate init(checkedOffset offset: Int) {
        self.offset = offset
    }

    /// The field's current value in `object`, an instance of the field's class or a subclass.
    @inline(__always)
    func read(from object: AnyObject) -> Value {
        // Sound: the field at `offset` holds exactly a `Value` (checked by `init?`), initialised
        // before `init` returned, and `object` is alive until `extendLifetime`.
        let address = fieldAddress(in: object, offset: offset, size: MemoryLayout<Value>.size)
        let value = address.assumingMemoryBound(to: Value.self).pointee
        extendLifetime(object)
        return value
    }
}

/// A field whose type is trivial and at most a word long, read and written as its bytes: what an
/// update's undo log keeps of such a field it overwrote (`UndoLog`), with no type to carry.
///
/// Sound: made only from a `FieldHandle` (whose field is a writable field of exactly `Value`, see
/// `init?(field:)`) of a `Value` that is trivial (`_isPOD`: no references, copied bit by bit) and at
/// most 8 bytes; `write` is only given the word of a value the same field of the same object held,
/// so it puts back a bit-for-bit copy of a value that was there, which is what assigning a trivial
/// value does. The bytes past `size` in the word are never written. `UndoLogTests` rolls back
/// fields of every trivial size.
struct FieldBits {
    let offset: Int
    let size: Int

    @inline(__always)
    init?<Value>(_ handle: FieldHandle<Value>) {
        guard _isPOD(Value.self), MemoryLayout<Value>.size <= MemoryLayout<UInt64>.size else { return nil }
        offset = handle.offset
        size = MemoryLayout<Value>.size
    }

    /// `value`, of the field's type, as the word `write` puts back: its bytes in the low bytes of
    /// the word (in memory order). Read as the typed value and stored with its type, so that a
    /// specialised caller copies it with one move (a copy of `size` bytes called `memcpy`).
    @inline(__always)
    func word<Value>(of value: Value) -> UInt64 {
        // Constants in a specialised caller.
        precondition(_isPOD(Value.self) && MemoryLayout<Value>.size == size, "a value of another type than the field's")
        var word: UInt64 = 0
        // Sound: `Value` is trivial and `size` (at most 8) bytes long (checked above), so storing it
        // into the word's bytes writes inside them and copies no reference.
        withUnsafeMutableBytes(of: &word) { $0.storeBytes(of: value, as: Value.self) }
        return word
    }

    /// Puts back the word `word(of:)` made of a value this field of `object` held.
    func write(_ bits: UInt64, to object: AnyObject) {
        // Sound: see the type.
        let address = fieldAddress(in: object, offset: offset, size: size, writes: true)
        withUnsafeBytes(of: bits) { address.copyMemory(from: $0.baseAddress!, byteCount: size) }
        extendLifetime(object)
    }
}

/// The address of the field at `offset` in `object`, its `size` bytes announced to ThreadSanitizer as
/// read, or written when `writes`, in a build that checks races (see `FieldHandle`).
///
/// Sound: the object's address is taken without retaining it; each caller keeps `object` alive until
/// it is done with the address (`extendLifetime`) and accesses only the field's own bytes.
@inline(__always)
private func fieldAddress(in object: AnyObject, offset: Int, size: Int, writes: Bool = false) -> UnsafeMutableRawPointer {
    let address = Unmanaged.passUnretained(object).toOpaque().advanced(by: offset)
    #if BASEMODELKIT_THREAD_SANITIZER
    if writes { bmk_sanitizer_write(address, size) } else { bmk_sanitizer_read(address, size) }
    #endif
    return address
}
