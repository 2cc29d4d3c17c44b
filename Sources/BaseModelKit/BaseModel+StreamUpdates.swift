import BaseModelKitJSON
extension BaseModel {
    /// Applies the documents of a stream to this model one after another, each as
    /// `update(from:options:report:)` applies one, and delivers each one's `ChangeSet` as soon as it
    /// is applied: the live counterpart of `decodeLines(from:)` — JSON Lines / NDJSON (blank lines
    /// skipped), RFC 7464 sequences, concatenated documents — for a socket whose messages change a
    /// live graph (a market cache, an order book).
    ///
    /// Each message is atomic: one that fails changes nothing, and ends the sequence with a
    /// `MappingError` whose path starts with the message's index in the stream (`[41].mc[0].rc`),
    /// after every message before it was applied. (With `DecodingOptions.collections = .lossy`, a
    /// message that fails on its values is left out instead, and `report` records it.) Iterate on
    /// the isolation that owns the graph; cancelling the task stops the stream, as for
    /// `decodeLines(from:)`.
    public func updates<Bytes: AsyncSequence>(fromLines bytes: Bytes, options: DecodingOptions = DecodingOptions(),
                                              report: MappingReport? = nil) -> ModelUpdates<ByteChunks<Bytes>> where Bytes.Element == UInt8 {
        ModelUpdates(model: self, chunks: ByteChunks(bytes), decoding: StreamDecoding(documentsWith: options, report: report))
    }

    /// `updates(fromLines:options:report:)` from a sequence of byte chunks — `Data` or `[UInt8]`
    /// frames from a socket.
    public func updates<Chunks: AsyncSequence>(fromLines chunks: Chunks, options: DecodingOptions = DecodingOptions(),
                                               report: MappingReport? = nil) -> ModelUpdates<Chunks> where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        ModelUpdates(model: self, chunks: chunks, decoding: StreamDecoding(documentsWith: options, report: report))
    }
}
