import Foundation

/// The bytes of the document a parser reads: the caller's own memory, lent for one call (a `Data`'s
/// or an array's storage, read in place), or a copy that outlives the call.
///
/// Why: the parser used to read an `[UInt8]`, so every `Data` was copied into an array first — a
/// second copy of the document at the peak of a decode (5 MB of the 16.3 MB peak of the odds feed)
/// and a copy per message. Now the document is copied only when something must keep its bytes after
/// the call: a deferred object handed to a hook, which the hook may store (`copyingIfLent()`). Text
/// (`String`) is copied once as it always was, straight into a copy that such objects can keep; the
/// entry points for text call no closure, which keeps them to the stack they used before.
///
/// Why it is sound:
/// - Lent bytes exist only inside `reading(_:_:)`, for the duration of its closure, where the
///   standard library lends the collection's memory and keeps it alive and unchanged. Parsers made
///   over them are local to the call; every object that may outlive it (`DeferredObject`) holds a
///   copy, which `DeferredObject.init` checks.
/// - A copy is memory this type allocated and filled, owned by a `DocumentCopy` that each
///   `DocumentBytes` over it holds; it is never written again and is freed when the last one goes.
///   Every read goes through `self`, and `withExtendedLifetime` keeps the owner alive up to the read.
/// - Every read is checked against `count` (as an array's subscript is), so a wrong index stops the
///   program instead of reading outside the document.
/// `DocumentBytesTests` reads `Data` (inline, large, sliced), arrays and other collections, and checks
/// that objects handed to hooks read their bytes after the call.
@usableFromInline package struct DocumentBytes: @unchecked Sendable {
    /// The first byte (never dereferenced when `count` is 0).
    @usableFromInline package let base: UnsafePointer<UInt8>
    @usableFromInline package let count: Int
    /// The owner of a copy; `nil` for lent memory.
    @usableFromInline package let copy: DocumentCopy?

    @inlinable package init(base: UnsafePointer<UInt8>, count: Int, copy: DocumentCopy?) {
        self.base = base
        self.count = count
        self.copy = copy
    }

    /// Whether the bytes are a copy, which may outlive the call that read them.
    @usableFromInline package var isCopy: Bool { copy != nil }

    /// A copy of `bytes`.
    @inlinable package init<Bytes: Collection<UInt8>>(copying bytes: Bytes) {
        self.init(DocumentCopy(bytes))
    }

    /// The bytes of a block from `malloc` that this document takes over (see
    /// `DocumentCopy(adoptingMalloced:count:)`).
    @inlinable package init(adoptingMalloced base: UnsafeMutablePointer<UInt8>, count: Int) {
        self.init(DocumentCopy(adoptingMalloced: base, count: count))
    }

    /// Bytes of memory whose owner lends them until it changes them (a writer's output, see
    /// `ByteOutput.lent(from:)`). Sound only as the lender's rule says: the one user,
    /// `DeferredObject.init(writtenInPlace:keys:)`, copies them before they change.
    @inlinable package init(lentUntilChanged base: UnsafePointer<UInt8>, count: Int) {
        self.init(base: base, count: count, copy: nil)
    }

    /// The bytes of a copy. Sound: the copy's memory is its owner's, held in `copy`. (Every copy,
    /// whether made from bytes or adopted from `malloc`, comes through here.)
    @inlinable package init(_ copy: DocumentCopy) {
        self.init(base: UnsafePointer(copy.base), count: copy.count, copy: copy)
    }

    /// These bytes as a copy: themselves when they are one already.
    @inlinable package func copyingIfLent() -> DocumentBytes {
        if isCopy { return self }
        return withUnsafeBufferPointer { DocumentBytes(copying: $0) }
    }

    /// Runs `body` over the bytes of `data`, read in place. Sound: `withUnsafeBytes` lends them for
    /// the closure, and the lent `DocumentBytes` does not outlive it (see the type's comment); `Data`
    /// holds bytes, so binding them to `UInt8` changes no type the memory had.
    @inline(__always)
    @inlinable package static func reading<Value>(_ data: Data, _ body: (DocumentBytes) throws -> Value) rethrows -> Value {
        try data.withUnsafeBytes { raw in try body(lending(raw.bindMemory(to: UInt8.self))) }
    }

    /// Runs `body` over the bytes of `array`, read in place. Sound: as for `Data`.
    @inline(__always)
    @inlinable package static func reading<Value>(_ array: [UInt8], _ body: (DocumentBytes) throws -> Value) rethrows -> Value {
        try array.withUnsafeBufferPointer { try body(lending($0)) }
    }

    /// Runs `body` over any collection of bytes: `Data` and arrays read in place, anything else
    /// copied into an array first.
    @inlinable package static func reading<Bytes: Collection<UInt8>, Value>(_ bytes: Bytes, _ body: (DocumentBytes) throws -> Value) rethrows -> Value {
        if let data = bytes as? Data { return try reading(data, body) }
        return try reading(bytes.inputBytes, body)
    }

    /// Lent bytes over `buffer`, valid while the caller's closure runs. Sound: only the `reading`
    /// functions call it, inside the closure that lends `buffer`.
    @usableFromInline package static func lending(_ buffer: UnsafeBufferPointer<UInt8>) -> DocumentBytes {
        // An empty buffer may have no address; `base` is then never read (every read checks `count`).
        DocumentBytes(base: buffer.baseAddress ?? DocumentCopy.empty, count: buffer.count, copy: nil)
    }

    /// The byte at `index`, which must be below `count`. Sound: the index is checked, and the owner
    /// of a copy is kept alive up to the read.
    @inline(__always)
    @inlinable package subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "index outside the document")
        return withExtendedLifetime(copy) { base[index] }
    }

    /// The eight bytes from `index` as one word (in memory order: compare it only with words loaded
    /// the same way), or `nil` when fewer than eight bytes are left from `index`.
    @inline(__always)
    @inlinable package func word(at index: Int) -> UInt64? {
        guard index >= 0, index <= count &- 8 else { return nil }
        // Sound: the eight bytes from `index` lie inside the document (checked above); `loadUnaligned`
        // reads them at any alignment, and the owner of a copy is kept alive up to the read.
        return withExtendedLifetime(copy) { UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) }
    }

    /// Up to eight bytes of a compact key's text (`text`) as one word in the memory order `word(at:)`
    /// loads a document's bytes in, with the mask of the bytes `text` has: what the text is compared
    /// with in one step (`KeyWord`, `LeadingKeyWord`).
    @inlinable package static func word(of text: ArraySlice<UInt8>) -> (bits: UInt64, mask: UInt64) {
        precondition(text.count <= 8, "word(of:) of more than eight bytes")
        func load(_ bytes: [UInt8]) -> UInt64 {
            // Sound: the array has eight bytes, read in place while it is alive.
            (bytes + [UInt8](repeating: 0, count: 8 - bytes.count)).withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
        }
        return (load(Array(text)), load([UInt8](repeating: 0xFF, count: text.count)))
    }

    /// Whether a key's UTF-8 bytes stand in a document as they are, with no escape: what a key
    /// compared as words must be.
    @inlinable package static func needsNoEscape(_ key: [UInt8]) -> Bool {
        key.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }

    /// The byte at `index`, or `nil` outside the document: one unsigned comparison covers both ends,
    /// where a check before the subscript's own made two. Sound: as the subscript.
    @inline(__always)
    @inlinable package func byte(at index: Int) -> UInt8? {
        guard UInt(bitPattern: index) < UInt(bitPattern: count) else { return nil }
        return withExtendedLifetime(copy) { base[index] }
    }

    /// The run of decimal digits that starts at `index`, eight bytes at a time: how many there are (up
    /// to 8) and their values plus one, packed four bits each from the low bits up (`"305"` is
    /// `0x614`), the form `PackedNumberText` keeps. `nil` when fewer than eight bytes are left from
    /// `index` (the caller goes on a byte at a time).
    ///
    /// Sound: the eight bytes read lie inside the document (checked first), the load is one unaligned
    /// read of them, and the owner of a copy is kept alive up to it. `PackedNumberTextTests` checks
    /// every position of random documents, the last eight bytes included.
    @inline(__always)
    @inlinable package func digitRun(at index: Int) -> (count: Int, codes: UInt64)? {
        guard index >= 0, index <= count &- 8 else { return nil }
        let word = withExtendedLifetime(copy) {
            UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        }
        // A byte is a digit (0x30...0x39) when its high half is 3 and adding 6 leaves it 3: each byte
        // of `other` is 0 exactly for a digit. Adding 6 carries into the next byte only from a byte of
        // 0xFA or more, which is not a digit, so every byte up to the first one that is not is right.
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let other = ((word & high) | (((word &+ 0x0606_0606_0606_0606) & high) &>> 4)) ^ 0x3333_3333_3333_3333
        let count = other == 0 ? 8 : other.trailingZeroBitCount &>> 3
        // The digits' values plus one, one a byte, the bytes after the run cleared; then the eight
        // bytes' low halves gathered into 32 bits, pairs, then fours, then all.
        let kept: UInt64 = count == 8 ? ~0 : (1 &<< UInt64(count &* 8)) &- 1
        var codes = ((word & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0101_0101_0101_0101) & kept
        codes = (codes | (codes &>> 4)) & 0x00FF_00FF_00FF_00FF
        codes = (codes | (codes &>> 8)) & 0x0000_FFFF_0000_FFFF
        codes = (codes | (codes &>> 16)) & 0x0000_0000_FFFF_FFFF
        return (count, codes)
    }

    /// Reads the fraction and the exponent of a number, whichever stand at `index`, into `text`,
    /// checking their grammar: the index after them, or, when a digit is missing, where one was
    /// expected and `isComplete` false. (It throws nothing and is not the parser's: a parser method
    /// copied the whole parser for its error path on every number.)
    @inline(__always)
    @inlinable package func readFractionAndExponent(from index: Int, into text: inout PackedNumberText.Packer) -> (end: Int, isComplete: Bool) {
        var end = index
        if byte(at: end) == UInt8(ascii: ".") {
            text.append(PackedNumberText.point)
            let digits = end &+ 1
            end = readDigits(from: digits, into: &text)
            guard end > digits else { return (end, false) }
        }
        if let marker = byte(at: end), marker | 0x20 == UInt8(ascii: "e") {
            text.append(marker == UInt8(ascii: "e") ? PackedNumberText.exponent : PackedNumberText.capitalExponent)
            end &+= 1
            if let sign = byte(at: end), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                text.append(sign == UInt8(ascii: "+") ? PackedNumberText.plus : PackedNumberText.minus)
                end &+= 1
            }
            let digits = end
            end = readDigits(from: digits, into: &text)
            guard end > digits else { return (end, false) }
        }
        return (end, true)
    }

    /// Reads the digits that start at `index` into `text`, eight at a time while eight bytes are left;
    /// returns the index after them (`index` itself when there are none).
    @inline(__always)
    @inlinable package func readDigits(from index: Int, into text: inout PackedNumberText.Packer) -> Int {
        var end = index
        while let run = digitRun(at: end) {
            text.append(run.codes, count: run.count)
            end &+= run.count
            if run.count < 8 { return end }
        }
        while let digit = digit(at: end) {
            text.append(UInt64(digit &+ 1))
            end &+= 1
        }
        return end
    }

    /// The value of the decimal digit at `index`, or `nil` for any other byte and outside the
    /// document (the readers' loops over digits). Sound: as `byte(at:)`.
    @inline(__always)
    @inlinable package func digit(at index: Int) -> UInt8? {
        guard let byte = byte(at: index) else { return nil }
        let digit = byte &- UInt8(ascii: "0")
        return digit < 10 ? digit : nil
    }

    /// The bytes in `range`, which must lie inside the document; valid while these bytes are. Sound:
    /// the range is checked; callers use the buffer at once (a string, a comparison, an append).
    @inline(__always)
    @inlinable package subscript(range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the document")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Runs `body` with all the bytes. Sound: the owner of a copy is kept alive while `body` runs.
    @inline(__always)
    @inlinable package func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(copy) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// The bytes as an array (a copy).
    @usableFromInline package var array: [UInt8] { withUnsafeBufferPointer { Array($0) } }
}
