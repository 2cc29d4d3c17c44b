import BaseModelKitJSON
/// The plan of every model class used so far, built on first use and cached for the life of the
/// process. The cache is the only state shared between threads; a plan is immutable once built.
enum PlanRegistry {
    /// The table, read without a lock (every document looks its plan up: a lock and unlock each
    /// time) and replaced by a larger copy for each class planned.
    private static let plans = PublishedReference<PlanTable>()

    /// The plan of `type`, or the `SchemaError` listing every problem of its tables.
    static func plan(for type: BaseModel.Type) throws(SchemaError) -> ModelPlan {
        let identifier = PlanTable.key(of: type)
        if let plan = plans.withPublished({ $0.plan(for: identifier) }) ?? nil { return plan }
        return try planSlowly(for: type, identifier: identifier)
    }

    /// `plan(for:)` for a class met for the first time, or whose tables have problems.
    @inline(never)
    private static func planSlowly(for type: BaseModel.Type, identifier: UInt) throws(SchemaError) -> ModelPlan {
        if let known = plans.withPublished({ $0.entry(for: identifier) }) ?? nil { return try known.get() }
        // Built outside the lock: a plan may call the class's table members, which run user code.
        // Two threads racing on a first use may both build; the first stored plan is the one kept.
        let built = Result { () throws(SchemaError) in try build(type) }
        let table = plans.publish { current in
            if current?.entry(for: identifier) != nil { return nil }
            return (current ?? PlanTable()).inserting(built, for: identifier)
        }
        return try (table?.entry(for: identifier) ?? built).get()
    }

    private static func build(_ type: BaseModel.Type) throws(SchemaError) -> ModelPlan {
        let name = String(describing: type)
        guard ReflectionSelfTest.passes else {
            throw SchemaError(model: name, problems: [
                "The Swift runtime reports no usable stored-field metadata in this build (built with -disable-reflection-metadata?), which BaseModelKit needs to reach properties.",
            ])
        }
        // `baseFields` checked the type and writability a handle needs, so the handle is made.
        guard let baseFields, let extras = FieldHandle<ModelExtras?>(field: baseFields[1]) else {
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
                fixedKeys: cls.fixedKeys,
                alternativeKeys: cls.alternativeKeys,
                forwardCompatibleEnums: cls.forwardCompatibleEnums,
                identities: cls.identities,
                partialCollections: cls.partialCollections,
                replacedOnUpdate: cls.replacedOnUpdate,
                mergedDictionaries: cls.mergedDictionaries,
                observedKeyPaths: cls.observedKeyPaths))
            current = RuntimeFields.superclass(of: cls)
        }
        // The fields `BaseModel` declares come first and belong to the engine: no plan maps, copies
        // or restores them.
        let fields = Array(RuntimeFields.storedFields(of: type).dropFirst(baseFields.count))
        var builder = PlanBuilder(chain: chain.reversed(), storedFields: fields, unknownKeysField: type.keepsUnknownKeys ? baseFields[1] : nil,
                                  extras: extras, isPositional: type.isPositional)
        return try builder.build()
    }

    /// The stored fields `BaseModel` declares, after checking that they are what the engine relies
    /// on: `engineAccess`, an `Int` at `engineAccessOffset` (`ModelAccess`), then `extras`,
    /// a `ModelExtras?` (which an update's rollback copies); `nil` if they are not.
    private static let baseFields: [StoredField]? = {
        let fields = RuntimeFields.storedFields(of: BaseModel.self)
        guard fields.count == 2, fields[0].name == "engineAccess", fields[0].type == Int.self,
              fields[0].offset == BaseModel.engineAccessOffset,
              fields[1].name == "extras", fields[1].type == ModelExtras?.self, fields[1].isWritable else { return nil }
        return fields
    }()
}

/// The registry's plans by class: an open-addressed table keyed by the class's address (a
/// `Dictionary` keyed by `ObjectIdentifier` hashed it with SipHash for every document decoded).
/// Classes are never unloaded, so an address names one class for the life of the process.
private final class PlanTable: Sendable {
    private let keys: [UInt]
    /// The plan of each class whose tables are sound, and the problems of each other one. (Kept
    /// apart rather than as a `Result`, which a lookup would copy.)
    private let plans: [ModelPlan?]
    private let errors: [SchemaError?]

    /// An empty table.
    convenience init() {
        self.init(keys: [UInt](repeating: 0, count: 64), plans: [ModelPlan?](repeating: nil, count: 64), errors: [SchemaError?](repeating: nil, count: 64))
    }

    private init(keys: [UInt], plans: [ModelPlan?], errors: [SchemaError?]) {
        self.keys = keys
        self.plans = plans
        self.errors = errors
    }

    /// The key of `type`: its metadata's address (never 0).
    static func key(of type: BaseModel.Type) -> UInt {
        UInt(bitPattern: ObjectIdentifier(type))
    }

    /// The first slot to look at for `key` in a table of `size` slots: metadata is at least 16-byte
    /// aligned, so the bits above the lowest four spread classes over the table.
    private static func start(for key: UInt, size: Int) -> Int {
        Int(truncatingIfNeeded: key >> 4) & (size - 1)
    }

    /// The slot of `key`, if the table has it.
    private func slot(of key: UInt) -> Int? {
        var slot = Self.start(for: key, size: keys.count)
        while true {
            let found = keys[slot]
            if found == key { return slot }
            if found == 0 { return nil }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    /// The plan stored for `key`; `nil` when there is none or its tables have problems.
    @inline(__always)
    func plan(for key: UInt) -> ModelPlan? {
        slot(of: key).flatMap { plans[$0] }
    }

    /// What is stored for `key`, plan or problems.
    func entry(for key: UInt) -> Result<ModelPlan, SchemaError>? {
        guard let slot = slot(of: key) else { return nil }
        if let plan = plans[slot] { return .success(plan) }
        return errors[slot].map { .failure($0) }
    }

    /// A copy of the table with `entry` stored for `key`, which is not in it; twice as large when
    /// this one is half full, so that a lookup always meets an empty slot.
    func inserting(_ entry: Result<ModelPlan, SchemaError>, for key: UInt) -> PlanTable {
        let entries = keys.indices.compactMap { slot in keys[slot] == 0 ? nil : (keys[slot], plans[slot], errors[slot]) }
        let added: (UInt, ModelPlan?, SchemaError?) = switch entry {
        case .success(let plan): (key, plan, nil)
        case .failure(let error): (key, nil, error)
        }
        let size = (entries.count + 1) * 2 > keys.count ? keys.count * 2 : keys.count
        var newKeys = [UInt](repeating: 0, count: size)
        var newPlans = [ModelPlan?](repeating: nil, count: size)
        var newErrors = [SchemaError?](repeating: nil, count: size)
        for (entryKey, plan, error) in entries + [added] {
            var slot = Self.start(for: entryKey, size: size)
            while newKeys[slot] != 0 { slot = (slot + 1) & (size - 1) }
            newKeys[slot] = entryKey
            newPlans[slot] = plan
            newErrors[slot] = error
        }
        return PlanTable(keys: newKeys, plans: newPlans, errors: newErrors)
    }
}
