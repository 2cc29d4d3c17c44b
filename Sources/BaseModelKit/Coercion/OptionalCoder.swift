import Foundation

/// `Optional` of any mapped type: `null` is `nil`, anything else the wrapped type's value. An enum
/// case this build does not know makes the optional `nil` (its default).
struct OptionalCoder<Wrapped>: ValueCoding {
    let wrapped: any ValueCoding<Wrapped>

    // Specialised for the scalars, with the bodies apart (see `IntegerCoder.decode(from:session:)`):
    // unspecialised, every value looked up the metadata of `Optional<Wrapped>`. An optional model is
    // written through `writeReference` (see `GenericMemberAccess`).

    var typeName: String { wrapped.typeName }
    var acceptsNull: Bool { true }
    var mergesIntoExisting: Bool { wrapped.mergesIntoExisting }
    /// An optional enum's cases are its wrapped enum's, with the same bytes (see `GenericMemberAccess`).
    var learnedCases: LearnedEnumCases? { wrapped.learnedCases }

    @_specialize(where Wrapped == Int)
    @_specialize(where Wrapped == Int8)
    @_specialize(where Wrapped == Int16)
    @_specialize(where Wrapped == Int32)
    @_specialize(where Wrapped == Int64)
    @_specialize(where Wrapped == UInt)
    @_specialize(where Wrapped == UInt8)
    @_specialize(where Wrapped == UInt16)
    @_specialize(where Wrapped == UInt32)
    @_specialize(where Wrapped == UInt64)
    @_specialize(where Wrapped == Float)
    @_specialize(where Wrapped == Double)
    @_specialize(where Wrapped == Decimal)
    @_specialize(where Wrapped == Bool)
    @_specialize(where Wrapped == String)
    @_specialize(where Wrapped == Character)
    @_specialize(where Wrapped == Date)
    @_specialize(where Wrapped == URL)
    @_specialize(where Wrapped == UUID)
    @_specialize(where Wrapped == Data)
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Wrapped? {
        try decodeOptional(from: &parser, session: session)
    }

    @inline(never)
    private func decodeOptional(from parser: inout JSONParser, session: DecodingSession) throws -> Wrapped? {
        if parser.peekToken() == UInt8(ascii: "n") {
            try parser.readLiteral(.null)
            return nil
        }
        do {
            return try wrapped.decode(from: &parser, session: session)
        } catch let unknown as UnknownEnumCase {
            // An enum case this build does not know: the optional keeps its default, nil.
            unknown.note(in: session)
            return nil
        }
    }

    func decode(from parser: inout JSONParser, merging current: Wrapped?, session: DecodingSession) throws -> Wrapped? {
        if parser.peekToken() == UInt8(ascii: "n") {
            try parser.readLiteral(.null)
            return nil
        }
        guard let current else { return try decode(from: &parser, session: session) }
        return try wrapped.decode(from: &parser, merging: current, session: session)
    }

    func decode(_ json: JSON, existing: Wrapped??, session: DecodingSession) throws -> Wrapped? {
        try decodeByReading(json, existing: existing, session: session)
    }

    @_specialize(where Wrapped == Int)
    @_specialize(where Wrapped == Int8)
    @_specialize(where Wrapped == Int16)
    @_specialize(where Wrapped == Int32)
    @_specialize(where Wrapped == Int64)
    @_specialize(where Wrapped == UInt)
    @_specialize(where Wrapped == UInt8)
    @_specialize(where Wrapped == UInt16)
    @_specialize(where Wrapped == UInt32)
    @_specialize(where Wrapped == UInt64)
    @_specialize(where Wrapped == Float)
    @_specialize(where Wrapped == Double)
    @_specialize(where Wrapped == Decimal)
    @_specialize(where Wrapped == Bool)
    @_specialize(where Wrapped == String)
    @_specialize(where Wrapped == Character)
    @_specialize(where Wrapped == Date)
    @_specialize(where Wrapped == URL)
    @_specialize(where Wrapped == UUID)
    @_specialize(where Wrapped == Data)
    func write(_ value: Wrapped?, to writer: inout JSONWriter, session: EncodingSession) throws {
        try writeOptional(value, to: &writer, session: session)
    }

    /// The types `write` is specialised for (the list above): `GenericMemberAccess` writes optionals of any
    /// other type from where their value lies (`writePayload`), and these through `write`.
    static var writesSpecialised: Bool {
        let specialised: [Any.Type] = [Int.self, Int8.self, Int16.self, Int32.self, Int64.self, UInt.self, UInt8.self, UInt16.self,
                                       UInt32.self, UInt64.self, Float.self, Double.self, Decimal.self, Bool.self, String.self,
                                       Character.self, Date.self, URL.self, UUID.self, Data.self]
        return specialised.contains { $0 == Wrapped.self }
    }

    @inline(never)
    private func writeOptional(_ value: Wrapped?, to writer: inout JSONWriter, session: EncodingSession) throws {
        guard let value else { return writer.writeNull() }
        try wrapped.write(value, to: &writer, session: session)
    }

    func encode(_ value: Wrapped?, session: EncodingSession) throws -> JSON {
        guard let value else { return .null }
        return try wrapped.encode(value, session: session)
    }

    func isNil(_ value: Wrapped?) -> Bool { value == nil }
}

extension OptionalCoder: OptionalReferenceWriting {
    var writesSpecialised: Bool { Self.writesSpecialised }

    func writeReference(_ object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws {
        // `GenericMemberAccess` calls this only for an optional of a reference type (`isOptionalReference`).
        try wrapped.write(ReferenceCollections.value(object, as: Wrapped.self), to: &writer, session: session)
    }

    func writeTrivial(bits: UInt8, to writer: inout JSONWriter, session: EncodingSession) throws {
        // `GenericMemberAccess` calls this only when `Wrapped` and `Wrapped?` are one trivial byte each
        // (`nilBits`), with the byte of a `Wrapped?` that is not `nil`: the byte of its `Wrapped`.
        try wrapped.write(TrivialBits.value(bits: bits, as: Wrapped.self), to: &writer, session: session)
    }

    // Sound: an `Optional` is a single-payload enum, whose payload lies at its start (Swift's layout
    // of such enums, with the tag, if any, after it); `GenericMemberAccess` calls this only with an optional
    // that is not `nil`, whose first bytes are then an initialized, aligned `Wrapped`, copied here.
    // `WiderTypesTests.optionalCollections` writes optionals of collections, text forms and scalars.
    func writePayload(of optional: UnsafeRawPointer, to writer: inout JSONWriter, session: EncodingSession) throws {
        try wrapped.write(optional.load(as: Wrapped.self), to: &writer, session: session)
    }
}
