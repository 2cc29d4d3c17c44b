import BaseModelKitJSON
/// The plan of one model class, built once from its mapping tables and the runtime's field metadata
/// and then shared by every decode and encode of the class.
final class ModelPlan: Sendable {
    /// The class the plan is for.
    let modelType: AnyObject.Type
    /// The class's name, as used in messages.
    let modelName: String
    /// Every stored field of the class, mapped or not: what an update in place copies before it
    /// changes the object.
    let storedFields: [StoredField]
    /// The mapped properties in declaration order (superclass properties first), with the member loop
    /// and writer; properties mapped to keys inside one nested object (`"s.h"`, `"s.a"`) share one
    /// member.
    let members: MemberTable

    /// Property name → JSON key as written in the map (dotted for a nested key).
    let localToApi: [String: String]

    /// The hooks the class overrides. Where `deserialize` is not overridden, decoding streams members
    /// straight into the properties; where `serialize` is not, encoding writes them straight into the
    /// output; where `modelClass(for:)` is not, the declared class is built without looking.
    let overriddenHooks: HookOverrides

    /// The top-level keys a decode of a new object must find: the class's `requiredKeys`, and those
    /// plus the keys of non-optional properties (for `DecodingOptions.missingKeys`). Empty for most
    /// classes, which then pay one check per object.
    let requiredKeys: [RequiredKey]
    let requiredOrNonOptionalKeys: [RequiredKey]
    /// Whether either list has a key: one flag to test per object.
    let requiresKeys: Bool
    let requiresNonOptionalKeys: Bool
    /// The top-level keys an update may not change in an existing object (`fixedKeys`), with their
    /// properties; empty for most classes.
    let fixedKeys: [RequiredKey]

    /// What copies the class's writable fields, for an update's rollback.
    let copiers: FieldCopiers

    /// For a class with properties the `@Observable` macro stores: how to tell their observers.
    let observation: ObservedProperties?

    /// The model classes the class's mapped properties hold (at any level of their containers) or its
    /// constructors build: the graph below it, for `runsHooksBelow`.
    let nestedModelTypes: [BaseModel.Type]
    /// `runsHooksBelow`, once found: 0 before, then 1 for no and 2 for yes (an atomic word: every
    /// document reads it, and a lock around it would cost every document a lock).
    private let hooksBelow = AtomicWord.make(0)

    /// What the tables leave out without making the plan unsound — `@Observable` properties without
    /// a key path, whose observers are not told — which `validateMappings()` reports.
    let advisories: [String]
    /// What the class's values read through `Codable` decoders showed (see `CodableBridge.fill`).
    let codableReading = Lock.make(CodableReading.Memory())

    /// Whether the class's JSON is an array of its members (`BaseModel.isPositional`): its member
    /// table's members are positions.
    let isPositional: Bool

    /// The members, when no hook can run while the class's JSON is written: the class keeps the
    /// default `serialize()`, its JSON is an object, and every member is a scalar of the library's own
    /// coders (`ScalarMemberAccess`: no model below it, no code of the user's); `nil` otherwise. Such
    /// a model's JSON value is made from them, without making the session current for hooks
    /// (`ModelEncoding.jsonTopLevel`).
    let scalarAccesses: [any ScalarMemberAccess]?

    init(modelType: AnyObject.Type, modelName: String, fields: [MemberPlan], arrayPositions: [Int]? = nil, storedFields: [StoredField], unknownKeysField: StoredField? = nil, localToApi: [String: String], requiredKeys: [RequiredKey] = [], requiredOrNonOptionalKeys: [RequiredKey] = [], fixedKeys: [RequiredKey] = [], alternativeKeys: [String: String] = [:], observation: ObservedProperties? = nil, nestedModelTypes: [BaseModel.Type] = [], advisories: [String] = []) {
        self.observation = observation
        self.advisories = advisories
        self.nestedModelTypes = nestedModelTypes
        self.localToApi = localToApi
        self.requiredKeys = requiredKeys
        self.requiredOrNonOptionalKeys = requiredOrNonOptionalKeys
        self.requiresKeys = !requiredKeys.isEmpty
        self.requiresNonOptionalKeys = !requiredOrNonOptionalKeys.isEmpty
        self.fixedKeys = fixedKeys
        self.modelType = modelType
        self.modelName = modelName
        self.storedFields = storedFields
        // A class that keeps unknown keys has them put back too when an update fails.
        self.copiers = FieldCopiers(storedFields + (unknownKeysField.map { [$0] } ?? []))
        let overriddenHooks = (modelType as? BaseModel.Type).map(HookOverrides.of) ?? .all
        self.overriddenHooks = overriddenHooks
        isPositional = arrayPositions != nil
        self.members = MemberTable(modelName: modelName, fields: fields, arrayPositions: arrayPositions, unknownKeys: unknownKeysField.flatMap(FieldHandle<ModelExtras?>.init),
                                   alternativeKeys: alternativeKeys,
                                   announcesChanges: overriddenHooks.contains(.didUpdate) || observation != nil,
                                   mayRepeatChanges: overriddenHooks.contains(.deserialize), isModel: true)
        let scalars = members.accesses.compactMap { $0 as? any ScalarMemberAccess }
        scalarAccesses = !overriddenHooks.contains(.serialize) && arrayPositions == nil && scalars.count == members.accesses.count ? scalars : nil
    }
}

extension ModelPlan {
    /// Whether a decode of this class may run code of a model class — an overridden `deserialize`,
    /// `modelClass(for:)` or `didDeserialize()` — of this class or of any class below it: only then
    /// does a decode make its session current for the hooks (a task-local value is costly to set
    /// for every document). A class whose plan cannot be made counts as running hooks.
    var runsHooksBelow: Bool {
        let known = hooksBelow.load()
        if known != 0 { return known == 2 }
        var visited: Set<ObjectIdentifier> = []
        let found = Self.runsHooks(self, visited: &visited)
        hooksBelow.store(found ? 2 : 1)
        return found
    }

    private static func runsHooks(_ plan: ModelPlan, visited: inout Set<ObjectIdentifier>) -> Bool {
        guard visited.insert(ObjectIdentifier(plan.modelType)).inserted else { return false }
        if !plan.overriddenHooks.isDisjoint(with: .decoding) { return true }
        for nested in plan.nestedModelTypes where !visited.contains(ObjectIdentifier(nested)) {
            guard let nestedPlan = try? PlanRegistry.plan(for: nested) else { return true }
            if runsHooks(nestedPlan, visited: &visited) { return true }
        }
        return false
    }
}
