import BaseModelKitJSON
import Foundation

/// Writes the value of an optional of a reference (an optional model), or of an enum kept in one
/// trivial byte, from the reference or the byte itself, so that no `Optional<Wrapped>` is made (see
/// `GenericMemberAccess.write`).
protocol OptionalReferenceWriting {
    /// Writes `object`, the optional's value (a `Wrapped`), as the wrapped coder writes it.
    func writeReference(_ object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws
    /// Writes the `Wrapped` whose bit pattern is `bits` (`TrivialBits`), as the wrapped coder writes it.
    func writeTrivial(bits: UInt8, to writer: inout JSONWriter, session: EncodingSession) throws
    /// Writes the value of the `Wrapped?` at `optional`, which is not `nil`, as the wrapped coder
    /// writes it, without a copy of the optional. Sound: `optional` is lent for the call (see
    /// `OptionalCoder`'s implementation).
    func writePayload(of optional: UnsafeRawPointer, to writer: inout JSONWriter, session: EncodingSession) throws
}
