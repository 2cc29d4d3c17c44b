import BaseModelKit

/// What a team knows about its minified keys, in JSON:
///
///     {"keys": {"fn": "firstName"}, "classes": {"ev": "Event"}, "overrides": {"Market": {"n": "title"}},
///      "formats": {"st": "milliseconds"}, "docs": {"fn": "The given name.", "Event.n": "The fixture."},
///      "messages": {"odds": "OddsMessage"}}
///
/// `keys`: JSON key → property name in every class; `classes`: JSON key of an object, of an array of
/// objects or of an object keyed by ids → the class of the object, of the elements, of the values;
/// `overrides`: class → its own key → property name; `formats`: key or `Class.key` → `milliseconds`,
/// `seconds` or `iso8601`; `types`: key or `Class.key` → `String`, `Int`, `Int64`, `Double`,
/// `Decimal`, `Bool`, `Date` or `enum`; `required`: keys or `Class.key`s (or `*`) a decode requires;
/// `docs`: key or `Class.key` → doc comment; `messages`: type-key value → class name.
public struct Glossary: Sendable {
    /// JSON key → property name, in every class.
    public var keys: [String: String] = [:]
    /// JSON key → class name: of the object, of the elements, of the values keyed by ids.
    public var classes: [String: String] = [:]
    /// Class name → its own JSON key → property name (wins over `keys`).
    public var overrides: [String: [String: String]] = [:]
    /// JSON key → how a date is written there.
    public var formats: [String: DateFormat] = [:]
    /// A key, `Class.key` or a class name → its doc comment.
    public var docs: [String: String] = [:]
    /// Type-key value → subclass name.
    public var messages: [String: String] = [:]
    /// A key, or `Class.key` (which wins), → the Swift type of its values: of the scalars inside, for
    /// a key whose values are arrays.
    public var types: [String: ValueType] = [:]
    /// Keys, or `Class.key`s, whose absence a decode refuses (`requiredKeys`); `*` for every key that
    /// every sample of its class has.
    public var required: [String] = []

    /// The types `types` can give.
    public enum ValueType: String, Sendable {
        case string = "String", int = "Int", int64 = "Int64", double = "Double", bool = "Bool", date = "Date"
        /// Read and written as the feed writes it: a string (`JSONTransformer.decimalString`) or a number.
        case decimal = "Decimal"
        /// An enum of the values the samples show, with a case for any other.
        case enumeration = "enum"
    }

    /// What the glossary says of `key` in `owner`: the `Class.key` entry, else the key's.
    func entry<Value>(_ table: [String: Value], key: String, owner: String) -> Value? {
        table["\(owner).\(key)"] ?? table[key]
    }

    /// Whether `key` of `owner` is required (`always`: every sample of the class has it).
    func requires(_ key: String, owner: String, always: Bool) -> Bool {
        required.contains(key) || required.contains("\(owner).\(key)") || (always && required.contains("*"))
    }

    /// How a date is written in the samples.
    public enum DateFormat: String, Sendable {
        case milliseconds, seconds, iso8601
    }

    /// An empty glossary: every name is derived from the keys.
    public init() {}

    /// Reads a glossary; every section is optional, anything else is an error.
    public init(json: JSON) throws(GenerationError) {
        guard case .object(let object) = json else { throw GenerationError("The glossary must be a JSON object.") }
        for (section, value) in object {
            switch section {
            case "keys": keys = try Self.strings(value, section)
            case "classes": classes = try Self.strings(value, section)
            case "docs": docs = try Self.strings(value, section)
            case "messages": messages = try Self.strings(value, section)
            case "overrides":
                guard case .object(let byClass) = value else { throw GenerationError("The glossary's \"overrides\" must map class names to objects.") }
                for (name, map) in byClass { overrides[name] = try Self.strings(map, "overrides.\(name)") }
            case "types":
                for (key, text) in try Self.strings(value, section) {
                    guard let type = ValueType(rawValue: text) else {
                        throw GenerationError("The glossary's type for \"\(key)\" is \"\(text)\"; use String, Int, Int64, Double, Decimal, Bool, Date or enum.")
                    }
                    types[key] = type
                }
            case "required":
                guard case .array(let keys) = value, keys.allSatisfy({ $0.string != nil }) else {
                    throw GenerationError("The glossary's \"required\" must be a list of keys, Class.keys or \"*\".")
                }
                required = keys.compactMap(\.string)
            case "formats":
                for (key, text) in try Self.strings(value, section) {
                    guard let format = DateFormat(rawValue: text) else {
                        throw GenerationError("The glossary's format for \"\(key)\" is \"\(text)\"; use milliseconds, seconds or iso8601.")
                    }
                    formats[key] = format
                }
            default:
                throw GenerationError("The glossary has a section \"\(section)\"; it knows keys, classes, overrides, formats, types, required, docs and messages.")
            }
        }
    }

    private static func strings(_ value: JSON, _ section: String) throws(GenerationError) -> [String: String] {
        guard case .object(let object) = value else { throw GenerationError("The glossary's \"\(section)\" must be an object of strings.") }
        var result: [String: String] = [:]
        for (key, value) in object {
            guard case .string(let text) = value else { throw GenerationError("The glossary's \"\(section)\".\"\(key)\" must be a string.") }
            result[key] = text
        }
        return result
    }
}

/// A problem with the generator's input, said for a person.
public struct GenerationError: Error, CustomStringConvertible, Sendable {
    /// What is wrong, as one sentence.
    public let description: String

    /// An error that says `description`.
    public init(_ description: String) {
        self.description = description
    }
}
