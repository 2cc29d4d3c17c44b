import BaseModelKitJSON
import Foundation

extension BaseModel {
    /// The model as UTF-8 JSON with its minified keys, properties in declaration order (or sorted with
    /// `.sortedKeys`), `nil` left out unless `options.nilEncoding` is `.null`.
    ///
    /// - Throws: `MappingError` for a value JSON cannot represent (NaN, infinity) with its path, or
    ///   `SchemaError` when the class's mapping tables are invalid.
    public func jsonData(options: EncodingOptions = EncodingOptions()) throws -> Data {
        try ModelEncoding.data(of: [self], asArray: false, session: EncodingSession(options: options))
    }

    /// The model as JSON text; see `jsonData(options:)`.
    public func jsonString(options: EncodingOptions = EncodingOptions()) throws -> String {
        try ModelEncoding.string(of: [self], asArray: false, session: EncodingSession(options: options))
    }

    /// The model as a `JSONSerialization`-style dictionary, for code that already uses one.
    public func dictionary(options: EncodingOptions = EncodingOptions()) throws -> [String: Any] {
        let object = try ModelEncoding.serializeTopLevel(self, session: EncodingSession(options: options))
        return AnyBridging.any(from: .object(object)) as? [String: Any] ?? [:]
    }
}

extension Array where Element: BaseModel {
    /// The models as a UTF-8 JSON array; see `BaseModel.jsonData(options:)`.
    public func jsonData(options: EncodingOptions = EncodingOptions()) throws -> Data {
        try ModelEncoding.data(of: models, asArray: true, session: EncodingSession(options: options))
    }

    /// The models as JSON text; see `BaseModel.jsonData(options:)`.
    public func jsonString(options: EncodingOptions = EncodingOptions()) throws -> String {
        try ModelEncoding.string(of: models, asArray: true, session: EncodingSession(options: options))
    }

    /// The array as a `[BaseModel]`, the same storage: the implicit upcast casts every element at run
    /// time where arrays are not bridged to Objective-C.
    private var models: [BaseModel] {
        // Sound (see `ReferenceCollections`): `Element` is a class, the constraint says so (an
        // existential of a class and a protocol does not meet it), so each element is one reference,
        // and a `BaseModel`.
        ReferenceCollections.array(ReferenceCollections.objects(self), of: BaseModel.self)
    }
}
