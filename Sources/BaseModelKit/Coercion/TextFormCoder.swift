import BaseModelKitJSON
import Foundation

/// The coder of a `TextForm` scalar: a JSON string in its form, nothing else.
struct TextFormCoder<Value: TextForm>: ValueCoding {
    var typeName: String { Value.formName }

    func decode(_ json: JSON, existing: Value?, session: DecodingSession) throws -> Value {
        guard case .string(let text) = json, let value = Value(form: text) else { throw mismatch(json) }
        return value
    }

    func encode(_ value: Value, session: EncodingSession) throws -> JSON {
        .string(value.form)
    }
}
