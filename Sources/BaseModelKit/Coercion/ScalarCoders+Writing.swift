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
    // Specialised as `decode(from:session:)` is: unspecialised, the writer's generic integer code
    // looked up `Integer.Magnitude` per value.
    @_specialize(where Integer == Int)
    @_specialize(where Integer == Int8)
    @_specialize(where Integer == Int16)
    @_specialize(where Integer == Int32)
    @_specialize(where Integer == Int64)
    @_specialize(where Integer == UInt)
    @_specialize(where Integer == UInt8)
    @_specialize(where Integer == UInt16)
    @_specialize(where Integer == UInt32)
    @_specialize(where Integer == UInt64)
    func write(_ value: Integer, to writer: inout JSONWriter, session: EncodingSession) throws {
        writeDigits(value, to: &writer)
    }

    @inline(never)
    private func writeDigits(_ value: Integer, to writer: inout JSONWriter) {
        writer.writeInteger(value)
    }
}

extension DecimalCoder {
    /// The largest significand written by hand: one that fits a `UInt64`.
    private static let largestPlain = Decimal(UInt64.max)

    /// Written from its significand and exponent: `description` took about 8 000 instructions a value
    /// (its digits by `[UInt16]` division, a tenth of encoding the type zoo: callgrind). The text is
    /// `description`'s, which a larger significand still goes through (`DecimalTests` compares them).
    func write(_ value: Decimal, to writer: inout JSONWriter, session: EncodingSession) throws {
        guard value.isFinite else { throw MappingError(.notRepresentable("NaN")) }
        let significand = value.significand
        guard significand < Self.largestPlain else { return try writer.writeChecked(try encode(value, session: session)) }
        writer.writePlainDecimal(mantissa: NSDecimalNumber(decimal: significand).uint64Value, exponent: value.exponent, isNegative: value.sign == .minus)
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
    func write(_ value: Wrapped, to writer: inout JSONWriter, session: EncodingSession) throws {
        try raw.write(value.rawValue, to: &writer, session: session)
    }
}
