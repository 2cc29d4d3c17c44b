import BaseModelKitJSON
import Foundation

/// A `Date` in one of the built-in date forms of `JSONTransformer`.
struct TransformedDateCoder: ValueCoding, LeafCoderProviding {
    let kind: JSONTransformer.Kind
    /// For dates as numbers, their coder, found once: reading `kind` per value copied its payload
    /// cases.
    let epoch: EpochDateCoder?
    /// Whether dates are ISO 8601 text, found once for the same reason.
    let isISO8601: Bool
    /// For a format read and written by hand, its layout, found once: reading `kind` per value copied
    /// the format, with its name and formatter.
    let numericLayout: NumericDateLayout?

    init(kind: JSONTransformer.Kind) {
        self.kind = kind
        switch kind {
        case .secondsSince1970: epoch = EpochDateCoder(isMilliseconds: false)
        case .millisecondsSince1970: epoch = EpochDateCoder(isMilliseconds: true)
        default: epoch = nil
        }
        if case .iso8601 = kind { isISO8601 = true } else { isISO8601 = false }
        if case .dateFormat(let format) = kind { numericLayout = format.layout } else { numericLayout = nil }
    }

    var typeName: String {
        switch kind {
        case .secondsSince1970: return "Date (seconds since 1970)"
        case .millisecondsSince1970: return "Date (milliseconds since 1970)"
        case .iso8601: return "Date (ISO 8601)"
        case .dateFormat(let format): return "Date (\(format.name))"
        case .custom(let provider): return "Date (a transformer for \(provider.valueType))"
        }
    }

    func decode(_ json: JSON, existing: Date?, session: DecodingSession) throws -> Date {
        switch kind {
        case .secondsSince1970, .millisecondsSince1970:
            let number: JSONNumber?
            switch json {
            case .number(let value): number = value
            case .string(let text) where session.isLenient: number = JSONNumber(text: text)
            default: number = nil
            }
            guard let number else { throw mismatch(json) }
            guard let seconds = number.double else { throw notExact(json) }
            noteIfText(json, to: typeName, session: session)
            if case .millisecondsSince1970 = kind {
                return Date(timeIntervalSince1970: seconds / 1000)
            }
            return Date(timeIntervalSince1970: seconds)
        case .iso8601:
            guard case .string(let text) = json, let date = ISO8601Dates.date(from: text) else { throw mismatch(json) }
            return date
        case .dateFormat(let format):
            guard case .string(let text) = json, let date = format.date(from: text) else {
                throw mismatch(json)
            }
            return date
        case .custom(let provider):
            guard let coder = provider.coder(for: Date.self) else { throw mismatch(json) }
            return try coder.decode(json, existing: existing, session: session)
        }
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Date {
        guard let epoch else { return try decodeText(from: &parser, session: session) }
        return try epoch.decode(from: &parser, session: session)
    }

    /// A date as text (ISO 8601 or a format), read from the string's bytes where they stand when it
    /// has no escapes; anything else (and every error) through the tree's rule.
    private func decodeText(from parser: inout JSONParser, session: DecodingSession) throws -> Date {
        guard let contents = parser.plainStringContents() else { return try decodeTree(from: &parser, session: session) }
        let bytes = parser.bytes[contents]
        let date: Date?
        if isISO8601 {
            date = ISO8601Dates.date(fromBytes: bytes)
        } else if let layout = numericLayout, let read = layout.date(from: bytes) {
            date = read
        } else if case .dateFormat(let format) = kind {
            date = format.date(fromBytes: bytes)
        } else {
            date = nil
        }
        guard let date else { return try decodeTree(from: &parser, session: session) }
        parser.position = contents.upperBound + 1
        return date
    }

    /// The date's JSON written in place: numbers as `encode` makes them, text without a `String`.
    func write(_ value: Date, to writer: inout JSONWriter, session: EncodingSession) throws {
        if let epoch { return try epoch.write(value, to: &writer, session: session) }
        let text: DateText?
        if isISO8601 {
            text = ISO8601Dates.text(of: value)
        } else if let layout = numericLayout {
            text = layout.text(of: value)
        } else {
            text = nil
        }
        guard let text else { return try writer.writeChecked(try encode(value, session: session)) }
        text.withBytes { writer.writeString(utf8: $0) }
    }

    func encode(_ value: Date, session: EncodingSession) throws -> JSON {
        switch kind {
        case .secondsSince1970:
            return .number(JSONNumber(value.timeIntervalSince1970))
        case .millisecondsSince1970:
            let milliseconds = (value.timeIntervalSince1970 * 1000).rounded()
            return .number(JSONNumber(milliseconds))
        case .iso8601, .dateFormat:
            // Both text forms refuse a date they cannot hold (`UnwritableDate`).
            do {
                if case .dateFormat(let format) = kind { return .string(try format.string(from: value)) }
                return .string(try ISO8601Dates.string(from: value))
            } catch {
                throw MappingError(.transformFailed(error))
            }
        case .custom(let provider):
            guard let coder = provider.coder(for: Date.self) else {
                throw MappingError(.typeMismatch(expected: "a Date transformer", found: "a transformer for \(provider.valueType)"))
            }
            return try coder.encode(value, session: session)
        }
    }
}
