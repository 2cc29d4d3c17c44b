import Foundation

/// The writer's output: bytes appended into manually managed memory that grows by doubling.
///
/// Why: every `Array.append` checks that the array is uniquely referenced (a runtime call) and has
/// room, and `append(contentsOf:)` goes through the generic sequence machinery. Here one capacity
/// check precedes a plain store or `memcpy`. The memory is `malloc`'s, so that growing is `realloc`
/// (a large block is remapped, not copied) and `data()` hands it to `Data` as it is: grown by new
/// allocations and copied out twice (into an array, then into `Data`), a document was written into
/// about five times its size of fresh memory.
///
/// Why it is sound:
/// - `storage` holds `capacity` bytes from `malloc` or `realloc`, of which the first `count` are
///   initialized; every append makes room first (`reserve`), and `realloc` keeps the first `count`
///   bytes when it grows the block. `UInt8` is trivial, so nothing needs deinitializing.
/// - The type is non-copyable, so exactly one value owns the memory: `deinit` frees it once, or
///   `data()` hands it to the `Data` it returns (whose deallocator frees it) and skips `deinit`.
/// - Reads and writes at an index check it against `count`; copies out (`array`, `bytes(from:)`)
///   read only initialized bytes.
/// - `ByteOutputTests` checks appends of every kind against an `Array` doing the same, across many
///   reallocations, together with insertion, truncation, in-place writes and the hand-over to `Data`.
@usableFromInline package struct ByteOutput: ~Copyable {
    @usableFromInline package var storage: UnsafeMutablePointer<UInt8>
    @usableFromInline package private(set) var count = 0
    @usableFromInline package var capacity: Int

    @inlinable package init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        // Sound: a new block of `capacity` bytes, bound to `UInt8` for the whole of it.
        storage = Self.reallocated(nil, capacity: self.capacity)
    }

    deinit {
        // Sound: the block is this value's own (see above) and freed once.
        free(storage)
    }

    /// `block` (or a new block when `nil`) grown or shrunk to `capacity` bytes, its first bytes kept,
    /// bound to `UInt8`. Running out of memory stops the program, as any allocation in Swift does.
    // Sound: `block` is `nil` or a block from `malloc`/`realloc` that nothing else uses; the result
    // is bound to `UInt8` for `capacity` bytes before it is used as such.
    @inlinable package static func reallocated(_ block: UnsafeMutablePointer<UInt8>?, capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = realloc(block, capacity) else { fatalError("BaseModelKit: no memory for \(capacity) bytes of output") }
        return memory.bindMemory(to: UInt8.self, capacity: capacity)
    }

    /// Makes room for `additional` more bytes.
    @inline(__always)
    @inlinable package mutating func reserve(_ additional: Int) {
        if count + additional > capacity { grow(toAtLeast: count + additional) }
    }

    @inline(never)
    @inlinable package mutating func grow(toAtLeast needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        // Sound: `storage` is this value's block (see above); `realloc` keeps its first `count` bytes.
        storage = Self.reallocated(storage, capacity: larger)
        capacity = larger
    }

    @inline(__always)
    @inlinable package mutating func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    // Sound: `reserve` makes room for `bytes.count` more bytes past `count` before they are copied.
    @inline(__always)
    @inlinable package mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (storage + count).initialize(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Appends `key` and a colon: a key of up to `QuotedKey.readable` bytes as two words, which the
    /// compiler keeps inline, where `append(contentsOf:)` calls `memcpy`.
    // Sound: `QuotedKey.readable` (16) bytes from the key's start are readable (`QuotedKey`'s rule),
    // and 17 bytes of room are reserved from `count`; the stores are unaligned ones of a trivial
    // type. Only the key's own bytes and the colon are counted: what the words wrote past them is
    // room, written over by the next append.
    @inline(__always)
    @inlinable package mutating func append(key: QuotedKey) {
        let length = key.bytes.count
        guard length <= QuotedKey.readable, let base = key.bytes.baseAddress else {
            append(contentsOf: key.bytes)
            return append(UInt8(ascii: ":"))
        }
        reserve(QuotedKey.readable + 1)
        let source = UnsafeRawPointer(base)
        let target = UnsafeMutableRawPointer(storage + count)
        target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
        target.storeBytes(of: source.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        storage[count + length] = UInt8(ascii: ":")
        count += length + 1
    }

    // Sound: the buffer is used only inside the closure, while the array keeps it alive.
    @inline(__always)
    @inlinable package mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    @inline(__always)
    @inlinable package mutating func append(contentsOf bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 bytes of `string`, copied from its contiguous storage, which is lent for the
    /// closure only. A native string's is read where it is, without a copy of the string (`withUTF8`
    /// needs a mutable copy: a retain and release per string); `withUTF8` is the way for a bridged or
    /// non-contiguous one, which it makes native first.
    @inline(__always)
    @inlinable package mutating func appendUTF8(of string: String) {
        // Sound: the bytes are lent for the closure and copied within their count (`append`).
        let appended: Void? = string.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        guard appended == nil else { return }
        var string = string
        string.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends the decimal digits of `value`, most significant first.
    @inline(__always)
    @inlinable package mutating func appendDecimal(_ value: UInt64) {
        // The digit count from the bit length (log10(2) ≈ 1233 / 4096), corrected by one comparison:
        // no loop over the powers of ten.
        let estimate = ((64 - value.leadingZeroBitCount) &* 1233) >> 12
        let digits = value >= ByteOutput.powerOfTen(estimate) ? estimate + 1 : max(estimate, 1)
        reserve(digits)
        // Two digits per division, from the back (a division per digit was most of writing an id),
        // each pair copied as one two-byte word, with wrapping arithmetic (no overflow checks).
        // Sound: `reserve` made room for `digits` bytes past `count`, and `index` stays within them
        // (it moves down by two per pair written, never below `count`); the pairs table has 200
        // bytes and `pair` is below 100; the two-byte loads and stores are unaligned ones.
        var remaining = value
        var index = count &+ digits
        let pairs = UnsafeRawPointer(ByteOutput.digitPairs.utf8Start)
        let output = UnsafeMutableRawPointer(storage)
        while remaining >= 100 {
            let (quotient, pair) = remaining.quotientAndRemainder(dividingBy: 100)
            remaining = quotient
            index &-= 2
            output.storeBytes(of: pairs.loadUnaligned(fromByteOffset: 2 &* Int(truncatingIfNeeded: pair), as: UInt16.self), toByteOffset: index, as: UInt16.self)
        }
        if remaining >= 10 {
            output.storeBytes(of: pairs.loadUnaligned(fromByteOffset: 2 &* Int(truncatingIfNeeded: remaining), as: UInt16.self), toByteOffset: index &- 2, as: UInt16.self)
        } else {
            storage[index &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
        }
        count += digits
    }

    /// 10 to the power `exponent`, 0 to 19: a switch the compiler makes a constant table (a `static let`
    /// array cost a `swift_once` call per use).
    @inline(__always)
    @inlinable package static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: return 1
        case 1: return 10
        case 2: return 100
        case 3: return 1_000
        case 4: return 10_000
        case 5: return 100_000
        case 6: return 1_000_000
        case 7: return 10_000_000
        case 8: return 100_000_000
        case 9: return 1_000_000_000
        case 10: return 10_000_000_000
        case 11: return 100_000_000_000
        case 12: return 1_000_000_000_000
        case 13: return 10_000_000_000_000
        case 14: return 100_000_000_000_000
        case 15: return 1_000_000_000_000_000
        case 16: return 10_000_000_000_000_000
        case 17: return 100_000_000_000_000_000
        case 18: return 1_000_000_000_000_000_000
        default: return 10_000_000_000_000_000_000
        }
    }

    /// "00" to "99", each pair of digits at twice its value.
    @usableFromInline package static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    @inlinable package subscript(index: Int) -> UInt8 {
        get {
            precondition(index >= 0 && index < count, "ByteOutput index out of range")
            return storage[index]
        }
        set {
            precondition(index >= 0 && index < count, "ByteOutput index out of range")
            storage[index] = newValue
        }
    }

    /// The first index at or after `start` of a byte that JSON strings must escape — `"`, `\`, a
    /// control character, and `/` when `slash` — or `count` when there is none. Sixteen bytes at a
    /// time, compared as `ByteScanning.stringRun` compares them (the first flagged lane is the
    /// index), then eight, with exact masks, then one at a time.
    @inlinable package func firstIndexNeedingEscape(from start: Int, slash: Bool) -> Int {
        precondition(start >= 0 && start <= count, "ByteOutput index out of range")
        var index = start
        let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        // Without `slash`, a second quote: it flags nothing the first does not.
        let solidus = SIMD16<UInt8>(repeating: slash ? UInt8(ascii: "/") : UInt8(ascii: "\""))
        let aboveControl = SIMD16<UInt8>(repeating: 0xE0)
        let zero = SIMD16<UInt8>()
        while index + 16 <= count {
            // Sound: `index + 16 <= count`, so all sixteen bytes are initialized storage.
            let chunk = UnsafeRawPointer(storage + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let flags = ByteScanning.words(of: (chunk .== quote) .| (chunk .== backslash) .| (chunk .== solidus) .| (chunk & aboveControl .== zero))
            if flags.low | flags.high != 0 { return index + ByteScanning.firstLane(of: flags) }
            index += 16
        }
        while index + 8 <= count {
            // Sound: `index + 8 <= count`, so all eight bytes are initialized storage.
            if Self.needsEscape(UnsafeRawPointer(storage + index).loadUnaligned(as: UInt64.self), slash: slash) { break }
            index += 8
        }
        while index < count {
            if Self.needsEscape(storage[index], slash: slash) { return index }
            index += 1
        }
        return count
    }

    /// Whether any of the eight bytes of `word` is one JSON strings must escape (see
    /// `firstIndexNeedingEscape`): exact, with no false alarm, since each mask finds a byte below
    /// a bound only where there is one.
    @inline(__always)
    @inlinable package static func needsEscape(_ word: UInt64, slash: Bool) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let solidus = slash ? word ^ (ones &* 0x2F) : ~0
        var flags = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
        flags |= ((solidus &- ones) & ~solidus) | ((word &- ones &* 0x20) & ~word)
        return flags & (ones &* 0x80) != 0
    }

    /// Whether `byte` is one JSON strings must escape.
    @inline(__always)
    @inlinable package static func needsEscape(_ byte: UInt8, slash: Bool) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (slash && byte == UInt8(ascii: "/"))
    }

    /// Appends `text`, a string's UTF-8 bytes, and returns what `firstIndexNeedingEscape(from:slash:)`
    /// would return for them: the index of the first byte that needs an escape, or `count`. Text
    /// of up to sixteen bytes (most keys, many values) is copied and checked in the same pass, with
    /// no call to `memcpy` or to the check: as two pieces that overlap — two words of eight bytes for
    /// eight to sixteen, of four bytes for four to seven, of two bytes for two and three — checked
    /// together as one word (a byte of either piece that may need an escape sends the text to the
    /// exact search).
    // Sound: `reserve(length)` makes room for `length` bytes past `count` before any store; each
    // piece is narrower than `length` or as wide (see `copyOverlapping`).
    // `ByteOutputTests.textAppends` compares every length and place of an escape with `append`
    // followed by `firstIndexNeedingEscape`.
    @inline(__always)
    @inlinable package mutating func appendText(_ text: UnsafeBufferPointer<UInt8>, slash: Bool) -> Int {
        let start = count
        let length = text.count
        guard length <= 16, let base = text.baseAddress else {
            append(contentsOf: text)
            return firstIndexNeedingEscape(from: start, slash: slash)
        }
        reserve(length)
        count = start + length
        let source = UnsafeRawPointer(base)
        let target = UnsafeMutableRawPointer(storage + start)
        let mayNeedEscape: Bool
        if length >= 8 {
            let (head, tail) = Self.copyOverlapping(UInt64.self, length: length, from: source, to: target)
            mayNeedEscape = Self.needsEscape(head, slash: slash) || Self.needsEscape(tail, slash: slash)
        } else if length >= 4 {
            let (head, tail) = Self.copyOverlapping(UInt32.self, length: length, from: source, to: target)
            mayNeedEscape = Self.needsEscape(UInt64(head) | UInt64(tail) << 32, slash: slash)
        } else if length >= 2 {
            let (head, tail) = Self.copyOverlapping(UInt16.self, length: length, from: source, to: target)
            // The four bytes twice: every byte of the word is one of the text's.
            let pieces = UInt64(head) | UInt64(tail) << 16
            mayNeedEscape = Self.needsEscape(pieces | pieces << 32, slash: slash)
        } else if length == 1 {
            let byte = base[0]
            target.storeBytes(of: byte, as: UInt8.self)
            mayNeedEscape = Self.needsEscape(byte, slash: slash)
        } else {
            return count
        }
        return mayNeedEscape ? firstIndexNeedingEscape(from: start, slash: slash) : count
    }

    /// Copies `length` bytes from `source` to `target` as two pieces of `Piece`'s width that overlap,
    /// one at the start and one at the end, and returns both.
    // Sound when `Piece` is no wider than `length` and `length` bytes are readable at `source` and
    // writable at `target` (as `appendText` arranges): both pieces, at offsets 0 and
    // `length - width`, then lie inside them; the loads and stores are unaligned ones of a trivial
    // type.
    @inline(__always)
    @inlinable package static func copyOverlapping<Piece: FixedWidthInteger & UnsignedInteger>(_: Piece.Type, length: Int, from source: UnsafeRawPointer,
                                                                                             to target: UnsafeMutableRawPointer) -> (head: Piece, tail: Piece) {
        let tailOffset = length - MemoryLayout<Piece>.size
        let head = source.loadUnaligned(as: Piece.self)
        let tail = source.loadUnaligned(fromByteOffset: tailOffset, as: Piece.self)
        target.storeBytes(of: head, as: Piece.self)
        target.storeBytes(of: tail, toByteOffset: tailOffset, as: Piece.self)
        return (head, tail)
    }

    /// Inserts `byte` before the byte at `index` (or at the end).
    @inlinable package mutating func insert(_ byte: UInt8, at index: Int) {
        precondition(index >= 0 && index <= count, "ByteOutput index out of range")
        reserve(1)
        // Sound: `index <= count` (checked) and `reserve(1)` made room for the byte moved past `count`.
        UnsafeMutableRawPointer(storage + index + 1).copyMemory(from: storage + index, byteCount: count - index)
        storage[index] = byte
        count += 1
    }

    /// Drops the bytes from `index` on.
    @inlinable package mutating func truncate(to index: Int) {
        precondition(index >= 0 && index <= count, "ByteOutput index out of range")
        count = index
    }

    /// The bytes from `start` on, lent: valid until the output next changes. Sound as far as this
    /// type goes: `start <= count` (checked) and the bytes up to `count` are initialized; whoever
    /// keeps the result keeps the rule (see `DeferredObject.init(writtenInPlace:keys:)`).
    @inlinable package func lent(from start: Int) -> DocumentBytes {
        precondition(start >= 0 && start <= count, "ByteOutput index out of range")
        return DocumentBytes(lentUntilChanged: UnsafePointer(storage + start), count: count - start)
    }

    /// A copy of the bytes from `start` on.
    @inlinable package func bytes(from start: Int) -> [UInt8] {
        precondition(start >= 0 && start <= count, "ByteOutput index out of range")
        // Sound: `start <= count` (checked), and the bytes up to `count` are initialized.
        return Array(UnsafeBufferPointer(start: storage + start, count: count - start))
    }

    /// A copy of all the bytes.
    @usableFromInline package var array: [UInt8] { bytes(from: 0) }

    /// The bytes as `Data`, which takes over the memory instead of a copy of it; a block much larger
    /// than the bytes is shrunk first.
    @usableFromInline package consuming func data() -> Data {
        var storage = self.storage
        let (count, capacity) = (self.count, self.capacity)
        discard self
        // Sound: the block is handed over whole, once: `discard self` skips `deinit`, and from here the
        // `Data` owns it and frees it with `free`, as its deallocator says.
        if capacity - count > count / 4 + 4_096 {
            storage = Self.reallocated(storage, capacity: max(count, 1))
        }
        return Data(bytesNoCopy: storage, count: count, deallocator: .free)
    }

    /// The bytes as text (a copy), decoded as UTF-8 with invalid sequences repaired.
    @inlinable package var string: String {
        // Sound: the bytes up to `count` are initialized, and the copy is made before this returns.
        String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self)
    }

    /// The bytes as a document a parser can read later, which takes over the memory instead of a
    /// copy of it.
    @usableFromInline package consuming func takenDocument() -> DocumentBytes {
        let (storage, count) = (self.storage, self.count)
        discard self
        // Sound: the block is handed over whole, once: `discard self` skips `deinit`, and from here
        // the document's owner frees it with `free` (`DocumentCopy(adoptingMalloced:count:)`).
        return DocumentBytes(adoptingMalloced: storage, count: count)
    }

    /// A copy of all the bytes, as a document a parser can read later.
    @inlinable package var document: DocumentBytes {
        // Sound: the bytes up to `count` are initialized, and the copy is made before this returns.
        DocumentBytes(copying: UnsafeBufferPointer(start: storage, count: count))
    }
}
