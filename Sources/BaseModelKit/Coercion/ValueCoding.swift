import BaseModelKitJSON
/// Converts between JSON values and Swift values of one type, both ways.
///
/// One coder is chosen per mapped property when a class's plan is built (see `CoderFactory`) and is
/// used for every object after that: no type tests per value. Coders throw `MappingError`s whose path
/// is relative to the value; the levels above put their keys and indices in front as the error travels
/// out.
protocol ValueCoding<Value>: Sendable {
    associatedtype Value

    /// The type as named in messages: `Double`, `[Bet]`, `[String: Int]`.
    var typeName: String { get }

    /// Whether `null` is a value of this type (`Optional`, `JSON`).
    var acceptsNull: Bool { get }

    /// Whether `decode` reads `existing` (a model merges into the object already there).
    var mergesIntoExisting: Bool { get }

    /// Whether the values are models (the coder of a model class): what a dictionary merges by key.
    var isModel: Bool { get }

    /// The value `json` denotes. `existing` is the property's current value when `mergesIntoExisting`.
    /// Scalar coders hold their rules here; containers and models hold theirs in
    /// `decode(from:session:)` and read a tree through it (`decodeByReading`).
    func decode(_ json: JSON, existing: Value?, session: DecodingSession) throws -> Value

    /// The value of the JSON at the parser's position, read straight from the bytes; leaves the parser
    /// after it. Coders of the common types read their tokens directly; the default reads a `JSON`
    /// value and decodes that, which gives the same results and the same errors.
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Value

    /// Like `decode(from:session:)`, merging into `current` (used when `mergesIntoExisting`). Kept
    /// apart from the plain read so that no `Optional<Value>` has to be formed on the hot path. The
    /// default reads anew: an update merges collections where their member holds them
    /// (`ModelCollectionMerge`, and the entries of a dictionary of values in `GenericMemberAccess`),
    /// so what reaches their coders here is what a decode would read (`null`, another kind of value).
    func decode(from parser: inout JSONParser, merging current: Value, session: DecodingSession) throws -> Value

    /// The JSON for `value`. Scalar coders hold their rules here; containers and models hold theirs
    /// in `write(_:to:session:)` and make a tree through it (`encodeByWriting`).
    func encode(_ value: Value, session: EncodingSession) throws -> JSON

    /// Writes the JSON for `value` straight into `writer`. Coders of the common types write their
    /// tokens directly; the default writes what `encode` returns.
    func write(_ value: Value, to writer: inout JSONWriter, session: EncodingSession) throws

    /// Whether `value` is `nil` (left out of the output unless `nilEncoding` is `.null`).
    func isNil(_ value: Value) -> Bool

    /// The cases the coder learns, for an enum kept in one byte (`RawValueCoder`); `nil` otherwise.
    var learnedCases: LearnedEnumCases? { get }

    /// The coder as the merge of a dictionary, or of an array, of models that an update's member loop
    /// calls (`ModelDictionaryMerging`, `ModelArrayMerging`); `nil` for any other. (Requirements
    /// rather than casts: a cast that fails searches every conformance of the type.)
    var modelDictionaryMerging: (any ModelDictionaryMerging)? { get }
    var modelArrayMerging: (any ModelArrayMerging)? { get }

    /// For a dictionary of values merged by key (`BaseModel.mergedDictionaries`): how an update
    /// merges it in place (`EntryMerging`); `nil` for any other coder.
    var entryMerging: EntryMerging<Value>? { get }

    /// `decode(from:merging:session:)` for a coder whose values are references (models), on `object`,
    /// a `Value`: `nil` when the value was merged into `object` itself, otherwise the object made in
    /// its place. (Returning `object` itself retained and released it per element merged.) The merges
    /// of arrays and dictionaries of models hold their elements as references
    /// (`ReferenceCollections`); the model coder merges them as such. (Through the generic entry, each
    /// element was copied into and out of a `Value` by its value witnesses, and the model coder went
    /// through a closure that casts it back.)
    func merge(from parser: inout JSONParser, intoReference object: AnyObject, session: DecodingSession) throws -> AnyObject?

    /// `write(_:to:session:)` for a coder whose values are references (models), of `object`, a
    /// `Value`, lent: the writers of arrays and dictionaries of models hold their elements as
    /// references. (Through the generic entry, each element was copied out of its collection by its
    /// value witnesses, a retain and a release, and the model coder cast it back.)
    func writeReference(_ object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws
}

extension ValueCoding {
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Value {
        try decodeTree(from: &parser, session: session)
    }

    /// Reads the value at the parser's position as a `JSON` tree and decodes that: the slow path of the
    /// streaming coders. Kept out of line on purpose: inlined into generic code, the compiler hoists
    /// the metadata lookup for `Optional<Value>` (the `existing: nil` argument) to the caller's entry,
    /// where it ran on every call.
    @inline(never)
    func decodeTree(from parser: inout JSONParser, session: DecodingSession) throws -> Value {
        try decode(try parser.readValue(), existing: nil, session: session)
    }

    func decode(from parser: inout JSONParser, merging current: Value, session: DecodingSession) throws -> Value {
        try decode(from: &parser, session: session)
    }

    func write(_ value: Value, to writer: inout JSONWriter, session: EncodingSession) throws {
        try writer.writeChecked(try encode(value, session: session))
    }

    /// The general way: `object` as a `Value`, written by `write(_:to:session:)`.
    func writeReference(_ object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws {
        precondition(ReferenceCollections.isReference(Value.self), "writeReference(_:to:session:) of a coder of values that are not references")
        // Sound: as in `merge(from:intoReference:session:)`.
        try write(ReferenceCollections.value(object, as: Value.self), to: &writer, session: session)
    }

    /// The general way: `object` as a `Value`, merged by `decode(from:merging:session:)`.
    func merge(from parser: inout JSONParser, intoReference object: AnyObject, session: DecodingSession) throws -> AnyObject? {
        precondition(ReferenceCollections.isReference(Value.self), "merge(from:intoReference:session:) of a coder of values that are not references")
        // Sound: `Value` is a single class reference (checked above), and `object` is a `Value`: the
        // callers, the merges of collections that hold references, took it from one.
        let merged = ReferenceCollections.object(try decode(from: &parser, merging: ReferenceCollections.value(object, as: Value.self), session: session))
        return merged === object ? nil : merged
    }

    var acceptsNull: Bool { false }
    var learnedCases: LearnedEnumCases? { nil }
    var modelDictionaryMerging: (any ModelDictionaryMerging)? { nil }
    var modelArrayMerging: (any ModelArrayMerging)? { nil }
    var entryMerging: EntryMerging<Value>? { nil }
    var mergesIntoExisting: Bool { false }
    var isModel: Bool { false }
    func isNil(_ value: Value) -> Bool { false }

    /// The error for a value of the wrong JSON type.
    func mismatch(_ json: JSON) -> MappingError {
        MappingError(.typeMismatch(expected: typeName, found: json.foundDescription))
    }

    /// The error for a value this type cannot hold exactly.
    func notExact(_ json: JSON) -> MappingError {
        MappingError(.notExact(expected: typeName, found: json.foundDescription))
    }
}

// One rule set per value: a container's or a model's rules — paths, lossy elements, identity and key
// merges, `null` removing a key, unknown enum cases — are written once, for bytes. A tree (a `JSON`
// value handed to an entry point or met inside a `Codable` value) goes through them by being written
// and read back; the tree directions cost a write and a parse, and no rule is stated twice.
extension ValueCoding {
    /// The value `json` denotes, read by the coder's streaming rules from the JSON text of `json`
    /// (merging into `existing` when the coder merges).
    func decodeByReading(_ json: JSON, existing: Value?, session: DecodingSession) throws -> Value {
        var writer = JSONWriter(formatting: [])
        do {
            try writer.write(json)
        } catch {
            throw MappingError(error)
        }
        do {
            var parser = try JSONParser(bytes: writer.outputDocument, maxDepth: session.options.maxDepth)
            if mergesIntoExisting, let existing {
                return try decode(from: &parser, merging: existing, session: session)
            }
            return try decode(from: &parser, session: session)
        } catch let error as JSONSyntaxError {
            // Only the depth limit: the writer's own output is JSON.
            throw MappingError(.malformedJSON(error))
        }
    }

    /// The JSON of `value`, as the coder's writer writes it, read back.
    func encodeByWriting(_ value: Value, session: EncodingSession) throws -> JSON {
        var writer = JSONWriter(formatting: [])
        try write(value, to: &writer, session: session)
        do {
            return try JSON(parsing: writer.outputDocument, maxDepth: .max)
        } catch {
            // The writer's own output is JSON.
            throw MappingError(.malformedJSON(error))
        }
    }
}
