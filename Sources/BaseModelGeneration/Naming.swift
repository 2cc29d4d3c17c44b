/// Swift names made from JSON keys and values: readable, valid, and the same for the same input.
enum Naming {
    /// `first_name` → `firstName`, `Ev` → `ev`, `2nd` → `_2nd`, `in` → `in` (written in backticks).
    static func property(from key: String) -> String {
        let words = self.words(in: key)
        guard let first = words.first else { return "value" }
        let name = first.lowercased() + words.dropFirst().map(capitalized).joined()
        return name.first!.isNumber ? "_" + name : name
    }

    /// `events` → `Event`, `odds_message` → `OddsMessage`.
    static func type(from name: String, singular: Bool = false) -> String {
        var words = self.words(in: name)
        guard !words.isEmpty else { return "Value" }
        if singular { words[words.count - 1] = self.singular(words[words.count - 1]) }
        let type = words.map(capitalized).joined()
        return type.first!.isNumber ? "_" + type : type
    }

    /// A case name for a raw value: `in_play` → `inPlay`, `1X2` → `_1X2`.
    static func enumCase(from raw: String) -> String? {
        let words = self.words(in: raw)
        guard let first = words.first else { return nil }
        let name = first.lowercased() + words.dropFirst().map(capitalized).joined()
        return name.first!.isNumber ? "_" + name : name
    }

    /// The name as Swift code spells it: keywords in backticks.
    static func spelled(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The words of `text`: split at anything not a letter or digit, and before an upper-case letter
    /// that follows a lower-case one.
    private static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        for character in text {
            guard character.isASCII, character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            if character.isUppercase, previousWasLower, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previousWasLower = character.isLowercase || character.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    private static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("ies"), word.count > 3 { return word.dropLast(3) + "y" }
        if lower.hasSuffix("ses") || lower.hasSuffix("xes") { return String(word.dropLast(2)) }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), word.count > 1 { return String(word.dropLast()) }
        return word
    }

    /// Names Swift reserves, which a property or case must write in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal", "let",
        "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self",
        "Self", "super", "throws", "true", "try", "Type", "Protocol",
    ]
}
