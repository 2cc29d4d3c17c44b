import BaseModelKitJSON
import Foundation

/// `Optional` of any mapped type: `null` is `nil`, anything else the wrapped type's value. An enum
/// case this build does not know makes the optional `nil` (its default). Generic over the optional
/// type, `Value`, rather than its wrapped type: see `OptionalValue`.
struct OptionalCoder<Value: OptionalValue>: ValueCoding {
    typealias Wrapped = Value.Wrapped
    let wrapped: any ValueCoding<Wrapped>

    // Not specialised: the scalars and their optionals have accesses of their own
    // (`ScalarMemberAccesses`). The bodies of `decode` and `write` are functions of their own: in
    // the witnesses themselves, they cost more.

    var typeName: String { wrapped.typeName }
    var acceptsNull: Bool { true }
    var mergesIntoExisting: Bool { wrapped.mergesIntoExisting }
    /// An optional enum's cases are its wrapped enum's, with the same bytes (see `GenericMemberAccess`).
    var learnedCases: LearnedEnumCases? { wrapped.learnedCases }
    /// An optional array or dictionary of models merges as the collection it holds
    /// (`ModelCollectionMerge`, which reads `nil` through the property's access); an optional of an
    /// optional does not.
    var modelArrayMerging: (any ModelArrayMerging)? {
        wrapsCollection ? wrapped.modelArrayMerging : nil
    }
    var modelDictionaryMerging: (any ModelDictionaryMerging)? {
        wrapsCollection ? wrapped.modelDictionaryMerging : nil
    }
    /// An optional dictionary merged by key merges as the dictionary it holds, while it holds one (the
    /// property's access merges it so only then); an optional of an optional does not.
    var entryMerging: EntryMerging<Value>? {
        guard wrapsCollection, let inner = wrapped.entryMerging else { return nil }
        return EntryMerging(empty: .nilValue) { parser, dictionary, session, encoding, edits in
            guard var held = dictionary.take() else { preconditionFailure("an optional dictionary merged by key while it holds nil") }
            var heldEdits = EntryEdits<Wrapped>()
            defer {
                dictionary = Value(held)
                edits.changes = heldEdits.changes
                edits.undo = heldEdits.undo.map { undo in
                    { dictionary in
                        guard var held = dictionary.take() else { return }
                        undo(&held)
                        dictionary = Value(held)
                    }
                }
            }
            try inner.merge(&parser, &held, session, encoding, &heldEdits)
        }
    }

    /// Whether `Wrapped` is a collection (an array, a set, a dictionary), not another optional.
    private var wrapsCollection: Bool {
        (Wrapped.self as? any StandardContainer.Type)?.isOptional == false
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Value {
        try decodeOptional(from: &parser, session: session)
    }

    @inline(never)
    private func decodeOptional(from parser: inout JSONParser, session: DecodingSession) throws -> Value {
        if parser.peekToken() == UInt8(ascii: "n") {
            try parser.readLiteral(.null)
            return .nilValue
        }
        do {
            return Value(try wrapped.decode(from: &parser, session: session))
        } catch let unknown as UnknownEnumCase {
            // An enum case this build does not know: the optional keeps its default, nil.
            unknown.note(in: session)
            return .nilValue
        }
    }

    func decode(from parser: inout JSONParser, merging current: Value, session: DecodingSession) throws -> Value {
        if parser.peekToken() == UInt8(ascii: "n") {
            try parser.readLiteral(.null)
            return .nilValue
        }
        var merged = Value.nilValue
        let isSome = try current.ifSome { current in
            merged = Value(try wrapped.decode(from: &parser, merging: current, session: session))
        }
        return isSome ? merged : try decode(from: &parser, session: session)
    }

    func decode(_ json: JSON, existing: Value?, session: DecodingSession) throws -> Value {
        try decodeByReading(json, existing: existing, session: session)
    }

    func write(_ value: Value, to writer: inout JSONWriter, session: EncodingSession) throws {
        try writeOptional(value, to: &writer, session: session)
    }

    @inline(never)
    private func writeOptional(_ value: Value, to writer: inout JSONWriter, session: EncodingSession) throws {
        let isSome = try value.ifSome { value in try wrapped.write(value, to: &writer, session: session) }
        if !isSome { writer.writeNull() }
    }

    func encode(_ value: Value, session: EncodingSession) throws -> JSON {
        var json = JSON.null
        _ = try value.ifSome { value in json = try wrapped.encode(value, session: session) }
        return json
    }

    func isNil(_ value: Value) -> Bool { value.isNone }
}

extension OptionalCoder: OptionalReferenceWriting {
    /// The optional's value, a reference, as the wrapped coder writes it (`GenericMemberAccess` calls
    /// this only for an optional of a reference type: its `writesReference`).
    func writeReference(_ object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws {
        try wrapped.writeReference(object, to: &writer, session: session)
    }
}
