import BaseModelKitJSON
/// The cases of one string or integer raw-value enum that decoding has met, by the UTF-8 bytes of
/// their raw values (a string's contents, an integer's digits), kept as bit patterns (`TrivialBits`):
/// the next time the same bytes come, the case is made from its byte without a `String`,
/// `init(rawValue:)` or a metadata lookup.
///
/// Only raw values that `init(rawValue:)` accepted are learned, so the table never grows beyond the
/// enum's cases (and stops at 256 entries regardless). Shared by every thread that uses the plan.
/// A speed path, kept while a benchmark row gains at least 5 % by it.
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
    /// member writer copies a case without going through the coder (`MemberDispatch.learnedEnum`).
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
