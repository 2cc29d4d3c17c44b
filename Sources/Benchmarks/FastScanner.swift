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

/// The hand-written contenders' writer, written for speed: appends into one buffer reserved up front,
/// integers digit by digit, prices with two decimals without `description`.
struct FastWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends ASCII text known at compile time.
    @inline(__always)
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes that need no escapes.
    @inline(__always)
    mutating func append(_ text: some Sequence<UInt8>) {
        bytes.append(contentsOf: text)
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    /// A string with JSON's escapes (the plain ones copied as they are).
    @inline(__always)
    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case UInt8(ascii: "\n"): raw("\\n")
                case UInt8(ascii: "\r"): raw("\\r")
                case UInt8(ascii: "\t"): raw("\\t")
                case 0..<0x20:
                    raw("\\u00")
                    bytes.append(FastWriter.hex[Int(byte >> 4)])
                    bytes.append(FastWriter.hex[Int(byte & 15)])
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex = Array("0123456789abcdef".utf8)

    @inline(__always)
    mutating func int(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        // Sound: 24 bytes hold the at most 20 digits of a 64-bit magnitude, written from the back.
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                count += 1
                buffer[24 - count] = UInt8(truncatingIfNeeded: magnitude % 10) + UInt8(ascii: "0")
                magnitude /= 10
            } while magnitude != 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// A double as JSON writes it: a price with at most two decimals (below a billion in size) from
    /// its hundredths — the shortest text that reads back as the same double, since no other number
    /// with two decimals is that close — and anything else through `description`.
    @inline(__always)
    mutating func double(_ value: Double) {
        let hundredths = (value * 100).rounded()
        if value.magnitude < 1e9, Double(Int(hundredths)) / 100 == value {
            let cents = Int(hundredths)
            if cents < 0 { bytes.append(UInt8(ascii: "-")) }
            let whole = cents.magnitude / 100
            let fraction = Int(cents.magnitude % 100)
            int(Int(whole))
            if fraction != 0 {
                bytes.append(UInt8(ascii: "."))
                bytes.append(UInt8(ascii: "0") + UInt8(fraction / 10))
                if fraction % 10 != 0 { bytes.append(UInt8(ascii: "0") + UInt8(fraction % 10)) }
            }
            return
        }
        bytes.append(contentsOf: value.description.utf8)
    }
}
