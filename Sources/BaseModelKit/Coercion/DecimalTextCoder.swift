import BaseModelKitJSON
import Foundation

/// `Decimal` read from a JSON string that holds a number (`"0.00100000"`, as exchanges send prices)
/// or from a number, exactly, in either coercion mode, and written as a string
/// (`JSONTransformer.decimalString`). `Decimal` keeps a value, not its text: trailing zeros are
/// not kept (`"0.00100000"` is written back as `"0.001"`).
struct DecimalTextCoder: ValueCoding, LeafCoderProviding {
    var typeName: String { "Decimal" }

    func decode(_ json: JSON, existing: Decimal?, session: DecodingSession) throws -> Decimal {
        let number: JSONNumber
        switch json {
        case .string(let text):
            guard let parsed = JSONNumber(text: text) else { throw mismatch(json) }
            number = parsed
        case .number(let value):
            number = value
        default:
            throw mismatch(json)
        }
        guard let value = number.decimal else { throw notExact(json) }
        return value
    }

    /// The text of `DecimalCoder`'s number: made from the significand, as `DecimalCoder.encode`
    /// makes it (`description` takes many times as long).
    func encode(_ value: Decimal, session: EncodingSession) throws -> JSON {
        guard value.isFinite else { throw MappingError(.notRepresentable("NaN")) }
        if let short = DecimalCoder.shortDecimal(of: value) { return .string(short.text) }
        return .string(value.description)
    }
}
