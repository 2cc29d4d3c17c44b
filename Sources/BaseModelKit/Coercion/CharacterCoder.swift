import BaseModelKitJSON
import Foundation

/// A `Character`: a JSON string of exactly one character.
struct CharacterCoder: ValueCoding {
    var typeName: String { "Character" }

    func decode(_ json: JSON, existing: Character?, session: DecodingSession) throws -> Character {
        guard case .string(let text) = json, text.count == 1, let character = text.first else {
            throw mismatch(json)
        }
        return character
    }

    func encode(_ value: Character, session: EncodingSession) throws -> JSON {
        .string(String(value))
    }
}
