// Direct-writing fast paths of the common coders: each writes its tokens straight into the output
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

extension OptionalCoder {
    func write(_ value: Wrapped?, to writer: inout JSONWriter, session: EncodingSession) throws {
        guard let value else { return writer.writeNull() }
        try wrapped.write(value, to: &writer, session: session)
    }
}

extension ArrayCoder {
    func write(_ value: [Element], to writer: inout JSONWriter, session: EncodingSession) throws {
        writer.beginArray()
        // A counted loop: `enumerated()` in this unspecialised code built tuple metadata per element,
        // and `indices` was a generic call per array.
        let count = value.count
        var index = 0
        while index < count {
            writer.writeElementSeparator(isFirst: index == 0)
            do {
                try element.write(value[index], to: &writer, session: session)
            } catch let error as MappingError {
                throw error.prefixed(by: .index(index))
            }
            index += 1
        }
        writer.endArray(isEmpty: count == 0)
    }
}

extension DictionaryCoder {
    func write(_ dictionary: [String: Value], to writer: inout JSONWriter, session: EncodingSession) throws {
        writer.beginObject()
        // A dictionary has no order; its keys are written sorted so that output stays deterministic
        // (the order `encode` gives, and `.sortedKeys` too).
        // The keys alone are sorted, as `String`s (specialised code), and the values looked up: sorting
        // the key-value pairs ran generic code over tuples of the unknown value type, with a
        // metadata lookup per move (callgrind: most of writing citm_catalog's dictionaries).
        // The keys are copied into a `[String]` first: `sorted` on the dictionary's `Keys` ran the
        // standard library's generic sort, unspecialised, a fifth of writing citm_catalog.
        var keys: [String] = []
        keys.reserveCapacity(dictionary.count)
        for key in dictionary.keys {
            keys.append(key)
        }
        keys.sort { $0.utf8Precedes($1) }
        for index in keys.indices {
            let key = keys[index]
            writer.writeKey(key, isFirst: index == 0)
            guard let member = dictionary[key] else { continue }
            do {
                try value.write(member, to: &writer, session: session)
            } catch let error as MappingError {
                throw error.prefixed(by: .dictionaryKey(key))
            }
        }
        writer.endObject(isEmpty: keys.isEmpty)
    }
}

extension RawValueCoder {
    func write(_ value: Wrapped, to writer: inout JSONWriter, session: EncodingSession) throws {
        try raw.write(value.rawValue, to: &writer, session: session)
    }
}
