import BaseModelKitJSON
/// What a stream's iterator does outside its inlined loop: frames the values of the bytes it is
/// given (`StreamFramer`) and decodes them (`StreamDecoding`, with `decodeBytes`). A class, so that
/// the inlined loop holds one reference; used by one iteration at a time (an iterator is not
/// shared), which is why its state needs no lock.
@usableFromInline final class StreamReader<Output> {
    // Reached by one iteration at a time (see above): without Swift's dynamic exclusivity checks,
    // a runtime call per access, as a `DeferredObject`'s parked state is.
    @exclusivity(unchecked) private var framer: StreamFramer
    private let decoding: StreamDecoding
    private let decodeBytes: (DocumentBytes, DecodingOptions, MappingReport?) throws -> Output?
    /// How many values were framed (the next one's index).
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) @usableFromInline private(set) var isDone = false

    /// `decodeBytes` makes the output of one value's bytes, or `nil` to pass it over.
    init(decoding: StreamDecoding, decodeBytes: @escaping (DocumentBytes, DecodingOptions, MappingReport?) throws -> Output?) {
        framer = StreamFramer(mode: decoding.mode, maxDepth: decoding.options.maxDepth, maxValueBytes: decoding.options.maxStreamedValueBytes)
        self.decoding = decoding
        self.decodeBytes = decodeBytes
    }

    /// The next output of the stream, reading chunks from `chunks` until a value is complete; `nil`
    /// at its end. Inlined into the caller, so that the loop is specialised for its iterator.
    @inlinable func next<Chunks: AsyncIteratorProtocol>(from chunks: inout Chunks) async throws -> Output?
        where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        while !isDone {
            // Checked before each value delivered and each chunk asked for, so that a cancelled task
            // stops even a source that never suspends or never checks cancellation itself.
            if Task.isCancelled { try stopCancelled() }
            if let output = try nextOutput() { return output }
            if isDone { return nil }
            guard let chunk = try await chunks.next() else { return try finish() }
            // Sound: `append` copies the bytes before the closure returns, and keeps no pointer.
            if chunk.withContiguousStorageIfAvailable({ append($0) }) == nil {
                Array(chunk).withUnsafeBufferPointer { append($0) }
            }
        }
        return nil
    }

    /// Ends the stream of a cancelled task.
    @usableFromInline func stopCancelled() throws -> Never {
        isDone = true
        throw CancellationError()
    }

    /// Adds bytes that arrived. Sound: the bytes are copied into the framer's buffer before this
    /// returns; no pointer is kept.
    @usableFromInline func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        framer.append(bytes)
    }

    /// The next output among the bytes appended so far; `nil` when more bytes are needed (or the
    /// stream ended: `isDone`). Lossy options skip a bad value here.
    @usableFromInline func nextOutput() throws -> Output? {
        do {
            while let value = try framer.next() {
                if let output = try decode(value) { return output }
            }
            return nil
        } catch let error as JSONSyntaxError {
            isDone = true
            throw framingError(error)
        } catch {
            isDone = true
            throw error
        }
    }

    /// The end of the stream: a last bare value, a truncated one, the document around the array.
    @usableFromInline func finish() throws -> Output? {
        isDone = true
        do {
            if let value = try framer.finish() { return try decode(value) }
        } catch let error as JSONSyntaxError {
            throw framingError(error)
        }
        if case .elements = framer.mode {
            try decoding.finishElements(skeleton: framer.skeleton, foundArray: framer.targetOpen)
        }
        return nil
    }

    /// A syntax error the framer found, at the value it was framing when there is one: the next to
    /// be counted.
    private func framingError(_ error: JSONSyntaxError) -> MappingError {
        decoding.framingError(error, inValue: framer.valueStart == nil ? nil : count)
    }

    private func decode(_ value: StreamFramer.FramedValue) throws -> Output? {
        let index = count
        count += 1
        return try decoding.decode(value, index: index, with: decodeBytes)
    }
}
