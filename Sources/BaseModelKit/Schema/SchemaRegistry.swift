/// The plan of every model class used so far, built on first use and cached for the life of the
/// process. The cache is the only state shared between threads; a plan is immutable once built.
enum SchemaRegistry {
    private static let plans = Lock<[ObjectIdentifier: Result<ModelSchema, SchemaError>]>.make([:])

    /// The plan of `type`, or the `SchemaError` listing every problem of its tables.
    static func schema(for type: BaseModel.Type) throws(SchemaError) -> ModelSchema {
        let identifier = ObjectIdentifier(type)
        if let cached = plans.withLock({ $0[identifier] }) {
            return try cached.get()
        }
        // Built outside the lock: a plan may call the class's table members, which run user code.
        // Two threads racing on a first use may both build; the first stored plan is the one kept.
        let built = Result { () throws(SchemaError) in try build(type) }
        let kept = plans.withLock { plans in
            if let existing = plans[identifier] { return existing }
            plans[identifier] = built
            return built
        }
        return try kept.get()
    }

    private static func build(_ type: BaseModel.Type) throws(SchemaError) -> ModelSchema {
        let name = String(describing: type)
        guard ReflectionSelfTest.passes else {
            throw SchemaError(model: name, problems: [
                "The Swift runtime reports no usable stored-field metadata in this build (built with -disable-reflection-metadata?), which BaseModelKit needs to reach properties.",
            ])
        }
        guard let baseFieldCount = baseFieldCount else {
            throw SchemaError(model: name, problems: [
                "BaseModel's own stored fields are not where the engine expects them (engineAccess at offset \(BaseModel.engineAccessOffset)); this build of BaseModelKit cannot run here.",
            ])
        }
        var chain: [ClassTables] = []
        var current: AnyClass? = type
        while let cls = current as? BaseModel.Type, cls != BaseModel.self {
            chain.append(ClassTables(
                type: cls,
                apiToLocal: cls.apiToLocal,
                constructors: cls.constructors,
                transformers: cls.transformers,
                lossyCollections: cls.lossyCollections,
                requiredKeys: cls.requiredKeys,
                forwardCompatibleEnums: cls.forwardCompatibleEnums,
                identities: cls.identities,
                observedKeyPaths: cls.observedKeyPaths))
            current = RuntimeFields.superclass(of: cls)
        }
        // The fields `BaseModel` declares come first and belong to the engine: no plan maps, copies
        // or restores them.
        let fields = Array(RuntimeFields.storedFields(of: type).dropFirst(baseFieldCount))
        var builder = SchemaBuilder(chain: chain.reversed(), storedFields: fields)
        return try builder.build()
    }

    /// How many stored fields `BaseModel` declares, after checking that they are what `ModelAccess`
    /// relies on (one `Int`, `engineAccess`, at `engineAccessOffset`); `nil` if they are not.
    private static let baseFieldCount: Int? = {
        let fields = RuntimeFields.storedFields(of: BaseModel.self)
        guard fields.count == 1, let field = fields.first, field.name == "engineAccess", field.type == Int.self,
              field.offset == BaseModel.engineAccessOffset else { return nil }
        return fields.count
    }()
}
