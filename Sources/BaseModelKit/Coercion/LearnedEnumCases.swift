/// The cases of one string or integer raw-value enum that decoding has met, by the UTF-8 bytes of
/// their raw values (a string's contents, an integer's digits), kept as bit patterns (`TrivialBits`):
/// the next time the same bytes come, the case is made from its byte without a `String`,
/// `init(rawValue:)` or a metadata lookup.
///
/// Only raw values that `init(rawValue:)` accepted are learned, so the table never grows beyond the
/// enum's cases (and stops at 256 entries regardless). Shared by every thread that uses the plan.
final class LearnedEnumCases: Sendable {
    private struct Entry {
        let bytes: [UInt8]
        let bits: UInt8
    }

    /// The cases learned so far; replaced by a longer table, never changed.
    private final class Table: Sendable {
        let entries: [Entry]

        init(entries: [Entry]) {
            self.entries = entries
        }
    }

    /// Read without a lock for every value decoded; replaced once per new case.
    private let table = PublishedReference<Table>()

    /// The text each case is written as, shared with the coder that learns the cases, so that the
    /// member writer copies a case without going through the coder (`StreamedMember.learnedEnum`).
    let written = WrittenEnumCases()

    /// Whether the table holds integers' digits (`Int` raw values) rather than strings' contents.
    /// Each kind is learned only from its own kind of token: a lenient read of the other kind is never
    /// learned, so a strict read never finds it.
    let learnsNumbers: Bool

    init(learnsNumbers: Bool) {
        self.learnsNumbers = learnsNumbers
    }

    /// The bits of the learned case at the parser's position — or `nilBits`, for an optional, at
    /// `null` — with the parser moved past it; `nil`, reading nothing, when the value there is
    /// neither.
    @inline(__always)
    func bits(at parser: inout JSONParser, nilBits: UInt8? = nil) -> UInt8? {
        let token = parser.peekToken()
        if let nilBits, token == UInt8(ascii: "n") {
            // A malformed literal reads nothing here; the property's coder then reports it.
            return (try? parser.readLiteral(.null)) == nil ? nil : nilBits
        }
        if !learnsNumbers {
            guard token == UInt8(ascii: "\""), let (bits, closingQuote) = bits(ofStringAt: parser.position, in: parser.bytes) else { return nil }
            parser.position = closingQuote + 1
            return bits
        }
        guard let token, token == UInt8(ascii: "-") || token &- UInt8(ascii: "0") < 10,
              let (_, end) = ByteScanning.plainInteger(in: parser.bytes, from: parser.position),
              let bits = bits(ofNumberFrom: parser.position, to: end, in: parser.bytes) else { return nil }
        parser.position = end
        return bits
    }

    /// The bit pattern learned for the string whose opening quote is at `quote`, and the index of its
    /// closing quote, when its contents are exactly a learned raw value. Learned raw values have no
    /// quote, backslash or control byte (they came from plain string contents), so a learned value
    /// followed by a quote is the whole string: nothing needs scanning first.
    func bits(ofStringAt quote: Int, in bytes: DocumentBytes) -> (bits: UInt8, closingQuote: Int)? {
        table.read { table in
            guard let table else { return nil }
            let start = quote + 1
            for entry in table.entries {
                let end = start + entry.bytes.count
                if bytes.byte(at: end) == UInt8(ascii: "\""), ByteScanning.equal(bytes, from: start, to: end, entry.bytes) {
                    return (entry.bits, end)
                }
            }
            return nil
        }
    }

    /// The bit pattern learned for the plain integer whose text is `bytes[start..<end]`, when exactly
    /// that text was learned.
    func bits(ofNumberFrom start: Int, to end: Int, in bytes: DocumentBytes) -> UInt8? {
        table.read { table in
            guard let table else { return nil }
            for entry in table.entries where entry.bytes.count == end - start && ByteScanning.equal(bytes, from: start, to: end, entry.bytes) {
                return entry.bits
            }
            return nil
        }
    }

    /// Remembers that `bytes` are the raw value of the case with bit pattern `bits`. Sound: `bytes` are
    /// the parser's, read here only, and copied into the table.
    func learn(_ bytes: UnsafeBufferPointer<UInt8>, bits: UInt8) {
        table.publish { current in
            let entries = current?.entries ?? []
            guard entries.count < 256, !entries.contains(where: { $0.bytes.elementsEqual(bytes) }) else { return nil }
            return Table(entries: entries + [Entry(bytes: Array(bytes), bits: bits)])
        }
    }
}

/// The text each case of an enum kept in one byte is written as, by its bit pattern (`TrivialBits`),
/// as a writer without formatting writes it: once a case has been written, its text is copied, with
/// no `rawValue` made (`RawValueCoder.write`; through the raw value's coder, unspecialised code
/// looked up `RawValue`'s metadata and made a `String` for each value of a string enum). The text
/// kept is the raw coder's own output for the case, so a copy of it is exactly what writing the case
/// again would give. Shared by every thread that uses the plan.
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
