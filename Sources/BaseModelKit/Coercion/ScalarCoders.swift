import BaseModelKitJSON
import Foundation

// The rule the numeric coders share (each scalar's coder is in a file of its own:
// Docs/MapsAndConstructors.md lists the types). Lenient coercion accepts numbers written as strings,
// numbers for strings and the usual spellings of Booleans; strict coercion accepts exact JSON types.
// Either way, a conversion that would lose information is an error.

/// The number in `json`: a JSON number, or with lenient coercion a string that spells one.
private func number(in json: JSON, session: DecodingSession) -> JSONNumber? {
    switch json {
    case .number(let number): return number
    case .string(let text) where session.isLenient: return JSONNumber(text: text)
    default: return nil
    }
}

/// Notes in the report that a number was read from a string (a lenient coercion), once it converted.
func noteIfText(_ json: JSON, to typeName: @autoclosure () -> String, session: DecodingSession) {
    if case .string = json { session.noteCoercion(of: json, to: typeName()) }
}

extension ValueCoding {
    /// The one rule of the numeric coders: the number `json` holds (or, lenient, spells) converted by
    /// `exact`, which returns `nil` for a value the type cannot hold exactly; a lenient conversion
    /// from text is noted in the report.
    func exactNumber(in json: JSON, session: DecodingSession, _ exact: (JSONNumber) -> Value?) throws -> Value {
        guard let number = number(in: json, session: session) else { throw mismatch(json) }
        guard let value = exact(number) else { throw notExact(json) }
        noteIfText(json, to: typeName, session: session)
        return value
    }
}
