import Foundation

extension BaseModel {
    /// A new model decoded from a JSON object in UTF-8 data.
    ///
    /// - Throws: `MappingError` for malformed JSON or a value that cannot be mapped (with its path),
    ///   `SchemaError` when the class's mapping tables are invalid.
    public static func decode(from data: Data, options: DecodingOptions = DecodingOptions()) throws -> Self {
        try decode(from: try Document.object(in: [UInt8](data), options: options, model: self), options: options)
    }

    /// A new model decoded from JSON text; see `decode(from:options:)` for `Data`.
    public static func decode(from text: String, options: DecodingOptions = DecodingOptions()) throws -> Self {
        try decode(from: try Document.object(in: Array(text.utf8), options: options, model: self), options: options)
    }

    /// A new model decoded from a parsed JSON object.
    public static func decode(from object: JSONObject, options: DecodingOptions = DecodingOptions()) throws -> Self {
        let session = DecodingSession(options: options, recordsChanges: false)
        // `modelClass(for:)` may pick a subclass; `chosenClass` checks that it is one.
        let model = try ModelCoder<Self>(buildType: self).chosenClass(for: object).init() as! Self
        try ModelDecoding.fill(model, from: object, session: session, isExisting: false)
        return model
    }

    /// A new model decoded from a `JSONSerialization`-style dictionary.
    public static func decode(from dictionary: [String: Any], options: DecodingOptions = DecodingOptions()) throws -> Self {
        try decode(from: try Document.object(from: dictionary), options: options)
    }

    /// Updates this model in place from a JSON object in UTF-8 data: only keys present change
    /// properties; nested models present in both are updated in place too (a deep merge); arrays and
    /// dictionaries are replaced.
    ///
    /// The update is atomic: if anything fails — a value, a nested element, a transformer, a
    /// `didDeserialize()` — every object it changed is restored to what it was, and the error is
    /// thrown. (Changes an overridden hook makes to objects other than the one it is called on are not
    /// tracked.)
    public func update(from data: Data, options: DecodingOptions = DecodingOptions()) throws {
        try update(from: try Document.object(in: [UInt8](data), options: options, model: type(of: self)), options: options)
    }

    /// Updates this model in place from JSON text; see `update(from:options:)` for `Data`.
    public func update(from text: String, options: DecodingOptions = DecodingOptions()) throws {
        try update(from: try Document.object(in: Array(text.utf8), options: options, model: type(of: self)), options: options)
    }

    /// Updates this model in place from a parsed JSON object; see `update(from:options:)` for `Data`.
    public func update(from object: JSONObject, options: DecodingOptions = DecodingOptions()) throws {
        let session = DecodingSession(options: options, recordsChanges: true)
        do {
            try ModelDecoding.fill(self, from: object, session: session, isExisting: true)
        } catch {
            session.changeLog?.rollBack()
            throw error
        }
    }

    /// Updates this model in place from a `JSONSerialization`-style dictionary; see
    /// `update(from:options:)` for `Data`.
    public func update(from dictionary: [String: Any], options: DecodingOptions = DecodingOptions()) throws {
        try update(from: try Document.object(from: dictionary), options: options)
    }
}

/// Array entry points, which Swift allows to return `[Self]` only from a protocol extension.
/// `BaseModel` conforms; there is nothing to implement.
public protocol BaseModelProtocol: BaseModel {}

extension BaseModel: BaseModelProtocol {}

extension BaseModelProtocol {
    /// New models decoded from a top-level JSON array of objects in UTF-8 data.
    ///
    /// - Throws: `MappingError` with the element's index in its path, or `SchemaError`.
    public static func decodeArray(from data: Data, options: DecodingOptions = DecodingOptions()) throws -> [Self] {
        try decodeArray(from: try Document.value(in: [UInt8](data), options: options), options: options)
    }

    /// New models decoded from a top-level JSON array in text; see `decodeArray(from:options:)`.
    public static func decodeArray(from text: String, options: DecodingOptions = DecodingOptions()) throws -> [Self] {
        try decodeArray(from: try Document.value(in: Array(text.utf8), options: options), options: options)
    }

    /// New models decoded from the elements of a parsed JSON array.
    public static func decodeArray(from elements: [JSON], options: DecodingOptions = DecodingOptions()) throws -> [Self] {
        try decodeArray(from: JSON.array(elements), options: options)
    }

    private static func decodeArray(from json: JSON, options: DecodingOptions) throws -> [Self] {
        let session = DecodingSession(options: options, recordsChanges: false)
        let coder = ArrayCoder<Self>(element: ModelCoder<Self>(buildType: self))
        return try coder.decode(json, existing: nil, session: session)
    }
}

/// Reading the top level of a document for the entry points.
enum Document {
    /// The parsed document, with a syntax error reported as a `MappingError`.
    static func value(in bytes: [UInt8], options: DecodingOptions) throws(MappingError) -> JSON {
        do {
            return try JSON(parsing: bytes, options: options)
        } catch {
            throw MappingError(.malformedJSON(error))
        }
    }

    /// The document's top-level object; anything else is a type mismatch naming the model.
    static func object(in bytes: [UInt8], options: DecodingOptions, model: BaseModel.Type) throws(MappingError) -> JSONObject {
        let json = try value(in: bytes, options: options)
        guard case .object(let object) = json else {
            throw MappingError(.typeMismatch(expected: String(describing: model), found: json.foundDescription))
        }
        return object
    }

    /// A `JSONSerialization`-style dictionary as a JSON object.
    static func object(from dictionary: [String: Any]) throws -> JSONObject {
        guard case .object(let object) = try AnyBridging.json(from: dictionary) else { return JSONObject() }
        return object
    }
}
