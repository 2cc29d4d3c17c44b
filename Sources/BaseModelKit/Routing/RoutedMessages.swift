import BaseModelKitJSON
import Foundation

/// The messages of a stream, routed by type, in the order they arrive (`MessageRouter.messages(from:)`).
public struct RoutedMessages<Chunks: AsyncSequence>: AsyncSequence where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
    let chunks: Chunks
    let router: MessageRouter
    let report: MappingReport?

    public typealias AsyncIterator = StreamIterator<Chunks.AsyncIterator, RoutedMessage>

    /// An iterator that reads the stream from its start, with the router's options as they are now.
    public func makeAsyncIterator() -> AsyncIterator {
        let options = router.options
        let router = router
        let decoding = StreamDecoding(documentsWith: options, report: report)
        return AsyncIterator(chunks: chunks.makeAsyncIterator(), reader: StreamReader(decoding: decoding) { bytes, options, report in
            try router.routedMessage(bytes, options: options, report: report)
        })
    }
}
