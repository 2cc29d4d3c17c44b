import BaseModelKitJSON
import CBaseModelKitAtomics

/// A field whose type is trivial and at most three words long (a `Decimal`, an optional `Double`),
/// read and written as its bytes: what an update's undo log keeps of such a field it overwrote
/// (`UndoLog`), with no type to carry.
///
/// Sound: made only from a `FieldHandle` (whose field is a writable field of exactly `Value`, see
/// `init?(field:)`) of a `Value` that is trivial (`_isPOD`: no references, copied bit by bit) and at
/// most 24 bytes; `write` is only given the bytes of a value the same field of the same object held,
/// so it puts back a bit-for-bit copy of a value that was there, which is what assigning a trivial
/// value does. The bytes past `size` are never written. `UndoLogTests` rolls back fields of every
/// trivial size.
struct FieldBits {
    /// A value's bytes, in memory order from the first word's low byte.
    typealias Saved = (UInt64, UInt64, UInt64)

    let offset: Int
    let size: Int

    @inline(__always)
    init?<Value>(_ handle: FieldHandle<Value>) {
        guard _isPOD(Value.self), MemoryLayout<Value>.size <= MemoryLayout<Saved>.size else { return nil }
        offset = handle.offset
        size = MemoryLayout<Value>.size
    }

    /// `value`, of the field's type, as the bytes `write` puts back. Read as the typed value and
    /// stored with its type, so that a specialised caller copies it with a move or two (a copy of
    /// `size` bytes called `memcpy`).
    @inline(__always)
    func saved<Value>(_ value: Value) -> Saved {
        // Constants in a specialised caller.
        precondition(_isPOD(Value.self) && MemoryLayout<Value>.size == size, "a value of another type than the field's")
        var saved: Saved = (0, 0, 0)
        // Sound: `Value` is trivial and `size` (at most 24) bytes long (checked above), so storing it
        // into the tuple's bytes writes inside them and copies no reference.
        withUnsafeMutableBytes(of: &saved) { $0.storeBytes(of: value, as: Value.self) }
        return saved
    }

    /// Puts back the bytes `saved(_:)` made of a value this field of `object` held.
    func write(_ saved: Saved, to object: AnyObject) {
        // Sound: see the type.
        let address = fieldAddress(in: object, offset: offset, size: size, writes: true)
        withUnsafeBytes(of: saved) { address.copyMemory(from: $0.baseAddress!, byteCount: size) }
        _fixLifetime(object)
    }
}
