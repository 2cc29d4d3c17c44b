import Foundation

extension BaseModel {
    /// A new model decoded from a JSON object in UTF-8 data.
    ///
    /// - Throws: `MappingError` for malformed JSON or a value that cannot be mapped (with its path),
    ///   `SchemaError` when the class's mapping tables are invalid.
    public static func decode(from data: Data, options: DecodingOptions = DecodingOptions()) throws -> Self {
        try Document.decode(data.byteArray, as: self, options: options)
    }

    /// A new model decoded from JSON text; see `decode(from:options:)` for `Data`.
    public static func decode(from text: String, options: DecodingOptions = DecodingOptions()) throws -> Self {
        try Document.decode(Array(text.utf8), as: self, options: options)
    }

    /// A new model decoded from JSON data, with what the decode did besides setting values —
    /// coercions applied, nulls ignored, unknown keys seen, elements skipped — added to `report`.
    public static func decode(from data: Data, options: DecodingOptions = DecodingOptions(), report: MappingReport) throws -> Self {
        try Document.decode(data.byteArray, as: self, options: options, report: report)
    }

    /// A new model decoded from JSON text, with a report; see `decode(from:options:report:)`.
    public static func decode(from text: String, options: DecodingOptions = DecodingOptions(), report: MappingReport) throws -> Self {
        try Document.decode(Array(text.utf8), as: self, options: options, report: report)
    }

    /// A new model decoded from the object at a designated path inside the document: `"data.event"`
    /// reads `{"data":{"event":{…}}}`, and a segment of digits picks an array element
    /// (`"data.items.0"`). A key containing a dot is written with a backslash (`"a\\.b"`).
    ///
    /// Only the designated object is decoded into models; the rest of the document is checked to be
    /// JSON and skipped. Error paths start at the top of the document.
    ///
    /// - Throws: `MappingError` — one naming the first missing segment (`Found no key "event" at
    ///   data.`), or as `decode(from:options:)` does.
    public static func decode(from data: Data, at path: String, options: DecodingOptions = DecodingOptions()) throws -> Self {
        try Document.decode(data.byteArray, at: path, as: self, options: options)
    }

    /// A new model decoded from the object at a designated path inside JSON text; see
    /// `decode(from:at:options:)` for `Data`.
    public static func decode(from text: String, at path: String, options: DecodingOptions = DecodingOptions()) throws -> Self {
        try Document.decode(Array(text.utf8), at: path, as: self, options: options)
    }

    /// A new model decoded from a parsed JSON object.
    public static func decode(from object: JSONObject, options: DecodingOptions = DecodingOptions()) throws -> Self {
        let session = DecodingSession(options: options, recordsChanges: false)
        return try CurrentSession.$decoding.withValue(session) {
            // `modelClass(for:)` may pick a subclass; `chosenClass` checks that it is one.
            let model = try classToBuild(for: object, declared: self).init() as! Self
            try ModelDecoding.fill(model, from: object, session: session, isExisting: false)
            return model
        }
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
        try Document.update(self, from: data.byteArray, options: options)
    }

    /// Updates this model in place from JSON text; see `update(from:options:)` for `Data`.
    public func update(from text: String, options: DecodingOptions = DecodingOptions()) throws {
        try Document.update(self, from: Array(text.utf8), options: options)
    }

    /// Updates this model in place from JSON data, with what the update did besides setting values
    /// added to `report` (nothing, if the update fails and is undone).
    public func update(from data: Data, options: DecodingOptions = DecodingOptions(), report: MappingReport) throws {
        try Document.update(self, from: data.byteArray, options: options, report: report)
    }

    /// Updates this model in place from JSON text, with a report; see `update(from:options:report:)`.
    public func update(from text: String, options: DecodingOptions = DecodingOptions(), report: MappingReport) throws {
        try Document.update(self, from: Array(text.utf8), options: options, report: report)
    }

    /// Updates this model in place from a parsed JSON object; see `update(from:options:)` for `Data`.
    public func update(from object: JSONObject, options: DecodingOptions = DecodingOptions()) throws {
        let session = DecodingSession(options: options, recordsChanges: true)
        do {
            try CurrentSession.$decoding.withValue(session) {
                try ModelDecoding.fill(self, from: object, session: session, isExisting: true)
            }
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
        try Document.decodeArray(data.byteArray, of: self, options: options)
    }

    /// New models decoded from a top-level JSON array in text; see `decodeArray(from:options:)`.
    public static func decodeArray(from text: String, options: DecodingOptions = DecodingOptions()) throws -> [Self] {
        try Document.decodeArray(Array(text.utf8), of: self, options: options)
    }

    /// New models decoded from the array at a designated path inside the document (`"data.events"`);
    /// see `decode(from:at:options:)` for the path's form and errors.
    public static func decodeArray(from data: Data, at path: String, options: DecodingOptions = DecodingOptions()) throws -> [Self] {
        try Document.decodeArray(data.byteArray, at: path, of: self, options: options)
    }

    /// New models decoded from the array at a designated path inside JSON text.
    public static func decodeArray(from text: String, at path: String, options: DecodingOptions = DecodingOptions()) throws -> [Self] {
        try Document.decodeArray(Array(text.utf8), at: path, of: self, options: options)
    }

    /// New models decoded from the elements of a parsed JSON array.
    public static func decodeArray(from elements: [JSON], options: DecodingOptions = DecodingOptions()) throws -> [Self] {
        try decodeArray(from: JSON.array(elements), options: options)
    }

    private static func decodeArray(from json: JSON, options: DecodingOptions) throws -> [Self] {
        let session = DecodingSession(options: options, recordsChanges: false)
        let coder = ArrayCoder<Self>(element: ModelCoder<Self>(buildType: self))
        return try CurrentSession.$decoding.withValue(session) {
            try coder.decode(json, existing: nil, session: session)
        }
    }
}

/// The entry points' work on whole documents: streaming from bytes, with syntax errors reported as
/// `MappingError`s.
enum Document {
    static func decode<Model: BaseModel>(_ bytes: [UInt8], as type: Model.Type, options: DecodingOptions, report: MappingReport? = nil) throws -> Model {
        let session = DecodingSession(options: options, recordsChanges: false, reports: report != nil)
        let model = try reportingSyntaxErrors {
            try CurrentSession.$decoding.withValue(session) {
                try ModelDecoding.decodeDocument(bytes, as: type, into: nil, session: session) as! Model
            }
        }
        if let report, let recorder = session.recorder { report.append(contentsOf: recorder.entries) }
        return model
    }

    static func update(_ model: BaseModel, from bytes: [UInt8], options: DecodingOptions, report: MappingReport? = nil) throws {
        let session = DecodingSession(options: options, recordsChanges: true, reports: report != nil)
        do {
            try reportingSyntaxErrors {
                try CurrentSession.$decoding.withValue(session) {
                    _ = try ModelDecoding.decodeDocument(bytes, as: Swift.type(of: model), into: model, session: session)
                }
            }
        } catch {
            session.changeLog?.rollBack()
            throw error
        }
        if let report, let recorder = session.recorder { report.append(contentsOf: recorder.entries) }
    }

    static func decodeArray<Model: BaseModel>(_ bytes: [UInt8], of type: Model.Type, options: DecodingOptions) throws -> [Model] {
        let session = DecodingSession(options: options, recordsChanges: false)
        let coder = ArrayCoder<Model>(element: ModelCoder<Model>(buildType: type))
        return try reportingSyntaxErrors {
            try CurrentSession.$decoding.withValue(session) {
                var parser = try JSONParser(bytes: bytes, maxDepth: options.maxDepth)
                let models = try coder.decode(from: &parser, session: session)
                try parser.expectEndOfInput()
                return models
            }
        }
    }

    /// Decodes the object at `path` inside the document.
    static func decode<Model: BaseModel>(_ bytes: [UInt8], at path: String, as type: Model.Type, options: DecodingOptions) throws -> Model {
        let session = DecodingSession(options: options, recordsChanges: false)
        return try atDesignatedPath(path, in: bytes, session: session) { parser in
            try ModelDecoding.decodeObject(from: &parser, as: type, into: nil, session: session) as! Model
        }
    }

    /// Decodes the array at `path` inside the document.
    static func decodeArray<Model: BaseModel>(_ bytes: [UInt8], at path: String, of type: Model.Type, options: DecodingOptions) throws -> [Model] {
        let session = DecodingSession(options: options, recordsChanges: false)
        let coder = ArrayCoder<Model>(element: ModelCoder<Model>(buildType: type))
        return try atDesignatedPath(path, in: bytes, session: session) { parser in
            try coder.decode(from: &parser, session: session)
        }
    }

    /// Runs `body` with a parser standing at the value at `path`; errors from `body` get the path in
    /// front of theirs, and the rest of the document is checked afterwards.
    private static func atDesignatedPath<Result>(_ path: String, in bytes: [UInt8], session: DecodingSession, _ body: (inout JSONParser) throws -> Result) throws -> Result {
        try reportingSyntaxErrors {
            try CurrentSession.$decoding.withValue(session) {
                var parser = try JSONParser(bytes: bytes, maxDepth: session.options.maxDepth)
                let descent = try DesignatedPath.seek(path, in: &parser)
                let result: Result
                do {
                    result = try body(&parser)
                } catch var error as MappingError {
                    error.path.components.insert(contentsOf: descent.path.components, at: 0)
                    throw error
                }
                try DesignatedPath.finish(descent, in: &parser)
                return result
            }
        }
    }

    /// Runs `body`, turning a `JSONSyntaxError` into the `MappingError` that wraps it.
    private static func reportingSyntaxErrors<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as JSONSyntaxError {
            throw MappingError(.malformedJSON(error))
        }
    }

    /// A `JSONSerialization`-style dictionary as a JSON object.
    static func object(from dictionary: [String: Any]) throws -> JSONObject {
        guard case .object(let object) = try AnyBridging.json(from: dictionary) else { return JSONObject() }
        return object
    }
}
