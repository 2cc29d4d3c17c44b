import BaseModelKitJSON
/// What may be handed to Foundation's date formatters, which on Linux stop the process for some
/// text that is no date.
enum FormatterInput {
    /// Whether `text` is safe to parse with `DateFormatter` or `ISO8601DateFormatter`: at most 256
    /// bytes, each character a single Unicode scalar (a combining mark after the digits traps:
    /// "Incorrect range CFRange"), and no run of more than 24 digits, counted on through an exponent
    /// (`e` or `E` after a digit, then maybe a sign), which ICU reads as part of the number. ICU
    /// divides by zero on a fraction of about 35 digits, or of 19 digits with an exponent of 21: a
    /// floating-point exception, found by the roundtrip fuzz target with
    /// `"2026-11-22T19:45:00.120955160000…15,"` and `"…00.1209551600000000000e000000000000000000000"`.
    /// No date is spelled otherwise.
    static func isSafe(_ text: String) -> Bool {
        guard text.utf8.count <= 256, text.count == text.unicodeScalars.count else { return false }
        var run = 0
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte &- UInt8(ascii: "0") < 10 {
                run += 1
                if run > 24 { return false }
            } else if !continuesNumber(byte, after: previous) {
                run = 0
            }
            previous = byte
        }
        return true
    }

    /// Whether `byte` after `previous` goes on with the number ICU reads: an exponent's `e` or `E`
    /// after a digit, or its sign.
    private static func continuesNumber(_ byte: UInt8, after previous: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "e"), UInt8(ascii: "E"): previous &- UInt8(ascii: "0") < 10
        case UInt8(ascii: "+"), UInt8(ascii: "-"): previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")
        default: false
        }
    }
}
