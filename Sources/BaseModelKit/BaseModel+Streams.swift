import BaseModelKitJSON
extension BaseModelProtocol {
    /// Models decoded from the elements of a JSON array as its bytes arrive: the top-level array, or
    /// the array at a designated `path` (`"data.events"`, as in `decodeArray(from:at:)`). `bytes` is
    /// any asynchronous sequence of bytes — a file's or a socket's, `URLSession`'s `bytes(for:)` —
    /// read in chunks by an adapter the compiler specialises for it (`ByteChunks`).
    ///
    /// Each element is decoded as soon as its last byte is in, and the sequence keeps only the bytes
    /// of the element in progress: memory is bounded by the largest element, not the document.
    /// Stopping the iteration stops the reading, and so does cancelling the task that iterates: the
    /// next element asked for throws `CancellationError`.
    ///
    /// A bad element ends the sequence with a `MappingError` whose path names it (`e[1234].o[3].p`),
    /// after every element before it was delivered; with `DecodingOptions.collections = .lossy` it is
    /// left out instead, and `report` records it (`elementSkipped`). `maxDepth`, coercion and the
    /// report work as in `decode(from:)`. The document around the array is checked when the stream
    /// ends; a missing array is `.notFound`. Where a key repeats on the way to the array, the first
    /// is followed (a stream cannot look ahead).
    public static func decodeElements<Bytes: AsyncSequence>(from bytes: Bytes, at path: String? = nil, options: DecodingOptions = DecodingOptions(),
                                                           report: MappingReport? = nil) -> DecodedModels<Self, ByteChunks<Bytes>> where Bytes.Element == UInt8 {
        DecodedModels(chunks: ByteChunks(bytes), decoding: StreamDecoding(elementsAt: path, options: options, report: report))
    }

    /// `decodeElements(from:at:options:report:)` from a sequence of byte chunks — `Data` or
    /// `[UInt8]` frames from a socket, buffers from a channel.
    public static func decodeElements<Chunks: AsyncSequence>(from chunks: Chunks, at path: String? = nil, options: DecodingOptions = DecodingOptions(),
                                                            report: MappingReport? = nil) -> DecodedModels<Self, Chunks> where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        DecodedModels(chunks: chunks, decoding: StreamDecoding(elementsAt: path, options: options, report: report))
    }

    /// Models decoded from JSON documents one after another, each as soon as it is complete: JSON
    /// Lines / NDJSON (blank lines skipped), RFC 7464 JSON text sequences (each text after an RS
    /// byte), and documents simply concatenated. Each is decoded as `decode(from:)` decodes it, so
    /// `modelClass(for:)` picks its class: a stream of messages yields each message's own class.
    /// A bad document ends the sequence with an error whose path starts with its index (`[41].p`)
    /// after the good ones (or is left out, with lossy options); a truncated last document is an
    /// error after the ones before.
    public static func decodeLines<Bytes: AsyncSequence>(from bytes: Bytes, options: DecodingOptions = DecodingOptions(),
                                                        report: MappingReport? = nil) -> DecodedModels<Self, ByteChunks<Bytes>> where Bytes.Element == UInt8 {
        DecodedModels(chunks: ByteChunks(bytes), decoding: StreamDecoding(documentsWith: options, report: report))
    }

    /// `decodeLines(from:options:report:)` from a sequence of byte chunks.
    public static func decodeLines<Chunks: AsyncSequence>(from chunks: Chunks, options: DecodingOptions = DecodingOptions(),
                                                         report: MappingReport? = nil) -> DecodedModels<Self, Chunks> where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        DecodedModels(chunks: chunks, decoding: StreamDecoding(documentsWith: options, report: report))
    }
}
