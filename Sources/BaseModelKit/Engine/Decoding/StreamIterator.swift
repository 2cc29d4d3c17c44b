import BaseModelKitJSON
/// The iterator of a stream of values (`DecodedModels`, `ModelUpdates`, `RoutedMessages`): reads
/// chunks until a value is complete, and makes its output.
///
/// `next()` is `@inlinable`, so that the loop that pulls chunks is specialised for the source's own
/// iterator (with `ByteChunks`, the byte loop too: no call per byte); framing and decoding run in
/// the library (`StreamReader`).
public struct StreamIterator<Chunks: AsyncIteratorProtocol, Output>: AsyncIteratorProtocol
    where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
    @usableFromInline var chunks: Chunks
    @usableFromInline let reader: StreamReader<Output>

    init(chunks: Chunks, reader: StreamReader<Output>) {
        self.chunks = chunks
        self.reader = reader
    }

    /// The next value, read from the stream as far as it needs; `nil` at its end.
    @inlinable public mutating func next() async throws -> Output? {
        try await reader.next(from: &chunks)
    }
}
