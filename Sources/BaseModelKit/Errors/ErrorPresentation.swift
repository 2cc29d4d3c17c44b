import BaseModelKitJSON
import Foundation

// How the errors read where apps and servers show them: `localizedDescription` (through
// `LocalizedError`) is the message itself, not Foundation's "The operation could not be completed";
// `debugDescription` (what `debugPrint`, `dump` and the debugger show) adds the fields as data.

extension MappingError: LocalizedError, CustomDebugStringConvertible {
    /// The message, as `description` gives it.
    public var errorDescription: String? { description }

    /// The message with the error's fields: `MappingError(typeMismatch at b[3].a, model: Bet, property: amount): Expected …`.
    public var debugDescription: String {
        var fields = ["\(reason.name) at \(path)"]
        if let model { fields.append("model: \(model)") }
        if let property { fields.append("property: \(property)") }
        return "MappingError(\(fields.joined(separator: ", "))): \(description)"
    }
}

extension SchemaError: LocalizedError, CustomDebugStringConvertible {
    /// The heading and every problem, as `description` gives them.
    public var errorDescription: String? { description }

    /// `SchemaError(User, 2 problems): …` followed by the problems.
    public var debugDescription: String {
        "SchemaError(\(model), \(problems.count) problem\(problems.count == 1 ? "" : "s")): \(description)"
    }
}

extension JSONSyntaxError: LocalizedError, CustomDebugStringConvertible {
    /// The message, as `description` gives it.
    public var errorDescription: String? { description }

    /// `JSONSyntaxError(byte 41, line 3, column 7): …`.
    public var debugDescription: String {
        "JSONSyntaxError(byte \(offset), line \(line), column \(column)): \(description)"
    }
}

extension JSONWritingError: LocalizedError, CustomDebugStringConvertible {
    /// The message, as `description` gives it.
    public var errorDescription: String? { description }

    /// `JSONWritingError(notRepresentable at a[1]): …`.
    public var debugDescription: String {
        let reason = switch reason {
        case .notRepresentable: "notRepresentable"
        case .stackExhausted: "stackExhausted"
        }
        return "JSONWritingError(\(reason) \(place)): \(description)"
    }
}

extension MappingError.Reason {
    /// The case's name, for `debugDescription`: the label of its payload, or the case itself when
    /// it has none.
    var name: String {
        Mirror(reflecting: self).children.first?.label ?? String(describing: self)
    }
}
