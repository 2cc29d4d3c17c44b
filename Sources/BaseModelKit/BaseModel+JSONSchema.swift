import BaseModelKitJSON
extension BaseModel {
    /// A JSON Schema (2020-12) of this class and every model class its properties reach, keyed by the
    /// JSON keys its maps name: each class an entry of `$defs`, the document a `$ref` to this one.
    ///
    /// Types are as the engine reads and writes them: integers with their type's bounds, `Float` and
    /// `Double` with their finite range, dates by their transformer (`date-time` for ISO 8601, a number of seconds or
    /// milliseconds described as such), raw-value enums with their values when they are
    /// `CaseIterable`, optionals admitting `null`, arrays, sets (`uniqueItems`) and dictionaries
    /// (`additionalProperties`, and `propertyNames` for keys that are not strings), nested key paths as objects, array positions as `prefixItems`, and
    /// `required` from `requiredKeys`. A subclass that `modelClass(for:)` may pick is not known to the
    /// class, so it is not in the schema: export it too, with its own `jsonSchema()`.
    ///
    /// A document the class decodes validates against it; `Scripts/validate_schema.py` checks the
    /// Demo's feed with Python's `jsonschema`.
    ///
    /// - Throws: `SchemaError` when the class's (or a reached class's) tables are invalid.
    public class func jsonSchema() throws -> JSON {
        try JSONSchemaExport.document(for: self)
    }
}
