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
    func write(_ value: Integer, to writer: inout JSONWriter, session: EncodingSession) throws {
        writer.writeInteger(value)
    }
}

extension DoubleCoder {
    func write(_ value: Double, to writer: inout JSONWriter, session: EncodingSession) throws {
        guard value.isFinite else { throw MappingError.nonFinite(value) }
        try? writer.writeDouble(value)
    }
}

extension RawValueCoder {
    func write(_ value: Wrapped, to writer: inout JSONWriter, session: EncodingSession) throws {
        try raw.write(value.rawValue, to: &writer, session: session)
    }
}
