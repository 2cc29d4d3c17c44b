import BaseModelKitJSON
/// What copies the writable fields of a class (strong `var`s: the only fields the engine writes and
/// the only ones a typed copy can restore soundly), made once per class (its plan keeps it): an
/// update's undo log copies an object whose class runs its own code during a decode with one call
/// per field (`UndoLog.record`). (A typed copy made per field per object costs generic metadata
/// lookups and closures on every update.)
final class FieldCopiers: Sendable {
    let all: [FieldCopier]

    init(_ fields: [StoredField]) {
        all = fields.filter(\.isWritable).compactMap(FieldCopier.make)
    }
}
