/// The parser's innermost loops over the document's bytes, run on its memory directly: sixteen bytes
/// at a time for string contents, and without a bounds check per byte elsewhere.
///
/// Why: the parser's per-byte loops checked bounds on every read and compared one byte at a time;
/// keys, whitespace and string contents are most of parsing text-heavy JSON.
///
/// Why it is sound: every function takes the document (`DocumentBytes`) and indices, checks the
/// indices against its count before touching memory, and reads only inside `withUnsafeBufferPointer`,
/// where the memory is alive and unchanged for the duration (see `DocumentBytes`). Reads of eight or
/// sixteen bytes are made only where that many remain, with `loadUnaligned`, so alignment does not
/// matter.
/// Nothing is written. `ByteScanningTests` compares every function with a plain byte-by-byte version
/// on generated inputs, at every offset and near the end of the document.
@usableFromInline package enum ByteScanning {
    @usableFromInline package static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The first index at or after `start` of a byte that ends a run of plain string contents — `"`,
    /// `\` or a control character (below 0x20) — or `bytes.count` when there is none; with `highBits`
    /// at least 0x80 when a byte before it is not ASCII, and below 0x80 when none is.
    @inline(__always)
    @inlinable package static func stringRun(in bytes: DocumentBytes, from start: Int) -> (end: Int, highBits: UInt8) {
        precondition(start >= 0 && start <= bytes.count, "stringRun(in:from:) outside the bytes")
        // Sound: every index read below is checked against `buffer.count` or by the precondition above.
        return bytes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            let count = buffer.count
            var index = start
            let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
            let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
            let aboveControl = SIMD16<UInt8>(repeating: 0xE0)
            let zero = SIMD16<UInt8>()
            var chunkBits = zero
            while index + 16 <= count {
                let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let stops = words(of: (chunk .== quote) .| (chunk .== backslash) .| (chunk & aboveControl .== zero))
                if stops.low | stops.high != 0 {
                    // The first stop's place, from its lane's bits, when every byte of the chunk is
                    // ASCII (so none before the stop sets a high bit); the byte loop below otherwise.
                    let bits = words(of: chunk)
                    guard (bits.low | bits.high) & highs == 0 else { break }
                    return (index + firstLane(of: stops), highBits(of: chunkBits))
                }
                chunkBits |= chunk
                index += 16
            }
            var highBits = highBits(of: chunkBits)
            // The chunk with a stop, and the tail.
            while index < count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                highBits |= byte
                index += 1
            }
            return (index, highBits)
        }
    }

    /// Where the tail of `bytes` that holds no `\` and no `$` starts: one past the last such byte, or
    /// 0 when there is none. Read sixteen bytes at a time from the end, so that a document with such a
    /// byte near its end is read only that far.
    @inlinable package static func plainTailStart(in bytes: DocumentBytes) -> Int {
        // Sound: every index read below is checked against `buffer.count`.
        bytes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            var end = buffer.count
            let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
            let dollar = SIMD16<UInt8>(repeating: UInt8(ascii: "$"))
            while end >= 16 {
                let chunk = raw.loadUnaligned(fromByteOffset: end - 16, as: SIMD16<UInt8>.self)
                let found = words(of: (chunk .== backslash) .| (chunk .== dollar))
                // A chunk with either byte is left to the byte loop below.
                if found.low | found.high != 0 { break }
                end -= 16
            }
            while end > 0 {
                let byte = buffer[end - 1]
                if byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "$") { break }
                end -= 1
            }
            return end
        }
    }

    /// The sixteen lanes of `vector` as two words, lane 0 in the lowest byte of `low` whatever the
    /// platform's byte order. (Tested this way rather than with `any(_:)`, which the compiler did
    /// not always turn into a vector instruction.)
    @inline(__always)
    @inlinable static func words(of vector: SIMD16<UInt8>) -> (low: UInt64, high: UInt64) {
        let words = unsafeBitCast(vector, to: SIMD2<UInt64>.self)
        return (UInt64(littleEndian: words[0]), UInt64(littleEndian: words[1]))
    }

    @inline(__always)
    @inlinable static func words(of mask: SIMDMask<SIMD16<Int8>>) -> (low: UInt64, high: UInt64) {
        words(of: unsafeBitCast(mask, to: SIMD16<UInt8>.self))
    }

    /// The first lane set in `words` (of `words(of:)`), which must have one.
    @inline(__always)
    @inlinable static func firstLane(of words: (low: UInt64, high: UInt64)) -> Int {
        words.low != 0 ? words.low.trailingZeroBitCount >> 3 : 8 + words.high.trailingZeroBitCount >> 3
    }

    /// Whether `byte` is JSON whitespace: a space, tab, line feed or carriage return.
    @inline(__always)
    @inlinable static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// 0x80 when a lane of `bits` has its high bit set, 0 otherwise.
    @inline(__always)
    @inlinable static func highBits(of bits: SIMD16<UInt8>) -> UInt8 {
        let words = words(of: bits)
        return (words.low | words.high) & highs == 0 ? 0 : 0x80
    }

    /// The first index at or after `start` whose byte is not a space, tab, line feed or carriage
    /// return, or `bytes.count`. Out of line: the parser calls it only when a byte of whitespace is
    /// next, and inlined, its loop made the code around every call slower for compact documents.
    @inline(never)
    @inlinable package static func skippingWhitespace(in bytes: DocumentBytes, from start: Int) -> Int {
        precondition(start >= 0 && start <= bytes.count, "skippingWhitespace(in:from:) outside the bytes")
        // Sound: every index read below is checked against `buffer.count` or by the precondition above.
        return bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count {
                let byte = buffer[index]
                guard isWhitespace(byte) else { break }
                index += 1
                // After a line break, indentation: sixteen bytes at a time.
                if byte == 0x0A { return indentationEnd(in: bytes, from: index) }
            }
            return index
        }
    }

    /// `skippingWhitespace` after a line break, where indentation follows: sixteen bytes at a time,
    /// the first lane that is not whitespace being the index, then one at a time.
    @inline(never)
    @usableFromInline static func indentationEnd(in bytes: DocumentBytes, from start: Int) -> Int {
        precondition(start >= 0 && start <= bytes.count, "indentationEnd(in:from:) outside the bytes")
        // Sound: every index read below is checked against `buffer.count` or by the precondition above.
        return bytes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            let count = buffer.count
            var index = start
            let space = SIMD16<UInt8>(repeating: 0x20)
            let lineFeed = SIMD16<UInt8>(repeating: 0x0A)
            let carriageReturn = SIMD16<UInt8>(repeating: 0x0D)
            let tab = SIMD16<UInt8>(repeating: 0x09)
            while index + 16 <= count {
                let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let white = words(of: (chunk .== space) .| (chunk .== lineFeed) .| (chunk .== carriageReturn) .| (chunk .== tab))
                let other = (low: ~white.low, high: ~white.high)
                if other.low | other.high != 0 { return index + firstLane(of: other) }
                index += 16
            }
            while index < count, isWhitespace(buffer[index]) {
                index += 1
            }
            return index
        }
    }

    /// The end of a short plain key that starts at `start`: the index of its closing quote when one
    /// comes within `maximumLength` bytes with only printable ASCII other than `\` before it, with a hash
    /// of the bytes before it (`hash * 31 + byte`, from 0); `nil` otherwise.
    @inline(__always)
    @inlinable package static func plainKey(in bytes: DocumentBytes, from start: Int, maximumLength: Int) -> (end: Int, hash: Int)? {
        precondition(start >= 0 && start <= bytes.count && maximumLength >= 0, "plainKey(in:from:maximumLength:) outside the bytes")
        // Sound: every index read below is checked against `buffer.count` or by the precondition above.
        return bytes.withUnsafeBufferPointer { buffer in
            let limit = min(buffer.count, start + maximumLength + 1)
            var index = start
            var hash = 0
            while index < limit {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") { return (index, hash) }
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
                hash = (hash &* 31) &+ Int(byte)
                index += 1
            }
            return nil
        }
    }

    /// The string of the bytes from `start` to `end`, decoded as UTF-8 (the callers pass ASCII or
    /// validated bytes). Made from the document's memory directly (an `ArraySlice` of an array
    /// retained and released its storage, two atomic operations per string).
    @inline(__always)
    @inlinable package static func string(in bytes: DocumentBytes, from start: Int, to end: Int) -> String {
        precondition(start >= 0 && start <= end && end <= bytes.count, "string(in:from:to:) outside the bytes")
        // Sound: every index read below is checked against `buffer.count` or by the precondition above.
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }

    /// A compact key at `start`: a quote, printable ASCII other than `\`, a quote and a colon right
    /// after it, as minified JSON writes every key. Returns the index of the closing quote; `nil` for
    /// anything else (whitespace, escapes, non-ASCII, errors), which the full key reader handles.
    /// (The same scan as `plainKey` without its hash: written through `plainKey`, the hash stayed in
    /// the loop.)
    @inline(__always)
    @inlinable package static func compactKey(in bytes: DocumentBytes, at start: Int) -> Int? {
        precondition(start >= 0 && start <= bytes.count, "compactKey(in:at:) outside the bytes")
        // Sound: every index read below is checked against `buffer.count` or by the precondition above.
        return bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            guard start < count, buffer[start] == UInt8(ascii: "\"") else { return nil }
            var index = start + 1
            while index < count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") {
                    return index + 1 < count && buffer[index + 1] == UInt8(ascii: ":") ? index : nil
                }
                guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
                index += 1
            }
            return nil
        }
    }

    /// The index of the `,` or `}` that ends the object member whose value starts at `start`, found
    /// by matching brackets and skipping strings, without checking the grammar (whoever reads the
    /// object next does); `nil` when the bytes end first: the quick look a reader takes ahead
    /// (a compact object's members, a lookup by identity path) before it reads.
    @inlinable package static func endOfMemberValue(in bytes: DocumentBytes, from start: Int) -> Int? {
        precondition(start >= 0 && start <= bytes.count, "endOfMemberValue(in:from:) outside the bytes")
        // Sound: every index read below is checked against `buffer.count` or by the precondition above.
        return bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var depth = 0
            var index = start
            while index < count {
                switch buffer[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    while index < count, buffer[index] != UInt8(ascii: "\"") {
                        index += buffer[index] == UInt8(ascii: "\\") ? 2 : 1
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return index }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { return index }
                default:
                    break
                }
                index += 1
            }
            return nil
        }
    }

    /// A plain integer of 1 to 18 digits at `start`, with an optional `-`: its value and the index
    /// after it. `nil` for anything else — no digit, a leading zero before a digit, `-0`, more than 18
    /// digits, or a `.`, `e` or `E` after the digits — so that the full number reader decides those.
    @inline(__always)
    @inlinable package static func plainInteger(in bytes: DocumentBytes, from start: Int) -> (value: Int64, end: Int)? {
        precondition(start >= 0 && start <= bytes.count, "plainInteger(in:from:) outside the bytes")
        // Sound: every index read below is checked against `buffer.count` or by the precondition above.
        return bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var index = start
            let isNegative = index < count && buffer[index] == UInt8(ascii: "-")
            if isNegative { index += 1 }
            let digitsStart = index
            var magnitude: Int64 = 0
            while index < count {
                let digit = buffer[index] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                magnitude = magnitude &* 10 &+ Int64(digit)
                index += 1
            }
            let digits = index - digitsStart
            guard digits > 0, digits <= 18, digits == 1 || buffer[digitsStart] != UInt8(ascii: "0") else { return nil }
            guard !(isNegative && magnitude == 0) else { return nil }
            if index < count {
                let next = buffer[index]
                guard next != UInt8(ascii: "."), next | 0x20 != UInt8(ascii: "e") else { return nil }
            }
            return (isNegative ? -magnitude : magnitude, index)
        }
    }

    /// Whether the bytes of `bytes` from `start` to `end` are exactly `other`.
    @inline(__always)
    @inlinable package static func equal(_ bytes: DocumentBytes, from start: Int, to end: Int, _ other: [UInt8]) -> Bool {
        // Sound: the array's buffer is lent for the call.
        other.withUnsafeBufferPointer { equal(bytes, from: start, to: end, $0) }
    }

    /// `equal(_:from:to:_:)` with bytes lent by the caller.
    @inline(__always)
    @inlinable package static func equal(_ bytes: DocumentBytes, from start: Int, to end: Int, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
        precondition(start >= 0 && start <= end && end <= bytes.count, "equal(_:from:to:_:) outside the bytes")
        guard end - start == other.count else { return false }
        // Sound: every index read below is checked against `buffer.count` or by the precondition
        // above; `other` is the caller's, alive for the call.
        return bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < other.count {
                guard buffer[start + offset] == other[offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    /// Whether the `count` bytes at `first` equal the `count` bytes at `second`.
    @inline(__always)
    @inlinable package static func equal(_ bytes: DocumentBytes, at first: Int, and second: Int, count: Int) -> Bool {
        precondition(count >= 0 && first >= 0 && second >= 0 && first <= bytes.count - count && second <= bytes.count - count,
                     "equal(_:at:and:count:) outside the bytes")
        // Sound: every index read below is checked against `buffer.count` or by the precondition above.
        return bytes.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawBufferPointer(buffer)
            var offset = 0
            while offset + 8 <= count {
                guard raw.loadUnaligned(fromByteOffset: first + offset, as: UInt64.self)
                    == raw.loadUnaligned(fromByteOffset: second + offset, as: UInt64.self) else { return false }
                offset += 8
            }
            while offset < count {
                guard buffer[first + offset] == buffer[second + offset] else { return false }
                offset += 1
            }
            return true
        }
    }
}
