import BaseModelKitJSON
/// An array of models merged by identity as a held value holds it: as `KeyedModels`, with what reads the
/// elements' identities.
struct IdentifiedModels {
    let buffer: UInt?
    let value: Any
    /// Reads the identities of `value`'s elements.
    let reader: any ElementIdentityReading
    /// The identities as they were when captured (`captured()`): code may change an element's
    /// identity in place, which leaves the array's buffer as it was.
    private var capturedElements: [(id: JSON, object: AnyObject)]?

    init(buffer: UInt?, value: Any, reader: any ElementIdentityReading) {
        self.buffer = buffer
        self.value = value
        self.reader = reader
    }

    /// Each element's identity and object: as captured, or read now (only when the buffers differ).
    var elements: [(id: JSON, object: AnyObject)] { capturedElements ?? reader.identifiedElements(of: value) ?? [] }

    /// The same held value with the identities read now and kept: what a snapshot holds.
    func captured() -> IdentifiedModels {
        var copy = self
        copy.capturedElements = elements
        return copy
    }

    /// Whether the array holds the same elements with the same identities as `earlier`: told from
    /// the buffer alone, unless `earlier` captured identities that may have changed since.
    func isUnchanged(since earlier: IdentifiedModels) -> Bool {
        guard buffer != nil, buffer == earlier.buffer else { return false }
        guard let then = earlier.capturedElements else { return true }
        return then.map(\.id) == elements.map(\.id)
    }
}
