import Foundation
import Synchronization

/// A `Date` in one of the built-in date forms of `JSONTransformer`.
struct TransformedDateCoder: ValueCoding, LeafCoderProviding {
    let kind: JSONTransformer.Kind

    var typeName: String {
        switch kind {
        case .secondsSince1970: return "Date (seconds since 1970)"
        case .millisecondsSince1970: return "Date (milliseconds since 1970)"
        case .iso8601: return "Date (ISO 8601)"
        case .dateFormat(let format): return "Date (\(format))"
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
            if case .millisecondsSince1970 = kind {
                return Date(timeIntervalSince1970: seconds / 1000)
            }
            return Date(timeIntervalSince1970: seconds)
        case .iso8601:
            guard case .string(let text) = json, let date = ISO8601Dates.date(from: text) else { throw mismatch(json) }
            return date
        case .dateFormat(let format):
            guard case .string(let text) = json, let date = FixedFormatDates.shared.date(from: text, format: format) else {
                throw mismatch(json)
            }
            return date
        case .custom(let provider):
            guard let coder = provider.coder(for: Date.self) else { throw mismatch(json) }
            return try coder.decode(json, existing: existing, session: session)
        }
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Date {
        switch kind {
        case .secondsSince1970, .millisecondsSince1970:
            guard let seconds = try readNumberAsDouble(from: &parser, for: self) else {
                return try decodeTree(from: &parser, session: session)
            }
            if case .millisecondsSince1970 = kind {
                return Date(timeIntervalSince1970: seconds / 1000)
            }
            return Date(timeIntervalSince1970: seconds)
        default:
            return try decodeTree(from: &parser, session: session)
        }
    }

    func encode(_ value: Date, session: EncodingSession) throws -> JSON {
        switch kind {
        case .secondsSince1970:
            return .number(JSONNumber(value.timeIntervalSince1970))
        case .millisecondsSince1970:
            let milliseconds = (value.timeIntervalSince1970 * 1000).rounded()
            return .number(JSONNumber(milliseconds))
        case .iso8601:
            return .string(ISO8601Dates.string(from: value))
        case .dateFormat(let format):
            return .string(FixedFormatDates.shared.string(from: value, format: format))
        case .custom(let provider):
            guard let coder = provider.coder(for: Date.self) else {
                throw MappingError(.typeMismatch(expected: "a Date transformer", found: "a transformer for \(provider.valueType)"))
            }
            return try coder.encode(value, session: session)
        }
    }
}

/// ISO 8601 text with and without fractional seconds.
enum ISO8601Dates {
    private static let whole = Date.ISO8601FormatStyle(includingFractionalSeconds: false)
    private static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    static func date(from text: String) -> Date? {
        (try? whole.parse(text)) ?? (try? fractional.parse(text))
    }

    static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        return seconds.rounded(.down) == seconds ? whole.format(date) : fractional.format(date)
    }
}

/// Date formatters for fixed formats, one per format, made once and used under a lock.
final class FixedFormatDates: Sendable {
    static let shared = FixedFormatDates()

    private let formatters = Mutex<[String: DateFormatter]>([:])

    func date(from text: String, format: String) -> Date? {
        formatters.withLock { formatters in
            Self.formatter(for: format, in: &formatters).date(from: text)
        }
    }

    func string(from date: Date, format: String) -> String {
        formatters.withLock { formatters in
            Self.formatter(for: format, in: &formatters).string(from: date)
        }
    }

    private static func formatter(for format: String, in formatters: inout [String: DateFormatter]) -> DateFormatter {
        if let formatter = formatters[format] {
            return formatter
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        formatters[format] = formatter
        return formatter
    }
}
