/// The plan of one model class, built once from its mapping tables and the runtime's field metadata
/// and then shared by every decode and encode of the class.
final class ModelSchema: Sendable {
    /// The class the plan is for.
    let modelType: AnyObject.Type
    /// The class's name, as used in messages.
    let modelName: String
    /// The mapped properties in declaration order (superclass properties first); properties mapped to
    /// keys inside one nested object (`"s.h"`, `"s.a"`) share one entry, whose `property` is empty.
    let fields: [FieldPlan]
    /// Every stored field of the class, mapped or not: what an update in place copies before it
    /// changes the object.
    let storedFields: [StoredField]
    /// The position in `fields` of each JSON key.
    private let positions: [String: Int]
    /// The JSON key bytes of each field, in the order of `fields`.
    let keyBytes: [[UInt8]]
    /// The access of each field, in the order of `fields`.
    let accessors: [any MappedFieldAccess]
    /// How the streaming member loop decodes each field, in the order of `fields`.
    let streamedMembers: [StreamedMember]
    /// The quoted JSON key of each field, in the order of `fields`.
    let quotedKeys: [[UInt8]]

    /// Property name → JSON key as written in the map (dotted for a nested key).
    let localToApi: [String: String]

    /// The hooks the class overrides. Where `deserialize` is not overridden, decoding streams members
    /// straight into the properties; where `serialize` is not, encoding writes them straight into the
    /// output; where `modelClass(for:)` is not, the declared class is built without looking.
    let overriddenHooks: HookOverrides

    init(modelType: AnyObject.Type, modelName: String, fields: [FieldPlan], storedFields: [StoredField], localToApi: [String: String]) {
        self.localToApi = localToApi
        self.modelType = modelType
        self.modelName = modelName
        self.fields = fields
        self.storedFields = storedFields
        var positions: [String: Int] = [:]
        for (position, field) in fields.enumerated() {
            positions[field.jsonKey] = position
        }
        self.positions = positions
        self.keyBytes = fields.map(\.jsonKeyBytes)
        self.accessors = fields.map(\.access)
        self.streamedMembers = fields.map { StreamedMember($0.access) }
        self.quotedKeys = fields.map(\.quotedKey)
        self.overriddenHooks = (modelType as? BaseModel.Type).map(HookOverrides.of) ?? .all
    }

    /// `error`, raised while mapping the field at `index`, attributed to this class and that property
    /// with the field's JSON key in front of its path.
    func error(_ error: MappingError, atField index: Int) -> MappingError {
        let field = fields[index]
        // A nested object of several properties (`property` empty) names only the model.
        let attributed = field.property.isEmpty ? error.attributed(model: modelName) : error.attributed(model: modelName, property: field.property)
        return attributed.prefixed(by: .key(field.jsonKey))
    }

    /// The mapped property whose key is `bytes[start..<end]`. The search starts at `hint`, just after
    /// the previous match, because documents mostly list keys in the order the plan does; `hint` is
    /// moved past the match.
    func fieldIndex(matching bytes: [UInt8], from start: Int, to end: Int, hint: inout Int) -> Int? {
        let count = keyBytes.count
        guard count > 0 else { return nil }
        let length = end - start
        var position = hint < count ? hint : 0
        for _ in 0..<count {
            if keyBytes[position].count == length, ByteScanning.equal(bytes, from: start, to: end, keyBytes[position]) {
                hint = position + 1
                return position
            }
            position = position + 1 == count ? 0 : position + 1
        }
        return nil
    }

    /// The position in `fields` of a JSON key, if the key is mapped.
    func fieldIndex(forKey key: String) -> Int? {
        positions[key]
    }

}
