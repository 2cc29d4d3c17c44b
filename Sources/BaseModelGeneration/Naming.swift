/// Swift names made from JSON keys and values: readable, valid, and the same for the same input.
enum Naming {
    /// `first_name` → `firstName`, `Ev` → `ev`, `2nd` → `_2nd`, `in` → `in` (written in backticks). A
    /// name `BaseModel` has for a member of its own (`unknownKeys`, `copy`) gets `Value` after it.
    static func property(from key: String) -> String {
        let words = self.words(in: key)
        guard let first = words.first else { return "value" }
        let name = first.lowercased() + words.dropFirst().map(capitalized).joined()
        let property = name.first!.isNumber ? "_" + name : name
        return modelMembers.contains(property) ? property + "Value" : property
    }

    /// `events` → `Event`, `odds_message` → `OddsMessage`. A name that would hide a type of Swift,
    /// Foundation or BaseModelKit in the user's module (`data` → `Data`) gets `Model` after it
    /// (`DataModel`).
    static func type(from name: String, singular: Bool = false) -> String {
        var words = self.words(in: name)
        guard !words.isEmpty else { return "Value" }
        if singular { words[words.count - 1] = self.singular(words[words.count - 1]) }
        let joined = words.map(capitalized).joined()
        let type = joined.first!.isNumber ? "_" + joined : joined
        return reservedTypes.contains(type) ? type + "Model" : type
    }

    /// Types a generated file, or the code around it, names: a class of one of these names would hide
    /// it (or not compile, for `Any` and `Self`).
    static let reservedTypes: Set<String> = [
        "Any", "AnyObject", "Self", "Type", "Protocol", "String", "Substring", "Character", "Bool", "Int", "Int8", "Int16", "Int32",
        "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Float", "Float16", "Double", "Decimal", "Array", "Dictionary", "Set",
        "Optional", "Result", "Error", "Never", "Void", "Range", "Sequence", "Collection", "Element", "Index", "Codable", "Decodable",
        "Encodable", "Equatable", "Hashable", "Comparable", "Identifiable", "Sendable", "Task", "Actor", "Data", "Date", "URL", "UUID",
        "Locale", "TimeZone", "Calendar", "Bundle", "Notification", "NSObject", "NSNumber", "JSONDecoder", "JSONEncoder", "JSON",
        "JSONObject", "JSONNumber", "JSONTransformer", "BaseModel", "DecodingOptions", "EncodingOptions", "MappingError",
        "SchemaError", "MappingPath", "MappingReport", "ChangeSet", "Change", "IdentityPath", "MessageRouter", "ModelSnapshot",
    ]

    /// The members of `BaseModel` a property of a subclass would clash with.
    static let modelMembers: Set<String> = [
        "apiToLocal", "localToApi", "constructors", "transformers", "identities", "partialCollections", "requiredKeys",
        "keepsUnknownKeys", "unknownKeys", "lossyCollections", "forwardCompatibleEnums", "observedKeyPaths", "deserialize",
        "serialize", "didDeserialize", "didUpdate", "modelClass", "debugDescription", "description", "copy", "snapshot", "changes",
        "update", "updates", "jsonData", "jsonString", "dictionary", "decode", "decodeArray", "validateMappings", "jsonSchema",
        "model", "hashValue", "hash", "encode",
    ]

    /// A case name for a raw value: `in_play` → `inPlay`, `1X2` → `_1X2`.
    static func enumCase(from raw: String) -> String? {
        let words = self.words(in: raw)
        guard let first = words.first else { return nil }
        let name = first.lowercased() + words.dropFirst().map(capitalized).joined()
        return name.first!.isNumber ? "_" + name : name
    }

    /// Whether a property's name marks an identifier: `id`, `…Id`, `…ID`, `…Key`, a symbol, a code, a
    /// uuid — values that name things rather than choose among a few.
    static func isIdentifier(_ property: String) -> Bool {
        let lower = property.lowercased()
        return lower == "id" || lower == "i" || property.hasSuffix("Id") || property.hasSuffix("ID") || property.hasSuffix("Ids")
            || lower.hasSuffix("key") || lower.contains("symbol") || lower.hasSuffix("code") || lower.contains("uuid")
    }

    /// Whether an integer property's name says it counts time or versions, which APIs define as 64
    /// bits whatever the samples show (`closeTime`, `eventTime`, `updatedAt`, `ts`, `version`).
    static func isWideInteger(_ property: String) -> Bool {
        let lower = property.lowercased()
        return lower.hasSuffix("time") || lower.hasSuffix("timestamp") || lower == "ts" || property.hasSuffix("At")
            || lower.hasSuffix("version") || lower.hasSuffix("sequence") || lower.hasSuffix("seq")
    }

    /// `name`, a name the glossary gives, as the generated code can use it: as it is when it is a Swift
    /// name (a letter or `_`, then letters, digits and `_`; a type neither a keyword nor a type it
    /// would hide), else made from its words as a derived name is (`my prop` → `myProp`, `Not A
    /// Class` → `NotAClass`, `Data` → `DataModel`).
    static func given(_ name: String, asType: Bool) -> String {
        let isName = name.first.map { $0.isLetter || $0 == "_" } == true && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        if asType {
            return isName && !keywords.contains(name) && !reservedTypes.contains(name) ? name : type(from: name)
        }
        return isName && !modelMembers.contains(name) ? name : property(from: name)
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
