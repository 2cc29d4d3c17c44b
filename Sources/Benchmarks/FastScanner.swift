import Foundation

/// The hand-written contenders' reader, written for speed: a cursor over the input's bytes in place
/// (a pointer, every read checked against the end), keys handed back as their bytes for a `switch`,
/// integers and two-decimal prices read digit by digit, strings made once from the bytes.
///
/// It serves code written for one known payload (minified, keys without escapes), so it checks what
/// it reads but reports errors only as "malformed".
///
/// Why it is sound: the pointers all point into the buffer handed to `init`, which the caller keeps
/// alive while it scans (inside `withUnsafeBufferPointer`); every read checks `cursor < end` (or that
/// enough bytes are left) first, so no read leaves the buffer; buffers handed out (`rawString`) lie
/// between the cursor positions before and after the read. The benchmark checks what the contenders
/// build against `JSONDecoder`.
struct FastScanner {
    struct Malformed: Error {}

    private let start: UnsafePointer<UInt8>
    private let end: UnsafePointer<UInt8>
    private var cursor: UnsafePointer<UInt8>
    /// Whether whitespace may stand between tokens (an indented payload); minified ones have none.
    private let spaced: Bool

    /// A scanner over `buffer`, which must outlive it (the callers scan inside
    /// `withUnsafeBufferPointer`); `spaced` for a payload with whitespace between tokens.
    init(_ buffer: UnsafeBufferPointer<UInt8>, spaced: Bool = false) {
        self.spaced = spaced
        // An empty buffer may have no address: scan one zero byte instead.
        let base = buffer.baseAddress ?? FastScanner.empty
        start = base
        cursor = base
        end = base + buffer.count
    }

    /// `nonisolated(unsafe)`: one zero byte, written once here and only ever read.
    nonisolated(unsafe) private static let empty: UnsafePointer<UInt8> = {
        let byte = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        byte.initialize(to: 0)
        return UnsafePointer(byte)
    }()

    var isAtEnd: Bool { cursor >= end }

    /// Skips whitespace before a token, in a spaced payload.
    @inline(__always)
    mutating func space() {
        guard spaced else { return }
        while cursor < end, cursor.pointee == 0x20 || cursor.pointee == 0x0A || cursor.pointee == 0x0D || cursor.pointee == 0x09 {
            cursor += 1
        }
    }

    /// The next byte, without consuming it (0 at the end).
    @inline(__always)
    var peek: UInt8 { cursor < end ? cursor.pointee : 0 }

    @inline(__always)
    mutating func expect(_ byte: UInt8) throws {
        space()
        guard cursor < end, cursor.pointee == byte else { throw Malformed() }
        cursor += 1
    }

    /// After a value: `true` for a comma (another member or element follows), `false` for `closing`.
    @inline(__always)
    mutating func next(_ closing: UInt8) throws -> Bool {
        space()
        guard cursor < end else { throw Malformed() }
        let byte = cursor.pointee
        cursor += 1
        if byte == UInt8(ascii: ",") { return true }
        guard byte == closing else { throw Malformed() }
        return false
    }

    /// Consumes `byte` if it is next.
    @inline(__always)
    mutating func consume(_ byte: UInt8) -> Bool {
        space()
        guard cursor < end, cursor.pointee == byte else { return false }
        cursor += 1
        return true
    }

    /// A key of up to eight ASCII bytes as one number (first byte highest), and the colon after it:
    /// `"sp"` is `0x7370`. Longer keys are malformed here.
    @inline(__always)
    mutating func key() throws -> UInt64 {
        try expect(UInt8(ascii: "\""))
        var code: UInt64 = 0
        var length = 0
        while cursor < end, cursor.pointee != UInt8(ascii: "\"") {
            code = code << 8 | UInt64(cursor.pointee)
            cursor += 1
            length += 1
        }
        guard length <= 8, cursor < end else { throw Malformed() }
        cursor += 1
        try expect(UInt8(ascii: ":"))
        return code
    }

    /// The bytes of a string without escapes, between its quotes (`nil` when it has an escape).
    @inline(__always)
    // Sound: the buffer returned lies inside the scanned buffer (see the type), valid while it is.
    mutating func rawString() throws -> UnsafeBufferPointer<UInt8>? {
        try expect(UInt8(ascii: "\""))
        let first = cursor
        var plain = true
        while cursor < end, cursor.pointee != UInt8(ascii: "\"") {
            if cursor.pointee == UInt8(ascii: "\\") {
                plain = false
                cursor += 1
            }
            cursor += 1
        }
        guard cursor < end else { throw Malformed() }
        // Sound: from `first` to the closing quote, both inside the buffer.
        let bytes = UnsafeBufferPointer(start: first, count: cursor - first)
        cursor += 1
        return plain ? bytes : nil
    }

    /// A string, made once from its bytes (`String` checks the UTF-8); one with escapes is decoded
    /// into a scratch buffer first.
    @inline(__always)
    mutating func string() throws -> String {
        space()
        let opening = cursor
        if let bytes = try rawString() { return String(decoding: bytes, as: UTF8.self) }
        return try escapedString(from: opening + 1, to: cursor - 1)
    }

    /// The string between `first` and `last` (its closing quote), escapes decoded.
    // Sound: `first` and `last` lie inside the buffer (from `rawString`), and the loop reads below
    // `last` only, checking each escape's length first.
    private func escapedString(from first: UnsafePointer<UInt8>, to last: UnsafePointer<UInt8>) throws -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(last - first)
        var index = first
        while index < last {
            let byte = index.pointee
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            guard index + 1 < last else { throw Malformed() }
            index += 2
            switch index[-1] {
            case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4(at: index, before: last)
                index += 4
                if scalar & 0xFC00 == 0xD800, index + 6 <= last, index[0] == UInt8(ascii: "\\"), index[1] == UInt8(ascii: "u") {
                    let low = try hex4(at: index + 2, before: last)
                    if low & 0xFC00 == 0xDC00 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    }
                }
                decoded.append(contentsOf: Character(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8)
            default: throw Malformed()
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    // Sound: reads the four bytes at `at`, after checking that they lie before `last`.
    private func hex4(at: UnsafePointer<UInt8>, before last: UnsafePointer<UInt8>) throws -> UInt32 {
        guard at + 4 <= last else { throw Malformed() }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = at[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw Malformed()
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Skips one value of any kind (members the contender does not map).
    mutating func skipValue() throws {
        space()
        guard cursor < end else { throw Malformed() }
        switch cursor.pointee {
        case UInt8(ascii: "\""):
            _ = try rawString()
        case UInt8(ascii: "{"):
            cursor += 1
            if consume(UInt8(ascii: "}")) { return }
            repeat {
                _ = try rawString()
                try expect(UInt8(ascii: ":"))
                try skipValue()
            } while try next(UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            cursor += 1
            if consume(UInt8(ascii: "]")) { return }
            repeat { try skipValue() } while try next(UInt8(ascii: "]"))
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            _ = try bool()
        case UInt8(ascii: "n"):
            guard null() else { throw Malformed() }
        default:
            _ = try double()
        }
    }

    /// An integer that fits in an `Int`.
    @inline(__always)
    mutating func int() throws -> Int {
        space()
        let negative = consume(UInt8(ascii: "-"))
        let first = cursor
        var value = 0
        while cursor < end, cursor.pointee &- UInt8(ascii: "0") < 10 {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(Int(cursor.pointee &- UInt8(ascii: "0")))
            guard !overflow, !carry else { throw Malformed() }
            value = sum
            cursor += 1
        }
        guard cursor > first else { throw Malformed() }
        return negative ? -value : value
    }

    /// An unsigned integer that fits in a `UInt64`.
    @inline(__always)
    mutating func uint64() throws -> UInt64 {
        space()
        let first = cursor
        var value: UInt64 = 0
        while cursor < end, cursor.pointee &- UInt8(ascii: "0") < 10 {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(cursor.pointee &- UInt8(ascii: "0")))
            guard !overflow, !carry else { throw Malformed() }
            value = sum
            cursor += 1
        }
        guard cursor > first else { throw Malformed() }
        return value
    }

    /// The bytes of the value at the cursor (of any kind), which the cursor passes.
    // Sound: see the comment inside.
    mutating func rawValue() throws -> UnsafeBufferPointer<UInt8> {
        space()
        let first = cursor
        try skipValue()
        // Sound: both ends lie in the buffer, `first` before the cursor.
        return UnsafeBufferPointer(start: first, count: cursor - first)
    }

    /// A double: up to 15 significant digits and 22 after the point, without an exponent, exactly
    /// (both the digits and the power of ten are exact doubles, and one division rounds correctly);
    /// anything else through the standard library.
    @inline(__always)
    mutating func double() throws -> Double {
        space()
        let first = cursor
        let negative = consume(UInt8(ascii: "-"))
        var mantissa: UInt64 = 0
        var digits = 0
        while cursor < end, cursor.pointee &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(cursor.pointee &- UInt8(ascii: "0"))
            digits += 1
            cursor += 1
        }
        var scale = 0
        if consume(UInt8(ascii: ".")) {
            while cursor < end, cursor.pointee &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(cursor.pointee &- UInt8(ascii: "0"))
                digits += 1
                scale += 1
                cursor += 1
            }
        }
        if cursor < end, cursor.pointee | 0x20 == UInt8(ascii: "e") || digits > 15 || scale > 22 || digits == 0 {
            return try slowDouble(from: first)
        }
        let value = Double(mantissa) / FastScanner.powersOfTen[scale]
        return negative ? -value : value
    }

    // Sound: `first` is a position inside the buffer the number started at; reads check `end`.
    private mutating func slowDouble(from first: UnsafePointer<UInt8>) throws -> Double {
        cursor = first
        while cursor < end, cursor.pointee &- UInt8(ascii: "0") < 10 || cursor.pointee == UInt8(ascii: "-")
            || cursor.pointee == UInt8(ascii: "+") || cursor.pointee == UInt8(ascii: ".") || cursor.pointee | 0x20 == UInt8(ascii: "e") {
            cursor += 1
        }
        // Sound: the number's bytes, from `first` to the cursor, inside the buffer.
        guard let value = Double(String(decoding: UnsafeBufferPointer(start: first, count: cursor - first), as: UTF8.self)) else { throw Malformed() }
        return value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    @inline(__always)
    mutating func bool() throws -> Bool {
        space()
        if end - cursor >= 4, cursor[0] == UInt8(ascii: "t"), cursor[1] == UInt8(ascii: "r"), cursor[2] == UInt8(ascii: "u"), cursor[3] == UInt8(ascii: "e") {
            cursor += 4
            return true
        }
        guard end - cursor >= 5, cursor[0] == UInt8(ascii: "f"), cursor[1] == UInt8(ascii: "a"), cursor[2] == UInt8(ascii: "l"),
              cursor[3] == UInt8(ascii: "s"), cursor[4] == UInt8(ascii: "e") else { throw Malformed() }
        cursor += 5
        return false
    }

    /// A key's bytes (without escapes), and the colon after it.
    @inline(__always)
    mutating func rawKey() throws -> UnsafeBufferPointer<UInt8> {
        guard let key = try rawString() else { throw Malformed() }
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// Whether `raw` holds exactly the bytes of `literal` (an enum case's raw value).
    @inline(__always)
    // Sound: `memcmp` reads `raw.count` bytes of both, only after checking that both have that many.
    static func equal(_ raw: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        raw.count == literal.utf8CodeUnitCount && memcmp(raw.baseAddress!, literal.utf8Start, raw.count) == 0
    }

    /// Consumes `null` if it is next.
    @inline(__always)
    mutating func null() -> Bool {
        space()
        guard end - cursor >= 4, cursor[0] == UInt8(ascii: "n"), cursor[1] == UInt8(ascii: "u"), cursor[2] == UInt8(ascii: "l"), cursor[3] == UInt8(ascii: "l") else { return false }
        cursor += 4
        return true
    }
}

/// The hand-written contenders' writer, written for speed: bytes stored through a pointer into one
/// buffer reserved up front (grown by doubling, never in practice), integers two digits at a time,
/// prices with two decimals without `description`. Used once: `finish()` hands the bytes over and
/// frees the buffer.
struct FastWriter {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// The bytes written, as an array; the writer's buffer is freed.
    mutating func finish() -> [UInt8] {
        // Sound: the first `count` bytes of the buffer are written; the array's storage has room for them.
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { array, initialized in
            array.baseAddress!.update(from: base, count: count)
            initialized = count
        }
        base.deallocate()
        capacity = 0
        return bytes
    }

    /// Room for `more` bytes after `count`.
    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let larger = Swift.max(capacity * 2, needed)
        // Sound: the new buffer holds `larger` > `count` bytes; the old one is freed after the copy.
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    /// Appends ASCII text known at compile time.
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        // Sound: `reserve` made room for `length` bytes at `count`.
        (base + count).update(from: text.utf8Start, count: length)
        count += length
    }

    /// Appends bytes that need no escapes.
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        // Sound: `reserve` made room for `bytes.count` bytes at `count`.
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    /// Appends bytes that need no escapes.
    @inline(__always)
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        // Sound: `reserve` made room for one byte at `count`.
        base[count] = value
        count += 1
    }

    /// A string with JSON's escapes (the plain ones copied as they are).
    @inline(__always)
    mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            reserve(utf8.count + 2)
            // Sound: `reserve` made room for the quotes and every byte when none needs an escape.
            var out = base + count
            out[0] = UInt8(ascii: "\"")
            out += 1
            for byte in utf8 {
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    // Written again, escaped, after the opening quote.
                    count += 1
                    return escaping(utf8)
                }
                out.pointee = byte
                out += 1
            }
            out.pointee = UInt8(ascii: "\"")
            count = out + 1 - base
        }
    }

    /// The rest of `string(_:)` for a string that needs escapes: its bytes escaped, and the quote.
    @inline(never)
    private mutating func escaping(_ utf8: UnsafeBufferPointer<UInt8>) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                self.byte(FastWriter.hex[Int(byte >> 4)])
                self.byte(FastWriter.hex[Int(byte & 15)])
            default: self.byte(byte)
            }
        }
        self.byte(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// "00" to "99", for writing integers two digits at a time.
    private static let pairs: [UInt8] = (0..<100).flatMap { [UInt8(ascii: "0") + UInt8($0 / 10), UInt8(ascii: "0") + UInt8($0 % 10)] }

    @inline(__always)
    mutating func int(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        unsigned(UInt64(value.magnitude))
    }

    /// The decimal digits of `value`, written back to front, two at a time.
    @inline(__always)
    mutating func unsigned(_ value: UInt64) {
        var digits = 1
        var bound: UInt64 = 10
        while digits < 20, value >= bound {
            digits += 1
            bound = bound &* 10
        }
        reserve(digits)
        // Sound: `reserve` made room for the `digits` bytes written below `count + digits`.
        var out = base + count + digits
        var rest = value
        FastWriter.pairs.withUnsafeBufferPointer { pairs in
            while rest >= 100 {
                let pair = Int(rest % 100) * 2
                rest /= 100
                out -= 2
                out[0] = pairs[pair]
                out[1] = pairs[pair + 1]
            }
            if rest >= 10 {
                out -= 2
                out[0] = pairs[Int(rest) * 2]
                out[1] = pairs[Int(rest) * 2 + 1]
            } else {
                out -= 1
                out[0] = UInt8(ascii: "0") + UInt8(rest)
            }
        }
        count += digits
    }

    /// A double as JSON writes it: a price with at most two decimals (below a billion in size) from
    /// its hundredths — the shortest text that reads back as the same double, since no other number
    /// with two decimals is that close — and anything else through `description`.
    @inline(__always)
    mutating func double(_ value: Double) {
        let hundredths = (value * 100).rounded()
        if value.magnitude < 1e9, Double(Int(hundredths)) / 100 == value {
            let cents = Int(hundredths)
            if cents < 0 { byte(UInt8(ascii: "-")) }
            unsigned(UInt64(cents.magnitude / 100))
            let fraction = Int(cents.magnitude % 100)
            if fraction != 0 {
                byte(UInt8(ascii: "."))
                byte(UInt8(ascii: "0") + UInt8(fraction / 10))
                if fraction % 10 != 0 { byte(UInt8(ascii: "0") + UInt8(fraction % 10)) }
            }
            return
        }
        ascii(value.description)
    }

    /// Appends text known to need no escapes (a number's `description`).
    @inline(__always)
    mutating func ascii(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }
}

extension FastScanner {
    /// A decimal string of at most 19 digits (`"-41004.01000000"`): its digits gathered into one
    /// integer, its trailing zeros dropped, and the `Decimal` made from it and its exponent.
    mutating func decimal() throws -> Decimal {
        guard let bytes = try rawString(), !bytes.isEmpty else { throw FastScanner.Malformed() }
        let negative = bytes[0] == UInt8(ascii: "-")
        var significand: UInt64 = 0
        var digits = 0
        var exponent = 0
        var inFraction = false
        for byte in bytes[(negative ? 1 : 0)...] {
            if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
                continue
            }
            guard byte &- UInt8(ascii: "0") < 10, digits < 19 else { throw FastScanner.Malformed() }
            significand = significand &* 10 &+ UInt64(byte &- UInt8(ascii: "0"))
            if significand != 0 { digits += 1 }
            if inFraction { exponent -= 1 }
        }
        if significand == 0 { return 0 }
        // Trailing zeros dropped: the value Foundation makes is then compact as it stands.
        while significand % 10 == 0 {
            significand /= 10
            exponent += 1
        }
        // Made by Foundation from the two integers: its fields are not public, and their layout
        // differs between platforms.
        return Decimal(sign: negative ? .minus : .plus, exponent: exponent, significand: Decimal(significand))
    }
}
