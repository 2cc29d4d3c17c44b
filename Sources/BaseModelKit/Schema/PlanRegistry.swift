/// The plan of every model class used so far, built on first use and cached for the life of the
/// process. The cache is the only state shared between threads; a plan is immutable once built.
enum PlanRegistry {
    private static let plans = Lock<PlanTable>.make(PlanTable())

    /// The plan of `type`, or the `SchemaError` listing every problem of its tables.
    static func plan(for type: BaseModel.Type) throws(SchemaError) -> ModelPlan {
        let identifier = PlanTable.key(of: type)
        if let cached = plans.withLock({ $0.plan(for: identifier) }) {
            return try cached.get()
        }
        // Built outside the lock: a plan may call the class's table members, which run user code.
        // Two threads racing on a first use may both build; the first stored plan is the one kept.
        let built = Result { () throws(SchemaError) in try build(type) }
        let kept = plans.withLock { plans in
            if let existing = plans.plan(for: identifier) { return existing }
            plans.insert(built, for: identifier)
            return built
        }
        return try kept.get()
    }

    private static func build(_ type: BaseModel.Type) throws(SchemaError) -> ModelPlan {
        let name = String(describing: type)
        guard ReflectionSelfTest.passes else {
            throw SchemaError(model: name, problems: [
                "The Swift runtime reports no usable stored-field metadata in this build (built with -disable-reflection-metadata?), which BaseModelKit needs to reach properties.",
            ])
        }
        guard let baseFields = baseFields else {
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
                partialCollections: cls.partialCollections,
                observedKeyPaths: cls.observedKeyPaths))
            current = RuntimeFields.superclass(of: cls)
        }
        // The fields `BaseModel` declares come first and belong to the engine: no plan maps, copies
        // or restores them.
        let fields = Array(RuntimeFields.storedFields(of: type).dropFirst(baseFields.count))
        var builder = PlanBuilder(chain: chain.reversed(), storedFields: fields, unknownKeysField: type.keepsUnknownKeys ? baseFields[1] : nil)
        return try builder.build()
    }

    /// The stored fields `BaseModel` declares, after checking that they are what the engine relies
    /// on: `engineAccess`, an `Int` at `engineAccessOffset` (`ModelAccess`), then `keptUnknownKeys`,
    /// a `KeptMembers?` (which an update's rollback copies); `nil` if they are not.
    private static let baseFields: [StoredField]? = {
        let fields = RuntimeFields.storedFields(of: BaseModel.self)
        guard fields.count == 2, fields[0].name == "engineAccess", fields[0].type == Int.self,
              fields[0].offset == BaseModel.engineAccessOffset,
              fields[1].name == "keptUnknownKeys", fields[1].type == KeptMembers?.self, fields[1].isWritable else { return nil }
        return fields
    }()
}

/// The registry's plans by class: an open-addressed table keyed by the class's address (a
/// `Dictionary` keyed by `ObjectIdentifier` hashed it with SipHash, about 150 instructions of every
/// document decoded, measured on small messages with callgrind). Classes are never unloaded, so an
/// address names one class for the life of the process.
private struct PlanTable {
    private var keys = [UInt](repeating: 0, count: 64)
    private var plans = [Result<ModelPlan, SchemaError>?](repeating: nil, count: 64)
    private var count = 0

    /// The key of `type`: its metadata's address (never 0).
    static func key(of type: BaseModel.Type) -> UInt {
        UInt(bitPattern: ObjectIdentifier(type))
    }

    /// The first slot to look at for `key`: metadata is at least 16-byte aligned, so the bits above
    /// the lowest four spread classes over the table.
    private func start(for key: UInt) -> Int {
        Int(truncatingIfNeeded: key >> 4) & (keys.count - 1)
    }

    func plan(for key: UInt) -> Result<ModelPlan, SchemaError>? {
        var slot = start(for: key)
        while true {
            let found = keys[slot]
            if found == key { return plans[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    /// Stores `plan` for `key`, which is not in the table; grows it to keep it at most half full.
    mutating func insert(_ plan: Result<ModelPlan, SchemaError>, for key: UInt) {
        if (count + 1) * 2 > keys.count {
            let old = zip(keys, plans)
            keys = [UInt](repeating: 0, count: keys.count * 2)
            plans = [Result<ModelPlan, SchemaError>?](repeating: nil, count: keys.count)
            count = 0
            for (oldKey, oldPlan) in old where oldKey != 0 {
                if let oldPlan { insert(oldPlan, for: oldKey) }
            }
        }
        var slot = start(for: key)
        while keys[slot] != 0 { slot = (slot + 1) & (keys.count - 1) }
        keys[slot] = key
        plans[slot] = plan
        count += 1
    }
}
