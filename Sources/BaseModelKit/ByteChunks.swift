import BaseModelKitJSON
/// Bytes from a sequence that hands out one at a time, gathered into chunks: the framer then runs
/// once per chunk, not once per byte. A chunk ends after `}`, `]` or a line feed, or at 16 KiB, so
/// a value is framed as soon as its last byte is in (a socket that sends one message and waits gets
/// it decoded at once). `@inlinable`, so that the loop is specialised for the source's own iterator.
public struct ByteChunks<Bytes: AsyncSequence>: AsyncSequence where Bytes.Element == UInt8 {
    @usableFromInline let bytes: Bytes

    @inlinable init(_ bytes: Bytes) {
        self.bytes = bytes
    }

    /// An iterator over the chunks of the bytes, from their start.
    @inlinable public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(bytes: bytes.makeAsyncIterator())
    }

    /// Gathers the next chunk from the source.
    public struct AsyncIterator: AsyncIteratorProtocol {
        @usableFromInline var bytes: Bytes.AsyncIterator

        @inlinable init(bytes: Bytes.AsyncIterator) {
            self.bytes = bytes
        }

        /// The next chunk (up to 16 KiB, ended after `}`, `]` or a line feed); `nil` when the source ends.
        @inlinable public mutating func next() async throws -> [UInt8]? {
            var chunk: [UInt8] = []
            chunk.reserveCapacity(256)
            while chunk.count < 16_384, let byte = try await bytes.next() {
                chunk.append(byte)
                if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "\n") { break }
            }
            return chunk.isEmpty ? nil : chunk
        }
    }
}
