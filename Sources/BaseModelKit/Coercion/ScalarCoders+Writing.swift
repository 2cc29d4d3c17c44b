import BaseModelKitJSON
import Foundation

// Direct-writing fast paths of the scalar coders: each writes its tokens straight into the output
// instead of building a `JSON` value first.

extension JSONWriter {
    /// Writes a JSON value, reporting a number JSON cannot represent as a `MappingError` (with the path
    /// inside the value).
    mutating func writeChecked(_ value: JSON) throws {
        do {
            try write(value)
        } catch {
            throw MappingError(error)
        }
    }

    /// Writes a double as `writeChecked(.number(JSONNumber(value)))` does, without making the value.
    mutating func writeCheckedDouble(_ value: Double) throws {
        do {
            try writeDouble(value)
        } catch {
            throw MappingError(error)
        }
    }
}

extension StringCoder {
    func write(_ value: String, to writer: inout JSONWriter, session: EncodingSession) throws {
        writer.writeString(value)
    }
}

extension BoolCoder {
    func write(_ value: Bool, to writer: inout JSONWriter, session: EncodingSession) throws {
        writer.writeBool(value)
    }
}

extension IntegerCoder {
    // Up to 64 bits, written as an `Int64` or a `UInt64`, whose code is specialised: the writer's
    // generic integer code, run for a width known only at run time, looks up `Integer.Magnitude` per
    // value. Wider integers (`Int128`) take the generic code.
    func write(_ value: Integer, to writer: inout JSONWriter, session: EncodingSession) throws {
        writeDigits(value, to: &writer)
    }

    @inline(never)
    private func writeDigits(_ value: Integer, to writer: inout JSONWriter) {
        if Integer.bitWidth > 64 {
            writer.writeInteger(value)
        } else if Integer.isSigned {
            writer.writeInteger(Int64(truncatingIfNeeded: value))
        } else {
            writer.writeInteger(UInt64(truncatingIfNeeded: value))
        }
    }
}

extension DecimalCoder {
    /// Written from its significand and exponent: `description` makes its digits by `[UInt16]`
    /// division. The text is `description`'s, which a significand of more than 64 bits still goes
    /// through (`DecimalTests` compares them). The significand is read from the value's own words
    /// (`DecimalWords`); where they cannot be read, through `NSDecimalNumber`, at three allocations a
    /// value.
    func write(_ value: Decimal, to writer: inout JSONWriter, session: EncodingSession) throws {
        guard value.isFinite else { throw MappingError(.notRepresentable("NaN")) }
        guard let mantissa = Self.mantissa(of: value) else {
            return try writer.writeChecked(try encode(value, session: session))
        }
        writer.writePlainDecimal(mantissa: mantissa, exponent: value.exponent, isNegative: value.sign == .minus)
    }

    /// The largest significand written by hand: one that fits a `UInt64`.
    private static let largestPlain = Decimal(UInt64.max)

    /// The significand of `value` when it fits a `UInt64`: from the value's words where this platform's
    /// can be read (`DecimalWords`), otherwise with Foundation's arithmetic.
    static func mantissa(of value: Decimal) -> UInt64? {
        DecimalWords.isReadable ? DecimalWords.mantissa(of: value) : mantissaByFoundation(of: value)
    }

    /// `value` as `write` writes it, when its text has at most 19 digits and it is not zero: what
    /// `encode` makes its number from, and `DecimalTextCoder` its string.
    static func shortDecimal(of value: Decimal) -> ShortDecimal? {
        guard let mantissa = mantissa(of: value) else { return nil }
        return ShortDecimal(mantissa: mantissa, exponent: value.exponent, isNegative: value.sign == .minus)
    }

    /// The significand of `value` when it fits a `UInt64`, found with Foundation's arithmetic.
    static func mantissaByFoundation(of value: Decimal) -> UInt64? {
        let significand = value.significand
        guard significand <= largestPlain else { return nil }
        return NSDecimalNumber(decimal: significand).uint64Value
    }
}

extension DoubleCoder {
    func write(_ value: Double, to writer: inout JSONWriter, session: EncodingSession) throws {
        guard value.isFinite else { throw MappingError.nonFinite(value) }
        try? writer.writeDouble(value)
    }
}

extension TextFormCoder {
    /// The form written without a `JSON` value; specialised for each form, as `decode` is.
    @_specialize(where Value == URL)
    @_specialize(where Value == UUID)
    @_specialize(where Value == Data)
    func write(_ value: Value, to writer: inout JSONWriter, session: EncodingSession) throws {
        value.writeForm(to: &writer)
    }
}

extension RawValueCoder {
    /// A case kept in one byte and written before is copied from its text (`WrittenEnumCases`);
    /// any other value is written from its raw value, and a case so written remembered.
    func write(_ value: Wrapped, to writer: inout JSONWriter, session: EncodingSession) throws {
        // Not bound to a name: a binding retained and released the table's owner per value.
        if writer.writesCompactly, writtenCases?.write(bits: TrivialBits.bits(of: value), to: &writer) == true { return }
        try writeRawValue(of: value, to: &writer, session: session)
    }

    /// The value written from its raw value, and remembered when it is a case kept in one byte. Out
    /// of line, so that the copy above needs no `RawValue` (inlined, its metadata was looked up on
    /// entry, for every value).
    @inline(never)
    private func writeRawValue(of value: Wrapped, to writer: inout JSONWriter, session: EncodingSession) throws {
        let start = writer.count
        try raw.write(value.rawValue, to: &writer, session: session)
        if let writtenCases, writer.writesCompactly {
            writtenCases.remember(writer.written(from: start), bits: TrivialBits.bits(of: value))
        }
    }
}
