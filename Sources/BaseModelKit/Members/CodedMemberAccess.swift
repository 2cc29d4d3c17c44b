import BaseModelKitJSON
/// A property's handle and coder, the storage of the accesses.
///
/// `@unchecked Sendable` only because a class that is not final cannot be checked: both properties are
/// `let`s of `Sendable` types, so instances never change after `init`.
class CodedMemberAccess<Coder, Value>: @unchecked Sendable {
    let handle: FieldHandle<Value>
    let coder: Coder

    init(handle: FieldHandle<Value>, coder: Coder) {
        self.handle = handle
        self.coder = coder
    }
}
