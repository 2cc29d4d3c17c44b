import BaseModelKitJSON
/// The coder of a property whose type is a model class: an object in JSON, a nested model in Swift.
///
/// Decoding merges into the object already in the property when there is one (deep merge for updates
/// in place); otherwise it builds `buildType` (the declared class, or the one a constructor named).
struct ModelCoder<Declared>: ValueCoding {
    let buildType: BaseModel.Type
    /// `Declared` as a model class, cast once here: the cast is a protocol-conformance lookup, too
    /// costly to make per object.
    private let declaredClass: BaseModel.Type
    /// The plan of `buildType`, looked up on first use and kept (plans never change once built); read
    /// without a lock. (`AtomicLazyReference`'s `load()` runs unspecialised.)
    private let plan = PublishedReference<ModelPlan>()
    /// Whether an update replaces the object with a new one read from the JSON rather than merging
    /// into it (`BaseModel.replacedOnUpdate`).
    let replaces: Bool

    init(buildType: BaseModel.Type, replaces: Bool = false) {
        self.buildType = buildType
        self.replaces = replaces
        // Model coders are made only for model types (`makeModelCoder`, the array entry points), so
        // `Declared` is `BaseModel` or a subclass of it.
        self.declaredClass = Declared.self as! BaseModel.Type
    }

    /// The plan of `type`, from the kept reference when it is `buildType`.
    func plan(for type: BaseModel.Type) throws -> ModelPlan {
        guard type == buildType else { return try PlanRegistry.plan(for: type) }
        if let known = plan.read({ $0 }) { return known }
        let found = try PlanRegistry.plan(for: type)
        return plan.publish { $0 == nil ? found : nil } ?? found
    }

    /// `body` with the plan of `type`: the kept one lent when it is `buildType`'s (returned by
    /// `plan(for:)`, it was retained and released per call), otherwise the one `plan(for:)` finds.
    @inline(__always)
    private func withPlan<Result>(for type: BaseModel.Type, _ body: (ModelPlan) throws -> Result) throws -> Result {
        if type == buildType, let result = try plan.withPublished(body) { return result }
        return try body(try plan(for: type))
    }

    var typeName: String { String(describing: Declared.self) }
    var mergesIntoExisting: Bool { true }
    var isModel: Bool { true }

    /// A tree goes through the same steps as bytes (`decodeByReading`).
    func decode(_ json: JSON, existing: Declared?, session: DecodingSession) throws -> Declared {
        try decodeByReading(json, existing: existing, session: session)
    }

    func decode(from parser: inout JSONParser, merging current: Declared, session: DecodingSession) throws -> Declared {
        if replaces { return try decode(from: &parser, session: session) }
        guard ModelDecoding.opensModel(&parser, of: buildType) else { throw try containerMismatch(at: &parser) }
        // `Declared` is `BaseModel` or a subclass (see `init`).
        return try ClassDowncast.withReference(to: current, as: BaseModel.self) { existing in
            if type(of: existing) == buildType, try fillsAsUsual(existing, from: &parser, session: session) {
                return current
            }
            // The plans are lent (`withPlan`): returned, each was retained and released per object.
            if try withPlan(for: buildType, { $0.overriddenHooks.contains(.modelClass) }) {
                // A payload whose type key picks another class replaces the object instead of merging.
                let object = JSONObject(deferred: DeferredObject.forHook(at: &parser, session: session))
                let replacement = try ModelDecoding.replacementClass(for: object, existing: existing, hookClass: buildType, declared: declaredClass)
                DeferredObject.recycle(object, in: &parser)
                if let replacement {
                    let model = replacement.init()
                    try ModelDecoding.fill(model, parser: &parser, session: session, isExisting: false, plan: try plan(for: replacement))
                    return ClassDowncast.reference(model, as: Declared.self)
                }
            }
            try withPlan(for: type(of: existing)) { plan in
                try ModelDecoding.fill(existing, parser: &parser, session: session, isExisting: true, plan: plan)
            }
            return current
        }
    }

    /// `decode(from:merging:session:)` for the merges of arrays and dictionaries of models, which
    /// hold their elements as references (`nil` when merged in place): the usual object is filled as `fillsAsUsual` says, with
    /// no copy of it as a `Declared` and no closure; any other goes the general way.
    func merge(from parser: inout JSONParser, intoReference object: AnyObject, session: DecodingSession) throws -> AnyObject? {
        if replaces { return ReferenceCollections.object(try decode(from: &parser, session: session)) }
        // Sound: `object` is of class `buildType`, a subclass of `BaseModel` (checked first, and by
        // `init`), so the downcast holds. `IdentityMergeTests`, `DictionaryMergeTests` and
        // `PolymorphismTests` merge through here.
        if type(of: object) == buildType, parser.peekToken() == UInt8(ascii: "{"),
           try fillsAsUsual(unsafeDowncast(object, to: BaseModel.self), from: &parser, session: session) {
            return nil
        }
        let merged = ReferenceCollections.object(try decode(from: &parser, merging: ReferenceCollections.value(object, as: Declared.self), session: session))
        return merged === object ? nil : merged
    }

    /// The merge of the usual object, `existing`, of the class built here (the caller checked), when
    /// that class picks no other class for a payload: filled from the object at the parser's
    /// position with the kept plan, read once, and `true`; `false`, reading nothing, otherwise. (The
    /// general steps of `decode(from:merging:session:)` read the plan twice, each through a
    /// closure.)
    private func fillsAsUsual(_ existing: BaseModel, from parser: inout JSONParser, session: DecodingSession) throws -> Bool {
        try plan.withPublished({ plan in
            guard !plan.overriddenHooks.contains(.modelClass) else { return false }
            try ModelDecoding.fill(existing, parser: &parser, session: session, isExisting: true, plan: plan)
            return true
        }) == true
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Declared {
        guard ModelDecoding.opensModel(&parser, of: buildType) else { throw try containerMismatch(at: &parser) }
        // The plan returned, not lent through `withPlan`: the closures made the frames of every level of
        // nested models larger in a debug build (under AddressSanitizer, two levels of hooked models no
        // longer fitted a 64 KB thread: `SmallStackTests`).
        let model = try ModelDecoding.construct(buildType, parser: &parser, declared: declaredClass, session: session, plan: try plan(for: buildType))
        // The class built is `Declared` or a subclass: checked by the plan and by `classToBuild`.
        return ClassDowncast.reference(model, as: Declared.self)
    }

    func write(_ value: Declared, to writer: inout JSONWriter, session: EncodingSession) throws {
        // The model and its plan are lent, not copied: each copy was a retain and a release per model
        // written, atomic operations that cost more time than their count says.
        try ClassDowncast.withReference(to: value, as: BaseModel.self) { model in
            try writeReference(model, to: &writer, session: session)
        }
    }

    func writeReference(_ object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws {
        // Sound downcast: the collections that lend their elements hold `Declared` values, models
        // (see `init`).
        let model = unsafeDowncast(object, to: BaseModel.self)
        // The kept plan lent by non-generic code: here, its closure was a call per model.
        if type(of: model) == buildType, try ModelEncoding.write(model, keptPlan: plan, to: &writer, session: session) { return }
        try ModelEncoding.write(model, plan: try plan(for: type(of: model)), to: &writer, session: session)
    }

    func encode(_ value: Declared, session: EncodingSession) throws -> JSON {
        guard let model = value as? BaseModel else { return .null }
        return try ModelEncoding.json(of: model, session: session)
    }
}

extension BaseModel {
    /// The class to build for `object` where this class is built by default and `declared` is the
    /// class the value must be: what `modelClass(for:)` picks, if it picks `declared` or a subclass of
    /// it (anything else is an error); otherwise this class.
    static func classToBuild(for object: JSONObject, declared: ModelCoderProviding.Type) throws -> BaseModel.Type {
        guard let picked = modelClass(for: object) else { return self }
        guard picked.isSubclass(of: declared) else {
            throw MappingError(.typeMismatch(
                expected: "\(declared) or a subclass",
                found: "an object that modelClass(for:) maps to \(picked)"))
        }
        return picked
    }
}

extension BaseModel: ModelCoderProviding {
    static func makeModelCoder<Declared>(declaredType: Declared.Type, replaces: Bool) -> Any? {
        ModelCoder<Declared>(buildType: self, replaces: replaces)
    }

    static func isSubclass(of other: ModelCoderProviding.Type) -> Bool {
        var current: AnyClass? = self
        while let cls = current {
            if cls == other { return true }
            current = RuntimeFields.superclass(of: cls)
        }
        return false
    }
}


extension ModelCoder: ModelAddressing {
    func address(_ id: JSON?, in value: Any, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        guard id == nil else { return .notAddressable("a model, which a step names without an identity") }
        guard let model = (value as? Declared).flatMap(anyObject) else { return .absent }
        return .found(model, nil)
    }
}
