import BaseModelKitJSON
/// The models of a stream, in the order their bytes arrive (`decodeElements`, `decodeLines`). Each
/// iteration reads the stream anew (`StreamIterator`).
public struct DecodedModels<Model: BaseModel, Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
    let chunks: Chunks
    let decoding: StreamDecoding

    public typealias AsyncIterator = StreamIterator<Chunks.AsyncIterator, Model>

    /// An iterator that reads the stream from its start.
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: chunks.makeAsyncIterator(), reader: StreamReader(decoding: decoding) { bytes, options, report in
            try DocumentDecoding.decode(bytes, at: nil, as: Model.self, options: options, report: report)
        })
    }
}
