import BaseModelKitJSON
import CBaseModelKitAtomics

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
        _fixLifetime(object)
    }
}
