import BaseModelKitJSON
/// A dotted path of JSON keys, as written in maps (`"s.h"`) and designated paths (`"data.items.0"`).
///
/// Dots separate the steps; a backslash makes the next character literal, so a key that contains a
/// dot is written `"a\\.b"` in Swift source (the text `a\.b`), and a backslash itself `"\\\\"`.
/// Of package access: the generator reads a type key's path as the library does.
package struct JSONKeyPath: Hashable, Sendable {
    /// The steps, unescaped, outermost first.
    package let segments: [String]

    /// Splits `text` at its unescaped dots. A path always has at least one segment; empty segments
    /// (`"a..b"`, a leading or trailing dot) are kept as empty keys and left to the caller to refuse.
    package init(_ text: String) {
        var segments: [String] = []
        var current = ""
        var escaping = false
        for character in text {
            if escaping {
                current.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                segments.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaping { current.append("\\") }
        segments.append(current)
        self.segments = segments
    }
}
