import BaseModelKitJSON
/// A dictionary of models as a held value holds it: the value itself, and its buffer's identity — the
/// same identity after an update means the same keys and objects, told without reading them.
struct KeyedModels {
    let buffer: UInt?
    let value: Any

    /// Each key's object (read only when the buffers differ).
    var objects: [String: AnyObject] { value as? [String: AnyObject] ?? [:] }

    func isUnchanged(since earlier: KeyedModels) -> Bool {
        buffer != nil && buffer == earlier.buffer
    }
}
