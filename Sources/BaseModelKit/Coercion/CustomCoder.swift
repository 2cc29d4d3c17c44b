import BaseModelKitJSON
import Foundation

/// A custom transformer's closures as a coder.
struct CustomCoder<Value>: ValueCoding, LeafCoderProviding {
    let decodeValue: @Sendable (JSON) throws -> Value
    let encodeValue: @Sendable (Value) throws -> JSON

    var typeName: String { String(describing: Value.self) }

    func decode(_ json: JSON, existing: Value?, session: DecodingSession) throws -> Value {
        try transforming { try decodeValue(json) }
    }

    func encode(_ value: Value, session: EncodingSession) throws -> JSON {
        try transforming { try encodeValue(value) }
    }

    /// What `body`, the caller's closure, returns; an error of its own (not a `MappingError`) becomes
    /// `transformFailed`.
    private func transforming<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as MappingError {
            throw error
        } catch {
            throw MappingError(.transformFailed(error))
        }
    }
}
