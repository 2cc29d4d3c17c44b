import BaseModelKitJSON
import Foundation

extension BaseModel {
    /// A new model decoded from a JSON object in UTF-8 bytes: `Data`, `[UInt8]`, or any other
    /// collection of bytes.
    ///
    /// With a designated `path`, only the object there is decoded: `"data.event"` reads
    /// `{"data":{"event":{…}}}`, a segment of digits picks an array element (`"data.items.0"`), and a
    /// key containing a dot is written with a backslash (`"a\\.b"`). The rest of the document is
    /// checked to be JSON and skipped, and error paths start at the top of the document.
    ///
    /// With a `report`, what the decode did besides setting values — coercions applied, nulls
    /// ignored, unknown keys seen, elements skipped — is added to it when the decode succeeds.
    ///
    /// - Throws: `MappingError` for malformed JSON, a missing path segment (`Found no key "event" at
    ///   data.`) or a value that cannot be mapped (with its path); `SchemaError` when the class's
    ///   mapping tables are invalid.
    public static func decode<Bytes: Collection<UInt8>>(from bytes: Bytes, at path: String? = nil, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> sending Self {
        // Told apart here, not in `DocumentBytes.reading`: a result made inside a closure over
        // `bytes` could not be `sending`.
        if let data = bytes as? Data { return try decode(from: data, at: path, options: options, report: report) }
        return try decode(from: bytes.inputBytes, at: path, options: options, report: report)
    }

    /// `decode(from:at:options:report:)` for `Data`, the usual input: the same, without telling the
    /// kind of collection at run time (no dynamic casts per call).
    public static func decode(from data: Data, at path: String? = nil, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> sending Self {
        try DocumentDecoding.decode(data, at: path, as: self, options: options, report: report)
    }

    /// `decode(from:at:options:report:)` for an array of bytes, read in place.
    public static func decode(from bytes: [UInt8], at path: String? = nil, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> sending Self {
        try DocumentDecoding.decode(bytes, at: path, as: self, options: options, report: report)
    }

    /// A new model decoded from JSON text; see `decode(from:at:options:report:)` for bytes.
    public static func decode(from text: String, at path: String? = nil, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> sending Self {
        try DocumentDecoding.decode(DocumentBytes(copying: text.utf8), at: path, as: self, options: options, report: report)
    }

    /// A new model decoded from a parsed JSON object.
    public static func decode(from object: JSONObject, options: DecodingOptions = DecodingOptions()) throws -> sending Self {
        let session = DecodingSession(options: options, isUpdate: false)
        return try CurrentSession.$decoding.withValue(session) {
            // `modelClass(for:)` may pick a subclass; `classToBuild` checks that it is one.
            let model = try classToBuild(for: object, declared: self).init() as! Self
            try ModelDecoding.fill(model, from: object, session: session, isExisting: false)
            return model
        }
    }

    /// A new model decoded from a `JSONSerialization`-style dictionary.
    public static func decode(from dictionary: [String: Any], options: DecodingOptions = DecodingOptions()) throws -> sending Self {
        try decode(from: try AnyBridging.object(from: dictionary), options: options)
    }

    /// Updates this model in place from a JSON object in UTF-8 bytes (`Data`, `[UInt8]`, …): only
    /// keys present change properties; nested models present in both are updated in place too (a deep
    /// merge); dictionaries of models merge by key (`null` removes a key, absent keys stay); arrays
    /// named in `identities` merge by identity; other arrays and dictionaries are replaced. Returns
    /// what changed (`ChangeSet`). `path` and `report` work as in
    /// `decode(from:at:options:report:)`.
    ///
    /// The update is atomic: if anything fails — a value, a nested element, a transformer, a
    /// `didDeserialize()` — every object it changed is restored to what it was, the report gets
    /// nothing, and the error is thrown. (Changes an overridden hook makes to objects other than the
    /// one it is called on are not tracked.)
    @discardableResult
    public func update<Bytes: Collection<UInt8>>(from bytes: Bytes, at path: String? = nil, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> ChangeSet {
        if let data = bytes as? Data { return try update(from: data, at: path, options: options, report: report) }
        return try update(from: bytes.inputBytes, at: path, options: options, report: report)
    }

    /// Updates this model in place from a JSON object in `data`, read in place; see
    /// `update(from:at:options:report:)` for any collection of bytes. (Through the generic entry,
    /// which is not specialised for its callers, each call cast its bytes to `Data` through the
    /// runtime.)
    @discardableResult
    public func update(from data: Data, at path: String? = nil, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> ChangeSet {
        try DocumentDecoding.update(self, from: data, at: path, options: options, report: report)
    }

    /// Updates this model in place from a JSON object in `bytes`, read in place; see
    /// `update(from:at:options:report:)`.
    @discardableResult
    public func update(from bytes: [UInt8], at path: String? = nil, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> ChangeSet {
        try DocumentDecoding.update(self, from: bytes, at: path, options: options, report: report)
    }

    /// Updates this model in place from JSON text; see `update(from:at:options:report:)` for bytes.
    @discardableResult
    public func update(from text: String, at path: String? = nil, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> ChangeSet {
        try DocumentDecoding.update(self, from: DocumentBytes(copying: text.utf8), at: path, options: options, report: report)
    }

    /// Updates this model in place from a parsed JSON object; see `update(from:at:options:report:)`.
    @discardableResult
    public func update(from object: JSONObject, options: DecodingOptions = DecodingOptions()) throws -> ChangeSet {
        try ModelDecoding.update(self, options: options, reports: false) { session in
            try CurrentSession.$decoding.withValue(session) {
                try ModelDecoding.fill(self, from: object, session: session, isExisting: true)
            }
        }
    }

    /// Updates this model in place from a `JSONSerialization`-style dictionary; see
    /// `update(from:at:options:report:)`.
    @discardableResult
    public func update(from dictionary: [String: Any], options: DecodingOptions = DecodingOptions()) throws -> ChangeSet {
        try update(from: try AnyBridging.object(from: dictionary), options: options)
    }
}

extension BaseModel: BaseModelProtocol {}
