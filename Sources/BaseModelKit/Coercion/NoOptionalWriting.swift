import BaseModelKitJSON
import Foundation

/// The `OptionalReferenceWriting` of a property that is not such an optional: never called (its shape
/// says so). Held instead of an optional existential, which was copied at every call through it (an
/// outlined copy and a retain per member).
struct NoOptionalWriting: OptionalReferenceWriting {
    func writeReference(_ object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws {}
    func writeTrivial(bits: UInt8, to writer: inout JSONWriter, session: EncodingSession) throws {}
    // Sound: reads nothing.
    func writePayload(of optional: UnsafeRawPointer, to writer: inout JSONWriter, session: EncodingSession) throws {}
}
