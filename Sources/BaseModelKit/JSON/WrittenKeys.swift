/// The keys a writer of objects may write (a model's member writer: the keys of its map, and any
/// key when it keeps unknown ones): what an object it wrote may hold without reading its bytes.
protocol WrittenKeys: AnyObject, Sendable {
    /// Whether an object this writer wrote may hold `key`; `false` only when it cannot.
    func mayHold(_ key: String) -> Bool
}
