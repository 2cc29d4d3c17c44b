import BaseModelKitJSON
import Foundation

/// A scalar written as a JSON string of its own form: `URL` (absolute), `UUID`, `Data` (base64).
protocol TextForm {
    /// The type as named in messages.
    static var formName: String { get }
    /// The value `text` spells, if it spells one.
    init?(form text: String)
    /// The value the UTF-8 `bytes` spell (a JSON string's contents, read in place), if they spell one.
    /// Sound: `bytes` are lent for the call (the parser's bytes) and read only within their count.
    init?(formBytes bytes: UnsafeBufferPointer<UInt8>)
    /// The value's text.
    var form: String { get }
    /// Writes the value's text as a JSON string.
    func writeForm(to writer: inout JSONWriter)
}

extension TextForm {
    // Sound: the bytes are copied into a `String` within the call.
    init?(formBytes bytes: UnsafeBufferPointer<UInt8>) {
        self.init(form: String(decoding: bytes, as: UTF8.self))
    }

    func writeForm(to writer: inout JSONWriter) {
        writer.writeString(form)
    }
}

extension URL: TextForm {
    static var formName: String { "URL" }
    init?(form text: String) {
        guard !text.isEmpty else { return nil }
        self.init(string: text)
    }
    var form: String { absoluteString }
}

extension UUID: TextForm {
    static var formName: String { "UUID" }
    init?(form text: String) {
        var text = text
        guard let uuid = text.withUTF8({ UUID(formBytes: $0) }) else { return nil }
        self = uuid
    }

    /// Read by hand: 32 hex digits (either case) with dashes after the 8th, 12th, 16th and 20th, the
    /// only form `init(uuidString:)` reads (Foundation goes through `sscanf`). Sound: reads only indices
    /// below 36, checked as `bytes.count` first.
    init?(formBytes bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var index = 0
        for slot in 0..<16 {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard bytes[index] == UInt8(ascii: "-") else { return nil }
                index += 1
            }
            guard let high = UUID.hexDigit(bytes[index]), let low = UUID.hexDigit(bytes[index + 1]) else { return nil }
            Self.set(&value, slot, high << 4 | low)
            index += 2
        }
        self.init(uuid: value)
    }

    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        default: nil
        }
    }

    /// Byte `slot` of `value`, written through the tuple's elements (no pointer).
    @inline(__always)
    private static func set(_ value: inout uuid_t, _ slot: Int, _ byte: UInt8) {
        switch slot {
        case 0: value.0 = byte
        case 1: value.1 = byte
        case 2: value.2 = byte
        case 3: value.3 = byte
        case 4: value.4 = byte
        case 5: value.5 = byte
        case 6: value.6 = byte
        case 7: value.7 = byte
        case 8: value.8 = byte
        case 9: value.9 = byte
        case 10: value.10 = byte
        case 11: value.11 = byte
        case 12: value.12 = byte
        case 13: value.13 = byte
        case 14: value.14 = byte
        default: value.15 = byte
        }
    }

    /// Made as `writeForm` writes it: Foundation's `uuidString` formats through `snprintf` on Linux,
    /// many times the cost of a merge by the identity it spells.
    var form: String { withForm { String(decoding: $0, as: UTF8.self) } }

    func writeForm(to writer: inout JSONWriter) {
        withForm { writer.writeString(utf8: $0) }
    }

    /// `body` with the value's text as `uuidString` spells it (upper-case hex digits, dashes after
    /// the 4th, 6th, 8th and 10th byte), made by hand. Sound: the bytes are lent to `body` for the
    /// call only, and live until it returns.
    private func withForm<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // Sound: `uuid_t` is a tuple of sixteen `UInt8`, laid out as sixteen contiguous bytes, and
        // `bytes` is read only within them; `text` is written only within its 36 bytes, all of them
        // before it is lent to `body` for the call. `TextFormTests.uuidWrites` compares the text with
        // `uuidString`.
        withUnsafeBytes(of: uuid) { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { text in
                var index = 0
                for slot in 0..<16 {
                    if slot == 4 || slot == 6 || slot == 8 || slot == 10 {
                        text[index] = UInt8(ascii: "-")
                        index += 1
                    }
                    text[index] = Self.upperHex(bytes[slot] >> 4)
                    text[index + 1] = Self.upperHex(bytes[slot] & 0x0F)
                    index += 2
                }
                return body(UnsafeBufferPointer(text))
            }
        }
    }

    @inline(__always)
    private static func upperHex(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &+ nibble &- 10
    }
}

extension Data: TextForm {
    static var formName: String { "Data (base64)" }
    init?(form text: String) { self.init(base64Encoded: text) }
    var form: String { base64EncodedString() }
}
