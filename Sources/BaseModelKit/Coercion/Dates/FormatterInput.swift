/// What may be handed to Foundation's date formatters, which on Linux stop the process for some
/// text that is no date.
enum FormatterInput {
    /// Whether `text` is safe to parse with `DateFormatter` or `ISO8601DateFormatter`: at most 256
    /// bytes, each character a single Unicode scalar (a combining mark after the digits traps:
    /// "Incorrect range CFRange"), and no run of more than 24 digits (ICU divides by zero on a
    /// fraction of about 35 digits: a floating-point exception, found by the roundtrip fuzz target with
    /// `"2026-11-22T19:45:00.120955160000…15,"`). No date is spelled otherwise.
    static func isSafe(_ text: String) -> Bool {
        guard text.utf8.count <= 256, text.count == text.unicodeScalars.count else { return false }
        var run = 0
        for byte in text.utf8 {
            if byte &- UInt8(ascii: "0") < 10 {
                run += 1
                if run > 24 { return false }
            } else {
                run = 0
            }
        }
        return true
    }
}
