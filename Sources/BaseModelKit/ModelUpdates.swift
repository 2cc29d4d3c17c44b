import BaseModelKitJSON
/// The change sets of a stream's messages applied to a model, in the order they arrive
/// (`BaseModel.updates(fromLines:)`). Each iteration reads the stream anew.
public struct ModelUpdates<Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
    let model: BaseModel
    let chunks: Chunks
    let decoding: StreamDecoding

    public typealias AsyncIterator = StreamIterator<Chunks.AsyncIterator, ChangeSet>

    /// An iterator that reads the stream from its start.
    public func makeAsyncIterator() -> AsyncIterator {
        let model = model
        return AsyncIterator(chunks: chunks.makeAsyncIterator(), reader: StreamReader(decoding: decoding) { bytes, options, report in
            try DocumentDecoding.update(model, from: bytes, at: nil, options: options, report: report)
        })
    }
}
