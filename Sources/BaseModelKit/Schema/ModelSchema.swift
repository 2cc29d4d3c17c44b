/// The plan of one model class, built once from its mapping tables and the runtime's field metadata
/// and then shared by every decode and encode of the class.
final class ModelSchema: Sendable {
    /// The class's name, as used in messages.
    let modelName: String
    /// The mapped properties in declaration order (superclass properties first).
    let fields: [FieldPlan]
    /// Every stored field of the class, mapped or not: what an update in place copies before it
    /// changes the object.
    let storedFields: [StoredField]
    /// The position in `fields` of each JSON key.
    private let positions: [String: Int]

    init(modelName: String, fields: [FieldPlan], storedFields: [StoredField]) {
        self.modelName = modelName
        self.fields = fields
        self.storedFields = storedFields
        var positions: [String: Int] = [:]
        for (position, field) in fields.enumerated() {
            positions[field.jsonKey] = position
        }
        self.positions = positions
    }

    /// The mapped property for a JSON key, if the key is mapped.
    func field(forKey key: String) -> FieldPlan? {
        positions[key].map { fields[$0] }
    }

    /// JSON key → property name, derived from the plan (the reverse of `apiToLocal`).
    var localToApi: [String: String] {
        Dictionary(uniqueKeysWithValues: fields.map { ($0.property, $0.jsonKey) })
    }
}
