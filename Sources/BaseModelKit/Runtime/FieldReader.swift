import BaseModelKitJSON
import CBaseModelKitAtomics

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
    init(checkedOffset offset: Int) {
        self.offset = offset
    }

    /// The field's current value in `object`, an instance of the field's class or a subclass.
    @inline(__always)
    func read(from object: AnyObject) -> Value {
        // Sound: the field at `offset` holds exactly a `Value` (checked by `init?`), initialised
        // before `init` returned, and `object` is alive until `_fixLifetime`.
        let address = fieldAddress(in: object, offset: offset, size: MemoryLayout<Value>.size)
        let value = address.assumingMemoryBound(to: Value.self).pointee
        _fixLifetime(object)
        return value
    }
}
