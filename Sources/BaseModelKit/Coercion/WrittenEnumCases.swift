import BaseModelKitJSON
/// The text each case of an enum kept in one byte is written as, by its bit pattern (`TrivialBits`),
/// as a writer without formatting writes it: once a case has been written, its text is copied, with
/// no `rawValue` made (`RawValueCoder.write`; through the raw value's coder, unspecialised code
/// looked up `RawValue`'s metadata and made a `String` for each value of a string enum). The text
/// kept is the raw coder's own output for the case, so a copy of it is exactly what writing the case
/// again would give. Shared by every thread that uses the plan. A speed path, kept while a benchmark
/// row gains at least 5 % by it.
final class WrittenEnumCases: Sendable {
    /// The texts, by bit pattern; replaced by a fuller table, never changed. One array of bytes and
    /// one of spans, so that copying a text out retains nothing (an array per text was a retain and a
    /// release per value written).
    private final class Table: Sendable {
        /// Every text written so far, one after another.
        let bytes: [UInt8]
        /// By bit pattern: where the case's text starts in `bytes`, and its length (0 for a case not
        /// written yet: a JSON value is never empty).
        let spans: [(start: Int, count: Int)]

        init(bytes: [UInt8], spans: [(start: Int, count: Int)]) {
            self.bytes = bytes
            self.spans = spans
        }
    }

    /// Read without a lock for every value written; replaced once per new case.
    private let table = PublishedReference<Table>()

    /// Copies the text of the case whose bit pattern is `bits` into `writer`, which writes values as a
    /// writer without formatting does (`JSONWriter.writesCompactly`); `false`, writing nothing, when
    /// that case has not been written yet.
    @inline(__always)
    func write(bits: UInt8, to writer: inout JSONWriter) -> Bool {
        withText(bits: bits) { writer.writeCompactValue($0) }
    }

    /// Writes `"key":` and the text of the case whose bit pattern is `bits` into `writer`, which
    /// writes values compactly; `false`, writing nothing, when that case has not been written yet.
    @inline(__always)
    func writeCase(bits: UInt8, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter) -> Bool {
        withText(bits: bits) { text in
            writer.writeKey(quoted: key, isFirst: isFirst)
            writer.writeCompactValue(text)
        }
    }

    /// Lends `body` the text of the case whose bit pattern is `bits`; `false`, calling nothing, when
    /// that case has not been written yet. Sound: the bytes are lent for the call only, while the
    /// table (published, never freed) holds them; the span lies inside them (`remember`).
    @inline(__always)
    private func withText(bits: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        table.withPublished { table in
            let span = table.spans[Int(bits)]
            guard span.count > 0 else { return false }
            table.bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[span.start..<span.start + span.count])) }
            return true
        } ?? false
    }

    /// Remembers `text`, written without formatting, as the text of the case whose bit pattern is `bits`.
    func remember(_ text: [UInt8], bits: UInt8) {
        guard !text.isEmpty else { return }
        table.publish { current in
            var spans = current?.spans ?? Array(repeating: (0, 0), count: 256)
            guard spans[Int(bits)].count == 0 else { return nil }
            let bytes = (current?.bytes ?? []) + text
            spans[Int(bits)] = (bytes.count - text.count, text.count)
            return Table(bytes: bytes, spans: spans)
        }
    }
}
