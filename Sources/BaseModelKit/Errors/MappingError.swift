/// Input that cannot be mapped: JSON that is malformed, of the wrong type, or a value that JSON or
/// the target type cannot hold. It says where (the JSON path), into what (model and property), and
/// what was expected and found:
///
///     Expected Double at b[3].a (Bet.amount) but found a string "abc".
public struct MappingError: Error, CustomStringConvertible {
    /// What went wrong, as data; `description` turns it into text.
    public enum Reason: Sendable {
        /// The document is not JSON.
        case malformedJSON(JSONSyntaxError)
        /// A value of another JSON type than the property accepts. `found` describes the value.
        case typeMismatch(expected: String, found: String)
        /// A value that the property's type cannot hold exactly (1.5 into `Int`, 300 into `Int8`).
        case notExact(expected: String, found: String)
        /// A value that JSON cannot represent (NaN, infinity).
        case notRepresentable(String)
    }

    /// What went wrong.
    public let reason: Reason
    /// Where in the JSON document.
    public let path: MappingPath
    /// The model class whose property was being mapped, when there was one.
    public let model: String?
    /// The property being mapped, when there was one.
    public let property: String?

    /// An error with its reason and place.
    init(_ reason: Reason, path: MappingPath, model: String? = nil, property: String? = nil) {
        self.reason = reason
        self.path = path
        self.model = model
        self.property = property
    }

    /// The JSON syntax error, when the document was not JSON.
    public var syntaxError: JSONSyntaxError? {
        if case .malformedJSON(let error) = reason { return error }
        return nil
    }

    /// The error as one sentence.
    public var description: String {
        var place = "at \(path)"
        if let model, let property {
            place += " (\(model).\(property))"
        } else if let model {
            place += " (\(model))"
        }
        switch reason {
        case .malformedJSON(let error):
            return "The data is not valid JSON. \(error)"
        case .typeMismatch(let expected, let found):
            return "Expected \(expected) \(place) but found \(found)."
        case .notExact(let expected, let found):
            return "Expected \(expected) \(place) but found \(found), which \(expected) cannot hold exactly."
        case .notRepresentable(let value):
            return "Cannot write \(value) \(place): JSON has no representation for it."
        }
    }
}
