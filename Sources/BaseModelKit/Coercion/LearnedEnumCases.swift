/// The cases of one string raw-value enum that decoding has met, by the UTF-8 bytes of their raw
/// values, kept as bit patterns (`TrivialBits`): the next time the same bytes come, the case is made
/// from its byte without a `String`, `init(rawValue:)` or a metadata lookup.
///
/// Only raw values that `init(rawValue:)` accepted are learned, so the table never grows beyond the
/// enum's cases (and stops at 256 entries regardless). Shared by every thread that uses the plan.
final class LearnedEnumCases: Sendable {
    private struct Entry {
        let bytes: [UInt8]
        let bits: UInt8
    }

    private let entries = SharedMutex<[Entry]>([])

    /// The bit pattern learned for `bytes[range]`, if any.
    func bits(matching bytes: [UInt8], in range: Range<Int>) -> UInt8? {
        entries.withLock { entries in
            for entry in entries where ByteScanning.equal(bytes, from: range.lowerBound, to: range.upperBound, entry.bytes) {
                return entry.bits
            }
            return nil
        }
    }

    /// Remembers that `bytes` are the raw value of the case with bit pattern `bits`.
    func learn(_ bytes: ArraySlice<UInt8>, bits: UInt8) {
        entries.withLock { entries in
            guard entries.count < 256, !entries.contains(where: { $0.bytes.elementsEqual(bytes) }) else { return }
            entries.append(Entry(bytes: Array(bytes), bits: bits))
        }
    }
}
