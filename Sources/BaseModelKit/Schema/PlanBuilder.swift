import BaseModelKitJSON
/// Builds a class's plan from its mapping tables and its stored fields, collecting every problem of
/// the tables into one `SchemaError` instead of stopping at the first.
struct PlanBuilder {
    /// The tables of each class from the root of the hierarchy down to the class being planned.
    let chain: [ClassTables]
    let storedFields: [StoredField]
    /// `BaseModel.extras`, for a class that keeps unknown keys.
    let unknownKeysField: StoredField?
    /// `BaseModel.extras`, where members that merge partial collections keep their indexes.
    let extras: FieldHandle<ModelExtras?>
    /// Whether the class's JSON is an array of its members (`BaseModel.isPositional`).
    let isPositional: Bool
    private var problems: [String] = []
    /// The mapped properties an `@Observable` macro stores (in `_name`), in the order found.
    private var observationStored: [String] = []
    /// Such properties without a key path: decoded and updated, but their observers are not told;
    /// `validateMappings()` reports them.
    private var unobserved: [String] = []

    init(chain: [ClassTables], storedFields: [StoredField], unknownKeysField: StoredField?, extras: FieldHandle<ModelExtras?>, isPositional: Bool = false) {
        self.extras = extras
        self.isPositional = isPositional
        self.chain = chain
        self.storedFields = storedFields
        self.unknownKeysField = unknownKeysField
    }

    private var model: ClassTables { chain[chain.count - 1] }

    /// The plan, or every problem found.
    mutating func build() throws(SchemaError) -> ModelPlan {
        let map = effectiveMap()
        let constructors = merged(\.constructors)
        let transformers = merged(\.transformers)
        let lossy = chain.reduce(into: Set<String>()) { $0.formUnion($1.lossyCollections) }
        let forwardCompatible = chain.reduce(into: Set<String>()) { $0.formUnion($1.forwardCompatibleEnums) }
        let identities = merged(\.identities)
        let partial = chain.reduce(into: Set<String>()) { $0.formUnion($1.partialCollections) }
        let replaced = chain.reduce(into: Set<String>()) { $0.formUnion($1.replacedOnUpdate) }
        let mergedDictionaries = chain.reduce(into: Set<String>()) { $0.formUnion($1.mergedDictionaries) }
        if !map.isEmpty, !storedFields.contains(where: { !$0.name.isEmpty }) {
            problems.append("The Swift runtime reports no stored fields for `\(model.name)`: the program was built without reflection metadata (-disable-reflection-metadata or -disable-reflection-names), which BaseModelKit needs.")
            throw SchemaError(model: model.name, problems: problems)
        }

        var plans: [(order: Int, plan: MemberPlan)] = []
        /// The model classes the mapped properties hold, at any level, and those constructors build.
        var nestedModelTypes: [BaseModel.Type] = []
        /// Each mapped entry's top-level key, property, declaration order and optionality.
        var tops: [(order: Int, key: String, property: String, isOptional: Bool)] = []
        for (key, property) in map.sorted(by: { $0.key < $1.key }) {
            guard let (order, field) = mappedField(key: key, property: property) else { continue }
            let isOptional = (field.type as? any StandardContainer.Type)?.isOptional == true
            tops.append((order, JSONKeyPath(key).segments.first ?? key, property, isOptional))
            var factory = CoderFactory()
            let transformer = transformers[property]
            factory.transformer = transformer?.leafCoder
            factory.lossyCollections = lossy.contains(property)
            factory.keepsUnknownEnumCases = forwardCompatible.contains(property)
            if let identityProperty = identities[property] {
                factory.identity = elementIdentity(of: property, type: field.type, identityProperty: identityProperty, isPartial: partial.contains(property))
            }
            factory.modelClass = constructedModelClass(for: property, field: field, constructors: constructors)
            factory.replacesModels = replaced.contains(property)
            if mergedDictionaries.contains(property) {
                let outer = Self.unwrapped(field.type)
                if !(outer is any DictionaryOfAnything.Type) {
                    problems.append("mergedDictionaries names `\(property)`, whose type `\(field.type)` is not a dictionary.")
                } else if let values = (outer as? any StandardContainer.Type)?.elementType, values is BaseModel.Type {
                    problems.append("mergedDictionaries names `\(property)`, a dictionary of models: one keyed by `String` always merges, and one keyed by another type is replaced.")
                } else {
                    factory.mergesDictionaryValues = true
                }
            }
            if factory.replacesModels, !Self.levels(of: field.type).contains(where: { $0 is BaseModel.Type }) {
                problems.append("replacedOnUpdate names `\(property)`, whose type `\(field.type)` holds no model.")
            }
            nestedModelTypes += Self.levels(of: field.type).compactMap { $0 as? BaseModel.Type }
            if let built = factory.modelClass as? BaseModel.Type { nestedModelTypes.append(built) }
            if let transformer, !Self.levels(of: field.type).contains(where: { $0 == transformer.valueType }) {
                problems.append("The transformer for `\(property)` converts `\(transformer.valueType)`, but `\(property)` has type `\(field.type)`, which is not that type and holds no value of it (as an optional, an element or a dictionary value).")
                continue
            }
            let specialized = ScalarMemberAccesses.access(for: field, transformer: transformer)
            guard let access = specialized ?? mappedAccess(for: field, factory: factory) else {
                if let transformer {
                    problems.append("The transformer for `\(property)` converts `\(transformer.valueType)`, but BaseModelKit cannot map the rest of `\(property)`'s type `\(field.type)` around it.")
                } else {
                    problems.append("`\(property)` has type `\(field.type)`, which BaseModelKit cannot map; give it a transformer.")
                }
                continue
            }
            plans.append((order, Self.plan(key: key, property: property, access: access)))
        }
        checkUnmappedEntries(of: constructors, table: "constructors", map: map) { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
        checkUnmappedEntries(of: transformers, table: "transformers", map: map) { $0 }
        let mapped = Set(map.values)
        let named = [("lossyCollections", lossy), ("identities", Set(identities.keys)), ("mergedDictionaries", mergedDictionaries),
                     ("replacedOnUpdate", replaced), ("forwardCompatibleEnums", forwardCompatible)]
        for (table, properties) in named {
            for property in properties.sorted() where !mapped.contains(property) {
                problems.append("\(table) names `\(property)`, which apiToLocal does not map.")
            }
        }
        for property in partial.sorted() where identities[property] == nil {
            problems.append("partialCollections names `\(property)`, which identities does not name: only an array merged by identity can be sent in part.")
        }

        let required = requiredKeys(tops.sorted { $0.order < $1.order })
        let fixed = fixedKeys(tops.sorted { $0.order < $1.order })
        let alternatives = alternativeKeys(map: map)
        let observation = observedProperties(mapped: mapped)
        guard problems.isEmpty else { throw SchemaError(model: model.name, problems: problems) }
        var fields = nested(plans.map { ($0.order, JSONKeyPath($0.plan.jsonKey).segments[...], $0.plan) }, inside: "").map(\.plan)
        let positions = isPositional ? positionalMembers(&fields, alternatives: alternatives) : nil
        guard problems.isEmpty else { throw SchemaError(model: model.name, problems: problems) }
        return ModelPlan(
            modelType: model.type,
            modelName: model.name,
            fields: fields,
            arrayPositions: positions,
            storedFields: storedFields,
            unknownKeysField: unknownKeysField,
            localToApi: Dictionary(uniqueKeysWithValues: map.map { ($0.value, $0.key) }),
            requiredKeys: required.declared,
            requiredOrNonOptionalKeys: required.withNonOptional,
            fixedKeys: fixed,
            alternativeKeys: alternatives,
            observation: observation,
            nestedModelTypes: nestedModelTypes,
            advisories: unobserved)
    }

    // MARK: Identities

    /// How the elements of array `property` are matched on an update, or `nil` with the problem noted:
    /// the property must be an array of models whose class maps `identityProperty` under a plain key.
    private mutating func elementIdentity(of property: String, type: Any.Type, identityProperty: String, isPartial: Bool) -> ElementIdentity? {
        guard Self.unwrapped(type) is any ArrayOfAnything.Type, let elementClass = Self.modelType(in: type, elements: true) as? BaseModel.Type else {
            problems.append("identities names `\(property)`, whose type `\(type)` is not an array of models.")
            return nil
        }
        var current: AnyClass? = elementClass
        var key: String?
        while key == nil, let cls = current as? BaseModel.Type {
            key = cls.apiToLocal.first { $0.value == identityProperty }?.key
            current = RuntimeFields.superclass(of: cls)
        }
        // The key as it stands in the elements' objects: a dot written `\\.` in the map is one key.
        guard let path = key.map(JSONKeyPath.init), path.segments.count == 1, let key = path.segments.first else {
            problems.append("identities names `\(identityProperty)` as the identity of `\(property)`'s elements, but `\(elementClass)` maps no such property under a plain key.")
            return nil
        }
        // The accesses of the usual class's members that a merge reads (the identity, the markers),
        // kept at the first element read (the class's plan may not exist while this one is built):
        // found through the plan at each read, they cost more than the read itself.
        let usualMembers = PublishedReference<ElementMembers>()
        let readKeys = [key] + elementClass.removalMarkers.keys.sorted() + elementClass.replacementMarkers.keys.sorted()
        // For an integer, `String` or `Double` identity, its field too, which the merge reads in place.
        let usualField = PublishedReference<UsualIdentityField>()
        // The access of `member` in the class `type`: the kept one for the usual class.
        let memberAccess: @Sendable (BaseModel.Type, String) -> (any MemberAccess)? = { type, member in
            let id = ObjectIdentifier(type)
            if let kept = usualMembers.withPublished({ $0.type == id ? $0.access(forKey: member) : nil }), let kept { return kept }
            guard let plan = try? PlanRegistry.plan(for: type) else { return nil }
            if type == elementClass, usualMembers.withPublished({ _ in true }) == nil {
                let members = ElementMembers(type: id, keys: readKeys, table: plan.members)
                _ = usualMembers.publish { $0 ?? members }
                if let field = members.access(forKey: key)?.identityField {
                    let runsHooks = !plan.overriddenHooks.isDisjoint(with: .decoding)
                    _ = usualField.publish { $0 == nil ? UsualIdentityField(type: id, field: field, runsDecodingHooks: runsHooks) : nil }
                }
            }
            return plan.members.member(forKey: member).map { plan.members.accesses[$0] }
        }
        // A member of an element, as the maps write it: the identity, a removal or replacement marker.
        let memberValue: @Sendable (AnyObject, String) -> JSON? = { object, member in
            // Only models are elements here; their plans exist once they are decoded.
            guard let model = object as? BaseModel else { return nil }
            return memberAccess(Swift.type(of: model), member)?.identityJSON(of: model)
        }
        // A member's value as the elements' class reads and writes it (a lenient "1" for an Int is 1).
        let canonicalMember: @Sendable (String, JSON, DecodingSession) -> JSON? = { member, json, session in
            memberAccess(elementClass, member)?.canonicalJSON(for: json, session: session)
        }
        // How a member tells numbers apart (see `ElementIdentity.matches`).
        let numberReading: @Sendable (String) -> NumberReading? = { member in
            let access = memberAccess(elementClass, member)
            switch access?.identityField {
            case .int?, .integer?: return .exact
            case .double?: return .nearestDouble
            case .string?, nil: return access.map(ScalarMemberAccesses.readsDecimalsExactly) == true ? .exact : nil
            }
        }
        return ElementIdentity(key: key, isPartial: isPartial, of: { memberValue($0, key) }, canonical: { canonicalMember(key, $0, $1) }, keyOf: { object in
            // The usual class's through its kept access, read where it is lent (handed out, the
            // access was retained and released per element).
            let id = ObjectIdentifier(Swift.type(of: object))
            if let known = usualMembers.withPublished({ $0.type == id ? KnownIdentity(key: $0.identity?.identityKey(of: object)) : nil }), let known {
                return known.key
            }
            guard let model = object as? BaseModel else { return nil }
            return memberAccess(Swift.type(of: model), key)?.identityKey(of: model)
        }, usualField: usualField, modelName: String(describing: elementClass), propertyName: identityProperty,
           position: elementClass.isPositional ? Self.position(key) : nil, removalMarkers: elementClass.removalMarkers,
           replacementMarkers: elementClass.replacementMarkers, canonicalMember: canonicalMember, numberReading: numberReading,
           memberValue: memberValue)
    }

    // MARK: Observation

    /// The storage the `@Observable` macro made for `property` — the `var` `_property`, declared by a
    /// class that also declares the macro's registrar — with its position. The macro turns the
    /// declared property into accesses around that storage, which holds a value of the declared type:
    /// writing it directly is writing the property without telling observers, which the engine does
    /// after the update (`observedProperties`).
    private func observationStorage(of property: String) -> (offset: Int, element: StoredField)? {
        guard let (order, storage) = storedFields.enumerated().last(where: { $0.element.name == "_" + property }),
              storedFields.contains(where: { $0.name == ObservedProperties.registrarName && $0.declaringClass == storage.declaringClass }) else { return nil }
        return (order, storage)
    }

    /// The registrar and key paths through which the engine tells observers of changes; `nil` for a
    /// class with no property stored by the `@Observable` macro. Every such property needs a key path
    /// of the class to its own type, and every key path a mapped property the macro stores.
    private mutating func observedProperties(mapped: Set<String>) -> ObservedProperties? {
        let keyPaths = chain.reduce(into: [String: AnyKeyPath]()) { $0.merge($1.observedKeyPaths) { _, subclass in subclass } }
        for property in keyPaths.keys.sorted() where !observationStored.contains(property) {
            problems.append(mapped.contains(property)
                ? "observedKeyPaths names `\(property)`, which is not a property stored by the @Observable macro."
                : "observedKeyPaths names `\(property)`, which apiToLocal does not map.")
        }
        for property in observationStored {
            let storage = storedFields.last { $0.name == "_" + property }!
            guard let keyPath = keyPaths[property] else {
                unobserved.append("`\(property)` is an @Observable property without a key path: its observers are not told of updates. Name it in observedKeyPaths (`[\"\(property)\": \\\(model.name).\(property)]`).")
                continue
            }
            let keyPathType = type(of: keyPath)
            guard Self.isClass(model.type, orSubclassOf: keyPathType.rootType), keyPathType.valueType == storage.type else {
                problems.append("observedKeyPaths has a key path from `\(keyPathType.rootType)` to `\(keyPathType.valueType)` for `\(property)`, which is a property of `\(model.name)` of type `\(storage.type)`.")
                continue
            }
        }
        guard !observationStored.isEmpty else { return nil }
        var byRegistrar: [String: StoredField] = [:]
        for property in observationStored {
            let storage = storedFields.last { $0.name == "_" + property }!
            byRegistrar[property] = storedFields.last { $0.name == ObservedProperties.registrarName && $0.declaringClass == storage.declaringClass }
        }
        return ObservedProperties(keyPaths: keyPaths, registrars: byRegistrar)
    }

    /// Whether `type` is `root` or a subclass of it.
    private static func isClass(_ type: AnyClass, orSubclassOf root: Any.Type) -> Bool {
        var current: AnyClass? = type
        while let cls = current {
            if ObjectIdentifier(cls) == ObjectIdentifier(root) { return true }
            current = RuntimeFields.superclass(of: cls)
        }
        return false
    }

    // MARK: Required keys

    /// The top-level keys the class requires (`requiredKeys`, the union along the chain), and those
    /// plus the keys of non-optional properties (for `DecodingOptions.missingKeys`), each once, in
    /// declaration order, with the property named in messages (a nested object's first property).
    private mutating func requiredKeys(_ tops: [(order: Int, key: String, property: String, isOptional: Bool)]) -> (declared: [RequiredKey], withNonOptional: [RequiredKey]) {
        let declared = chain.reduce(into: Set<String>()) { $0.formUnion($1.requiredKeys) }
        for key in declared.sorted() where !tops.contains(where: { $0.key == key }) {
            problems.append("requiredKeys names \"\(key)\", which is not a key of apiToLocal (nor the first step of a dotted one).")
        }
        var required: [RequiredKey] = []
        var withNonOptional: [RequiredKey] = []
        for top in tops {
            let entry = RequiredKey(key: top.key, property: top.property)
            if declared.contains(top.key), !required.contains(where: { $0.key == top.key }) {
                required.append(entry)
            }
            if declared.contains(top.key) || !top.isOptional, !withNonOptional.contains(where: { $0.key == top.key }) {
                withNonOptional.append(entry)
            }
        }
        return (required, withNonOptional)
    }

    /// Each alternative key (`alternativeKeys`, merged along the chain) → the JSON key it stands for,
    /// as the member table holds it (`"a\\.b"` in the map is the key `a.b`), after checking that the
    /// map's key is a plain one and the alternative no key the map reads (a key of its own, or the
    /// first step of a dotted one), nor named twice.
    private mutating func alternativeKeys(map: [String: String]) -> [String: String] {
        let firstSteps = Set(map.keys.map { JSONKeyPath($0).segments[0] })
        var byAlternative: [String: String] = [:]
        for (key, others) in merged(\.alternativeKeys).sorted(by: { $0.key < $1.key }) {
            let steps = JSONKeyPath(key).segments
            guard map[key] != nil, steps.count == 1 else {
                problems.append("alternativeKeys names \"\(key)\", which is not a plain key of apiToLocal (a dotted path has no alternatives).")
                continue
            }
            for other in others {
                if firstSteps.contains(other) {
                    problems.append("alternativeKeys gives \"\(other)\" for \"\(key)\", but \"\(other)\" is a key of apiToLocal already.")
                } else if let first = byAlternative[other], first != steps[0] {
                    problems.append("alternativeKeys gives \"\(other)\" for both \"\(first)\" and \"\(key)\"; a key can stand for one only.")
                } else {
                    byAlternative[other] = steps[0]
                }
            }
        }
        return byAlternative
    }

    /// The top-level keys an update may not change (`fixedKeys`, the union along the chain), each
    /// with its property, in declaration order.
    private mutating func fixedKeys(_ tops: [(order: Int, key: String, property: String, isOptional: Bool)]) -> [RequiredKey] {
        let declared = chain.reduce(into: Set<String>()) { $0.formUnion($1.fixedKeys) }
        for key in declared.sorted() where !tops.contains(where: { $0.key == key }) {
            problems.append("fixedKeys names \"\(key)\", which is not a key of apiToLocal.")
        }
        var fixed: [RequiredKey] = []
        for top in tops where declared.contains(top.key) && !fixed.contains(where: { $0.key == top.key }) {
            fixed.append(RequiredKey(key: top.key, property: top.property))
        }
        return fixed
    }

    private static func plan(key: String, property: String, access: any MemberAccess) -> MemberPlan {
        var quoted = JSONWriter(formatting: [])
        quoted.writeString(key)
        return MemberPlan(jsonKey: key, jsonKeyBytes: Array(key.utf8), quotedKey: quoted.output, property: property, access: access)
    }

    // MARK: Nested key paths

    /// The fields of one JSON object level: entries whose remaining path is one key become fields
    /// under that key; entries that go deeper are gathered, by their next key, into one
    /// `NestedMembers` each. `inside` is the path of this level, for messages. In declaration order
    /// (a nested object where its first property is declared).
    private mutating func nested(_ entries: [(order: Int, segments: ArraySlice<String>, plan: MemberPlan)], inside: String) -> [(order: Int, plan: MemberPlan)] {
        var result: [(order: Int, plan: MemberPlan)] = []
        var deeper: [String: [(order: Int, segments: ArraySlice<String>, plan: MemberPlan)]] = [:]
        for entry in entries {
            // The empty key itself (`""`, a JSON key like any other) is one empty step; an empty step
            // in a path (`"a..b"`, `"a."`) is a mistake.
            guard !entry.segments.contains("") || entry.plan.jsonKey.isEmpty else {
                problems.append("apiToLocal has the key \"\(entry.plan.jsonKey)\" with an empty step; write a dot that belongs to a key as \"\\\\.\".")
                continue
            }
            let key = entry.segments.first!
            if entry.segments.count == 1 {
                result.append((entry.order, Self.plan(key: key, property: entry.plan.property, access: entry.plan.access)))
            } else {
                deeper[key, default: []].append((entry.order, entry.segments.dropFirst(), entry.plan))
            }
        }
        for (key, group) in deeper.sorted(by: { $0.key < $1.key }) {
            let path = inside.isEmpty ? key : inside + "." + key
            if let leaf = result.first(where: { $0.plan.jsonKey == key }) {
                let inner = group.map { "`\($0.plan.property)`" }.joined(separator: ", ")
                problems.append("apiToLocal maps \"\(path)\" to `\(leaf.plan.property)` and also reads keys inside it for \(inner); a key holds either a value or a nested object of mapped keys.")
                continue
            }
            let inner = nested(group, inside: path)
            // Steps that are all digits are positions in an array (`"sc.0"`, `"legs.0.s"`): a table of
            // positions, its members in the order of their positions.
            let positions = inner.compactMap { entry in Self.position(entry.plan.jsonKey).map { (index: $0, plan: entry.plan) } }
            let members = !positions.isEmpty && positions.count == inner.count
                ? MemberTable(modelName: model.name, fields: positions.sorted { $0.index < $1.index }.map(\.plan), arrayPositions: positions.map(\.index).sorted())
                : MemberTable(modelName: model.name, fields: inner.map(\.plan))
            result.append((group.map(\.order).min()!, Self.plan(key: key, property: "", access: NestedMembers(members: members))))
        }
        return result.sorted { $0.order < $1.order }
    }

    /// For a class whose JSON is an array (`BaseModel.isPositional`): `fields` put in the order of
    /// their positions, which are returned; each problem noted — a key that is no position, and what
    /// an array cannot have (unknown or alternative keys, hooks that see the object).
    private mutating func positionalMembers(_ fields: inout [MemberPlan], alternatives: [String: String]) -> [Int] {
        for field in fields where Self.position(field.jsonKey) == nil {
            problems.append("isPositional is true, but apiToLocal has the key \"\(field.jsonKey)\", which is not an array position (\"0\", \"1\", … or \"2.t\" inside one).")
        }
        if unknownKeysField != nil {
            problems.append("isPositional is true, and keepsUnknownKeys too; an array has no keys to keep.")
        }
        if !alternatives.isEmpty {
            problems.append("isPositional is true, and alternativeKeys names keys; an array's positions have no alternatives.")
        }
        let hooks = (model.type as? BaseModel.Type).map(HookOverrides.of) ?? []
        for (hook, name) in [(HookOverrides.deserialize, "deserialize(_:)"), (.serialize, "serialize()"), (.modelClass, "modelClass(for:)")] where hooks.contains(hook) {
            problems.append("isPositional is true, and the class overrides \(name); a positional class keeps the default, which reads and writes the array.")
        }
        let ordered = fields.compactMap { field in Self.position(field.jsonKey).map { (position: $0, field: field) } }.sorted { $0.position < $1.position }
        fields = ordered.map(\.field)
        return ordered.map(\.position)
    }

    /// The array position a key path step names: all digits, no leading zero, below a million.
    private static func position(_ step: String) -> Int? {
        guard !step.isEmpty, step.count <= 6, step.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
              step == "0" || !step.hasPrefix("0") else { return nil }
        return Int(step)
    }

    // MARK: Tables

    /// The map of the whole chain: each class adds its entries, and an entry for a property that a
    /// superclass mapped under another key replaces that one. Within one class, two keys for one
    /// property are a problem.
    private mutating func effectiveMap() -> [String: String] {
        var map: [String: String] = [:]
        for tables in chain {
            var keysByProperty: [String: [String]] = [:]
            for (key, property) in tables.apiToLocal {
                keysByProperty[property, default: []].append(key)
            }
            for (property, keys) in keysByProperty.sorted(by: { $0.key < $1.key }) where keys.count > 1 {
                let listed = keys.sorted().map { "\"\($0)\"" }.joined(separator: " and ")
                let problem = "apiToLocal maps \(listed) to `\(property)`; a property takes one JSON key."
                if !problems.contains(problem) { problems.append(problem) }
            }
            for (key, property) in tables.apiToLocal {
                for (otherKey, otherProperty) in map where otherProperty == property && otherKey != key && !tables.apiToLocal.keys.contains(otherKey) {
                    map[otherKey] = nil
                }
                map[key] = property
            }
        }
        return map
    }

    /// A table merged along the chain, the subclass winning.
    private func merged<Value>(_ table: KeyPath<ClassTables, [String: Value]>) -> [String: Value] {
        var result: [String: Value] = [:]
        for tables in chain {
            result.merge(tables[keyPath: table]) { _, subclass in subclass }
        }
        return result
    }

    private mutating func checkUnmappedEntries<Value>(of table: [String: Value], table name: String, map: [String: String], property: (String) -> String) {
        let mapped = Set(map.values)
        for entry in table.keys.sorted() where !mapped.contains(property(entry)) {
            problems.append("\(name) has \"\(entry)\" for `\(property(entry))`, which apiToLocal does not map.")
        }
    }

    // MARK: Fields

    /// The stored field a mapped property names, with its position in declaration order; records a
    /// problem and returns `nil` when the property cannot be mapped.
    private mutating func mappedField(key: String, property: String) -> (Int, StoredField)? {
        var matches = storedFields.enumerated().filter { $0.element.name == property }
        if matches.isEmpty, let storage = observationStorage(of: property) {
            matches = [storage]
            observationStored.append(property)
        }
        guard let (order, field) = matches.last else {
            if storedFields.contains(where: { $0.name == StoredField.lazyStoragePrefix + property }) {
                problems.append("`\(property)` is `lazy`; mapped properties must be stored properties without `lazy`.")
            } else if storedFields.contains(where: { $0.name == "_" + property }) {
                problems.append("`\(property)` is backed by a property wrapper or macro (`_\(property)`); mapped properties must be plain stored properties.")
            } else {
                problems.append("apiToLocal maps \"\(key)\" to `\(property)`, which `\(model.name)` does not declare as a stored property.")
            }
            return nil
        }
        if matches.count > 1 {
            let owners = matches.map { "`\(String(describing: $0.element.declaringClass))`" }.joined(separator: " and ")
            problems.append("`\(property)` is declared by both \(owners); rename one so that the mapped name is unique in the hierarchy.")
            return nil
        }
        if !field.isVar {
            problems.append("`\(property)` is a `let`; mapped properties must be `var`.")
            return nil
        }
        if !field.isStrong {
            let isOptional = (field.type as? any StandardContainer.Type)?.isOptional == true
            let kind = isOptional ? "weak" : "unowned"
            problems.append("`\(property)` is `\(kind)`; mapped properties must hold strong references.")
            return nil
        }
        if let problem = Self.unsoundStorage(in: field.type) {
            problems.append("`\(property)` has type `\(field.type)`, \(problem)")
            return nil
        }
        if field.type == Void.self {
            // The runtime reports `()` for an empty tuple and for types it cannot describe as `Any.Type`
            // (non-copyable ones).
            problems.append("`\(property)` has a type the runtime reports as `()` (an empty tuple, or a non-copyable type): there is nothing the engine can read or write. Keep it out of the map.")
            return nil
        }
        if Self.size(of: field.type) == 0 {
            problems.append("`\(property)` has type `\(field.type)`, which holds no data (its size is 0): there is nothing to read or write. Keep it out of the map.")
            return nil
        }
        if field.offset < 2 * MemoryLayout<UInt>.stride {
            problems.append("`\(property)` is reported at offset \(field.offset), inside the object's header; it cannot be written soundly, so keep it out of the map.")
            return nil
        }
        return (order, field)
    }

    /// The size of a value of `type` in bytes.
    private static func size(of type: Any.Type) -> Int {
        func size<Value>(_: Value.Type) -> Int { MemoryLayout<Value>.size }
        return size(type)
    }

    /// Why values of `type` cannot be read and written soundly at a field's offset, looking through
    /// optionals and tuples (which store their elements as the field would); `nil` when they can.
    /// Functions and metatypes are stored in a class differently from how generic code sees them
    /// (see `TypeKind`); inside a struct, an array or a dictionary they are fine.
    private static func unsoundStorage(in type: Any.Type) -> String? {
        switch TypeKind(of: type) {
        case .function:
            return "which holds a function; the engine cannot store functions in place. Wrap the function in a struct, or keep the property out of the map."
        case .metatype, .existentialMetatype:
            return "which holds a type; the engine cannot store metatypes in place. Map a name or raw value and look the type up, or keep the property out of the map."
        case .tuple:
            return TypeKind.tupleElements(of: type).lazy.compactMap(unsoundStorage(in:)).first
        case .other:
            guard let optional = type as? any StandardContainer.Type, optional.isOptional else { return nil }
            return unsoundStorage(in: optional.elementType)
        }
    }

    /// The property's typed access with the coder chosen for its type, or `nil` if it has no coder.
    private func mappedAccess(for field: StoredField, factory: CoderFactory) -> (any MemberAccess)? {
        func make<Value>(_ type: Value.Type) -> (any MemberAccess)? {
            guard let handle = FieldHandle<Value>(field: field),
                  let coder = try? factory.coder(for: Value.self) else { return nil }
            return GenericMemberAccess(handle: handle, coder: coder, extras: extras)
        }
        return make(field.type)
    }

    // MARK: Constructors

    /// The model class the constructors ask to build for a property (`"name"` for a model property,
    /// `"name."` for the elements of a container), checked against the property's type.
    private mutating func constructedModelClass(for property: String, field: StoredField, constructors: [String: () -> Any]) -> ModelCoderProviding.Type? {
        var built: ModelCoderProviding.Type?
        if let element = constructors[property + "."] {
            let value = element()
            if let modelClass = type(of: value) as? ModelCoderProviding.Type,
               let declared = Self.modelType(in: field.type, elements: true), modelClass.isSubclass(of: declared) {
                built = modelClass
            } else if Self.elementType(of: field.type) != nil && Self.elementType(of: field.type) == type(of: value) {
                built = nil
            } else {
                problems.append("constructors builds `\(type(of: value))` for each element of `\(property)`, \(Self.elementType(of: field.type).map { "whose elements are `\($0)`" } ?? "which is not a container").")
            }
        }
        if let container = constructors[property] {
            let value = container()
            let valueType = type(of: value)
            if let modelClass = valueType as? ModelCoderProviding.Type,
               let declared = Self.modelType(in: field.type, elements: false), modelClass.isSubclass(of: declared) {
                built = modelClass
            } else if valueType != field.type && valueType != Self.unwrapped(field.type) {
                problems.append("constructors builds `\(valueType)` for `\(property)`, which has type `\(field.type)`.")
            }
        }
        return built
    }

    /// The innermost element type, through any nesting of optionals and containers.
    /// The type and every type inside it through optionals and containers, outermost first: a
    /// transformer may convert any of them (`[String]` as a whole, or each `String`).
    private static func levels(of type: Any.Type) -> [Any.Type] {
        var levels = [type]
        while let container = levels[levels.count - 1] as? any StandardContainer.Type {
            levels.append(container.elementType)
        }
        return levels
    }

    /// The type inside an `Optional`, or the type itself.
    private static func unwrapped(_ type: Any.Type) -> Any.Type {
        (type as? any StandardContainer.Type).flatMap { $0.isOptional ? $0.elementType : nil } ?? type
    }

    /// The element type of an array, set or dictionary (through an `Optional`).
    private static func elementType(of type: Any.Type) -> Any.Type? {
        guard let container = unwrapped(type) as? any StandardContainer.Type, !container.isOptional else { return nil }
        return container.elementType
    }

    /// The model class of a model property (through an `Optional`), or with `elements` of a container's
    /// elements.
    private static func modelType(in type: Any.Type, elements: Bool) -> ModelCoderProviding.Type? {
        let target = elements ? elementType(of: type).map(unwrapped) : unwrapped(type)
        return target as? ModelCoderProviding.Type
    }
}

/// Arrays, whatever their element: how the schema tells an array from a set or a dictionary.
private protocol ArrayOfAnything {}
extension Array: ArrayOfAnything {}

/// Dictionaries, whatever their keys and values (`BaseModel.mergedDictionaries`).
private protocol DictionaryOfAnything {}
extension Dictionary: DictionaryOfAnything {}

/// An identity read through the kept access (`nil`, the key, when the element has none).
private struct KnownIdentity {
    let key: IdentityKey?
}

/// The accesses of the members of one class of elements that a merge reads (see `elementIdentity`):
/// the identity's first.
private final class ElementMembers: Sendable {
    let type: ObjectIdentifier
    let keys: [String]
    let accesses: [(any MemberAccess)?]

    init(type: ObjectIdentifier, keys: [String], table: MemberTable) {
        self.type = type
        self.keys = keys
        accesses = keys.map { key in table.member(forKey: key).map { table.accesses[$0] } }
    }

    /// The access of the identity, `keys[0]`.
    var identity: (any MemberAccess)? { accesses[0] }

    /// The access of the member `key`, when it is one of `keys` and the class maps it.
    func access(forKey key: String) -> (any MemberAccess)? {
        keys.firstIndex(of: key).flatMap { accesses[$0] }
    }
}
