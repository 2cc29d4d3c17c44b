import BaseModelKit
/// The hand-written contender's reader: a minimal schema-directed scanner over UTF-8 bytes, written
/// the way a careful engineer would for one known payload (safe Swift, `[UInt8]` indexing, like the
/// package's own parser). It checks what it reads but reports errors only as "malformed".
struct ByteScanner {
    struct Malformed: Error {}

    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func skipWhitespace() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x0D || bytes[position] == 0x09 {
            position += 1
        }
    }

    mutating func peek() -> UInt8 {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : 0
    }

    mutating func expect(_ byte: UInt8) throws {
        guard peek() == byte else { throw Malformed() }
        position += 1
    }

    /// After a member: `true` for a comma, `false` for the closing bracket.
    mutating func next(_ closing: UInt8) throws -> Bool {
        let byte = peek()
        position += 1
        if byte == UInt8(ascii: ",") { return true }
        guard byte == closing else { throw Malformed() }
        return false
    }

    /// Reads a key's bytes (keys of this payload are ASCII without escapes) and the colon.
    mutating func key() throws -> ArraySlice<UInt8> {
        try expect(UInt8(ascii: "\""))
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") { position += 1 }
        let key = bytes[start..<position]
        position += 1
        try expect(UInt8(ascii: ":"))
        return key
    }

    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = position
        var plain = true
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            if bytes[position] == UInt8(ascii: "\\") || bytes[position] >= 0x80 || bytes[position] < 0x20 { plain = false }
            position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard position < bytes.count else { throw Malformed() }
        defer { position += 1 }
        if plain { return String(decoding: bytes[start..<position], as: UTF8.self) }
        guard let value = try? JSON(parsing: Array(bytes[(start - 1)...position])).string else { throw Malformed() }
        return value
    }

    mutating func int() throws -> Int {
        skipWhitespace()
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { negative = true; position += 1 }
        var value = 0
        let start = position
        while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 {
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int(bytes[position] &- UInt8(ascii: "0")))
            guard !o1, !o2 else { throw Malformed() }
            value = sum
            position += 1
        }
        guard position > start else { throw Malformed() }
        return negative ? -value : value
    }

    mutating func double() throws -> Double {
        skipWhitespace()
        let start = position
        while position < bytes.count, (bytes[position] &- UInt8(ascii: "0") < 10 || bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: ".") || bytes[position] | 0x20 == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "+")) {
            position += 1
        }
        // Short decimals by the exact fast path; anything else through the standard library.
        var mantissa: UInt64 = 0
        var scale = 0
        var digits = 0
        var seenPoint = false
        var simple = true
        var negative = false
        for byte in bytes[start..<position] {
            switch byte {
            case UInt8(ascii: "-"): negative = true
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if seenPoint { scale += 1 }
            default: simple = false
            }
        }
        if simple, digits <= 15, scale <= 22 {
            let value = Double(mantissa) / ByteScanner.powers[scale]
            return negative ? -value : value
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else { throw Malformed() }
        return value
    }

    private static let powers: [Double] = (0...22).map { exponent in (0..<exponent).reduce(1.0) { value, _ in value * 10 } }

    mutating func bool() throws -> Bool {
        let byte = peek()
        position += byte == UInt8(ascii: "t") ? 4 : 5
        return byte == UInt8(ascii: "t")
    }

    /// Consumes `null` if it is next.
    mutating func null() -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        position += 4
        return true
    }
}

extension ByteScanner {
    /// Reads an object, handing each member's key bytes to `member`, which reads the value.
    mutating func object(_ member: (ArraySlice<UInt8>, inout ByteScanner) throws -> Void) throws {
        try expect(UInt8(ascii: "{"))
        if peek() == UInt8(ascii: "}") { position += 1; return }
        repeat {
            try member(try key(), &self)
        } while try next(UInt8(ascii: "}"))
    }

    /// Reads an array, each element by `element`.
    mutating func array<Element>(_ element: (inout ByteScanner) throws -> Element) throws -> [Element] {
        try expect(UInt8(ascii: "["))
        var result: [Element] = []
        if peek() == UInt8(ascii: "]") { position += 1; return result }
        repeat {
            result.append(try element(&self))
        } while try next(UInt8(ascii: "]"))
        return result
    }
}

/// The hand-written contender's writer: appends JSON straight into a byte buffer.
struct ByteWriter {
    var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func int(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    mutating func double(_ value: Double) {
        if value == value.rounded(), value.magnitude < 1e15 {
            int(Int(value))
        } else {
            bytes.append(contentsOf: value.description.utf8)
        }
    }
}
