import BaseModelKitJSON
/// Decoding into models: the order in which hooks run.
///
/// For each object:
/// 1. the object is constructed with `init()` — the class `modelClass(for:)` picks, when the declared
///    class overrides it — or, when updating in place, the existing object is taken, after it is
///    claimed (`ModelAccess`), so that a failed update can restore it (its writes are logged, or for a
///    class with decoding hooks a copy of its fields) (unless `modelClass(for:)` picks another class for the payload: then a new object of that
///    class replaces it);
/// 2. `deserialize(_:)` runs. A class that keeps the default has its members read straight from the
///    bytes by the plan's member loop (`MemberTable.decodeMembers`), with no hook call and no
///    `JSONObject`; an override gets the object as a `DeferredObject` over the bytes (see `Engine/Hooks/`), and the
///    default, when it calls `super`, runs the same member loop. Nested models run their own steps
///    1–3 as their property is set;
/// 3. `didDeserialize()` runs; an error it throws rejects the object (and, for an update, the whole
///    update).
enum ModelDecoding {
    /// Reads the value at the parser's position, which must be an object, as a new `type` (or the
    /// class `modelClass(for:)` picks): step 1, then steps 2 and 3. `plan`, when the caller has it,
    /// is the plan of `type`.
    static func decodeObject(from parser: inout JSONParser, as type: BaseModel.Type, session: DecodingSession, plan known: ModelPlan? = nil) throws -> BaseModel {
        guard opensModel(&parser, of: type) else {
            let json = try parser.readValue()
            throw MappingError(.typeMismatch(expected: String(describing: type), found: json.foundDescription))
        }
        return try construct(type, parser: &parser, declared: type, session: session, plan: try known ?? PlanRegistry.plan(for: type))
    }

    /// An update's top-level object, read into `existing`, whose plan is `plan`: the object must be
    /// one `existing`'s class would decode as itself (see `refuseOtherClass`). (Takes neither as an
    /// optional: bound from optionals, the object and the plan were retained and released per update.)
    static func update(_ existing: BaseModel, from parser: inout JSONParser, session: DecodingSession, plan: ModelPlan) throws {
        guard opensModel(&parser, of: Swift.type(of: existing)) else {
            let json = try parser.readValue()
            throw MappingError(.typeMismatch(expected: String(describing: Swift.type(of: existing)), found: json.foundDescription))
        }
        if plan.overriddenHooks.contains(.modelClass) {
            let object = JSONObject(deferred: DeferredObject.forHook(at: &parser, session: session))
            try refuseOtherClass(for: object, existing: existing)
            DeferredObject.recycle(object, in: &parser)
        }
        try fill(existing, parser: &parser, session: session, isExisting: true, plan: plan)
    }

    /// Whether the value at the parser's position is what a model of `type` is read from: an object,
    /// or an array for a class whose JSON is one (`BaseModel.isPositional`, asked only then).
    @inline(__always)
    static func opensModel(_ parser: inout JSONParser, of type: BaseModel.Type) -> Bool {
        let token = parser.peekToken()
        return token == UInt8(ascii: "{") || (token == UInt8(ascii: "[") && type.isPositional)
    }

    /// A positional model's array as its tree form (`BaseModel.isPositional`): an object keyed by the
    /// positions' text.
    static func positionalObject(_ elements: [JSON]) -> JSONObject {
        JSONObject(elements.enumerated().map { (String($0.offset), $0.element) })
    }

    /// The class an update must build in place of `existing` for `object`: the class
    /// `hookClass.modelClass(for:)` picks (`declared` or a subclass), when it picks one and that is not
    /// `existing`'s class; `nil` to merge into `existing` (the same class, or no class picked — a
    /// partial payload without its type key).
    static func replacementClass(for object: JSONObject, existing: BaseModel, hookClass: BaseModel.Type, declared: BaseModel.Type) throws -> BaseModel.Type? {
        guard hookClass.modelClass(for: object) != nil else { return nil }
        let picked = try hookClass.classToBuild(for: object, declared: declared)
        return picked == Swift.type(of: existing) ? nil : picked
    }

    /// Refuses an update of a top-level `existing` (which cannot replace itself) from an object whose
    /// `modelClass(for:)` picks another class.
    static func refuseOtherClass(for object: JSONObject, existing: BaseModel) throws {
        let type = Swift.type(of: existing)
        guard let picked = type.modelClass(for: object), picked != type else { return }
        throw MappingError(.typeMismatch(
            expected: "\(type) (the object being updated)",
            found: "an object that modelClass(for:) maps to \(picked); an update cannot change the class of the object it was called on"))
    }

    /// Steps 1 to 3 for a new object at the parser's position (a `{`): builds `buildType`, or the class
    /// its `modelClass(for:)` picks (which must be `declared` or a subclass), and fills it. `plan` is
    /// the plan of `buildType`. Inlined, with `fill`, into the model coder's decode, which every nested
    /// object takes: the compiler's own choice left a call per object.
    @inline(__always)
    static func construct(_ buildType: BaseModel.Type, parser: inout JSONParser, declared: BaseModel.Type, session: DecodingSession, plan: ModelPlan) throws -> BaseModel {
        guard plan.overriddenHooks.contains(.modelClass) else {
            let model = buildType.init()
            try fill(model, parser: &parser, session: session, isExisting: false, plan: plan)
            return model
        }
        let object = JSONObject(deferred: DeferredObject.forHook(at: &parser, session: session))
        let chosen = try buildType.classToBuild(for: object, declared: declared)
        DeferredObject.recycle(object, in: &parser)
        let model = chosen.init()
        try fill(model, parser: &parser, session: session, isExisting: false, plan: chosen == buildType ? plan : try PlanRegistry.plan(for: chosen))
        return model
    }

    /// Steps 2 and 3 on `model`, whose plan is `plan`, from the object at the parser's position (a
    /// `{`). `isExisting` marks an object that was part of the caller's graph before this call, whose
    /// fields an update must be able to restore. Inlined, as `construct` says.
    @inline(__always)
    static func fill(_ model: BaseModel, parser: inout JSONParser, session: DecodingSession, isExisting: Bool, plan: ModelPlan) throws {
        guard parser.stackAllowsDeeper() else { throw MappingError(.stackExhausted) }
        if isExisting {
            try claimForUpdate(model, plan: plan, session: session)
            if !plan.fixedKeys.isEmpty, session.undoLog != nil { try checkFixedKeys(of: model, in: &parser, plan: plan, session: session) }
        }
        // Required keys are checked for every object a decode fills, the default objects of nested
        // model properties (`var data = Trade()`) too; an update's merges list only what changed.
        if !isExisting || session.undoLog == nil, plan.requiresKeys || (session.requiresNonOptional && plan.requiresNonOptionalKeys) {
            try checkPresence(of: requiredKeys(of: plan, session: session), in: parser, plan: plan)
        }
        if plan.overriddenHooks.contains(.deserialize) {
            // Made as the object the hook gets, which holds its source alone: no retain and release
            // of the source to hand it over. Made here, never the one `modelClass(for:)` saw (which
            // that hook may have kept), so that nothing else holds it when the parser is parked in it.
            let object = JSONObject(deferred: DeferredObject.forHook(at: &parser, session: session))
            try HookHandOver.deserialize(model, parser: &parser, object: object, plan: plan)
            DeferredObject.recycle(object, in: &parser)
        } else {
            try plan.members.decodeMembers(from: &parser, into: model, session: session, isExisting: isExisting)
        }
        // The default does nothing: a class that keeps it is not called (a call through the class's
        // table per object).
        if plan.overriddenHooks.contains(.didDeserialize) { try didDeserialize(model) }
    }

    /// Steps 2 and 3 on `model` from an object already read (a caller's `JSONObject`, an element of a
    /// collection read as a tree). The caller has made `session` the current one.
    static func fill(_ model: BaseModel, from object: JSONObject, session: DecodingSession, isExisting: Bool) throws {
        try MappingError.checkStackRoom(StackGuard.currentLimit())
        let plan = try PlanRegistry.plan(for: type(of: model))
        if isExisting {
            if plan.overriddenHooks.contains(.modelClass) {
                try refuseOtherClass(for: object, existing: model)
            }
            try claimForUpdate(model, plan: plan, session: session)
            if !plan.fixedKeys.isEmpty, session.undoLog != nil { try checkFixedKeys(of: model, in: object, plan: plan, session: session) }
        }
        if !isExisting || session.undoLog == nil {
            for required in requiredKeys(of: plan, session: session) where !plan.members.holds(required.key, in: object) {
                throw MappingError(.missingKey(required.key), model: plan.modelName, property: required.property)
            }
        }
        do {
            try model.deserialize(object)
        } catch {
            throw HookHandOver.hookError(error, from: "deserialize(_:)", of: model)
        }
        try didDeserialize(model)
    }

    /// The keys a decode of a new object of `plan`'s class must find, by the call's options.
    @inline(__always)
    static func requiredKeys(of plan: ModelPlan, session: DecodingSession) -> [RequiredKey] {
        session.requiresNonOptional ? plan.requiredOrNonOptionalKeys : plan.requiredKeys
    }

    /// Throws `missingKey` for the first of `required` (in declaration order) that the object at the
    /// parser's position does not have: its keys are read from a copy of the parser, the values
    /// skipped. Malformed input is left for the decode itself to report.
    static func checkPresence(of required: [RequiredKey], in parser: JSONParser, plan: ModelPlan) throws {
        var scan = parser
        var present = Set<String>()
        do {
            try forEachMember(at: &scan, plan: plan) { key, scan in
                present.insert(key)
                try scan.skipValue()
            }
        } catch {
            return
        }
        for key in required where !present.contains(key.key) {
            throw MappingError(.missingKey(key.key), model: plan.modelName, property: key.property)
        }
    }

    /// Throws `fixedKeyChanged` for the first of the class's `fixedKeys` to which the object at the
    /// parser's position gives another value than `model` has: the values are read from a copy of
    /// the parser, and compared as the property reads them (a lenient `"7"` for an `Int` 7 is 7).
    /// Malformed input is left for the update itself to report. Out of line, with the parser lent:
    /// the copy and the values stay out of `fill`'s frame, which every level of nested models
    /// stacks (a 64 KB thread holds fewer levels otherwise: `SmallStackTests`).
    @inline(never)
    static func checkFixedKeys(of model: BaseModel, in parser: inout JSONParser, plan: ModelPlan, session: DecodingSession) throws {
        var scan = parser
        var found: [String: JSON] = [:]
        do {
            try forEachMember(at: &scan, plan: plan) { key, scan in
                if plan.fixedKeys.contains(where: { $0.key == key }) { found[key] = try scan.readValue() } else { try scan.skipValue() }
            }
        } catch {
            return
        }
        try checkFixed(found, of: model, plan: plan, session: session)
    }

    /// Calls `body` with the key of each member of the object at the parser's position, as the map
    /// names it (an alternative key as the key it stands for), and the parser at its value, which
    /// `body` reads or skips; for a positional class's array (`BaseModel.isPositional`), with each
    /// element's position as its key.
    private static func forEachMember(at scan: inout JSONParser, plan: ModelPlan, _ body: (String, inout JSONParser) throws -> Void) throws {
        let isArray = scan.peekToken() == UInt8(ascii: "[") && plan.isPositional
        let closing = isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")
        try scan.enterContainer()
        if scan.closesImmediately(closing) { return }
        var position = 0
        repeat {
            let key = isArray ? String(position) : plan.members.mappedKey(for: try scan.readStreamingKeyText())
            try body(key, &scan)
            position += 1
        } while try scan.nextMember(closing: closing)
    }

    /// `checkFixedKeys` for an object already read (`fill(_:from:session:isExisting:)`).
    @inline(never)
    static func checkFixedKeys(of model: BaseModel, in object: JSONObject, plan: ModelPlan, session: DecodingSession) throws {
        var found: [String: JSON] = [:]
        for (key, value) in object {
            let mapped = plan.members.mappedKey(for: key)
            if plan.fixedKeys.contains(where: { $0.key == mapped }) { found[mapped] = value }
        }
        try checkFixed(found, of: model, plan: plan, session: session)
    }

    /// `checkFixedKeys` for the values `found` (by key) an update gives.
    static func checkFixed(_ found: [String: JSON], of model: BaseModel, plan: ModelPlan, session: DecodingSession) throws {
        for fixed in plan.fixedKeys {
            guard let value = found[fixed.key], let index = plan.members.member(forKey: fixed.key) else { continue }
            let access = plan.members.accesses[index]
            let current = access.identityJSON(of: model) ?? .null
            let given = access.canonicalJSON(for: value, session: session) ?? value
            guard given != current else { continue }
            throw MappingError(.fixedKeyChanged(key: fixed.key, current: current.description, found: value.description),
                               model: plan.modelName, property: fixed.property)
        }
    }

    /// Makes an existing object, whose plan is `plan`, ready for an update to change it: claims it,
    /// and copies its fields if its class has decoding hooks (see `UndoLog`). Does nothing outside
    /// an update. (The plan is not optional: bound from an optional, it was retained and released
    /// per object.) The object is claimed first (see `ModelAccess`): an object another thread is
    /// updating or encoding fails the update before anything of it is read.
    static func claimForUpdate(_ model: BaseModel, plan: ModelPlan, session: DecodingSession) throws {
        guard session.undoLog != nil else { return }
        let claimed = try ModelAccess.beginUpdate(model, thread: session.thread)
        // A class whose own code runs during the decode may set any field: all are copied. Any other
        // object's fields are written only by the engine, which logs each write (`UndoLog`). (The
        // log is reached through the session each time: held in a local, it was retained and released
        // per object.)
        if plan.overriddenHooks.isDisjoint(with: [.deserialize, .didDeserialize]) {
            session.undoLog?.claim(model, isNew: claimed)
        } else {
            session.undoLog?.record(model, copiers: plan.copiers, claimed: claimed)
        }
    }

    /// An update of `root` in place, `body` reading its input with the session it is given: the
    /// objects it changed restored if it fails, the claims given back, the changes announced.
    static func update(_ root: BaseModel, options: DecodingOptions, reports: Bool, _ body: (DecodingSession) throws -> Void) throws -> ChangeSet {
        let session = updateSession(options: options, reports: reports)
        do {
            try body(session)
        } catch {
            finishUpdate(session, failed: true)
            throw error
        }
        return finish(session, root: root)
    }

    /// The end of an update that succeeded: the claims given back, the changes announced (and
    /// returned), the session kept for the next update.
    private static func finish(_ session: consuming DecodingSession, root: BaseModel) -> ChangeSet {
        finishUpdate(session, failed: false)
        let changes = announceChanges(of: session, root: root)
        DecodingSession.recycle(consume session)
        return changes
    }

    /// `body`, decoding at the place in the graph `trail` leads to (a model an `IdentityPath` named):
    /// the report's and the change set's paths, and the errors', start with it.
    static func below<Result>(_ trail: LookupTrail, session: DecodingSession, _ body: () throws -> Result) throws -> Result {
        if session.tracksPaths {
            trail.forEachComponent { component, identity in
                session.enter(component)
                if case .index = component, let identity { session.noteIdentity(IdentityKey(identity)) }
            }
        }
        do {
            return try body()
        } catch var error as MappingError {
            error.path.components.insert(contentsOf: trail.place.components, at: 0)
            throw error
        }
    }

    /// A session for an update in place: it logs objects for rollback and records changes.
    static func updateSession(options: DecodingOptions, reports: Bool) -> DecodingSession {
        if let spare = DecodingSession.spareForUpdate(options: options, reports: reports) { return spare }
        return DecodingSession(options: options, isUpdate: true, reports: reports, changes: options.recordsChanges ? changeRecorder() : nil,
                               isClaimed: { object, thread in
                                   // Only models are claimed, and only models are asked about.
                                   guard let model = object as? BaseModel else { return false }
                                   return ModelAccess.isClaimed(model, thread: thread)
                               })
    }

    /// A recorder that writes the models it compares as objects with the engine (and the models of
    /// the state before with `formerJSON`, when given).
    static func changeRecorder(formerJSON: (@Sendable (AnyObject) -> JSON)? = nil) -> ChangeRecorder {
        ChangeRecorder(modelJSON: { object, encoding in
            // Only models are compared as objects (`heldMember`).
            (try? ModelEncoding.jsonTopLevel(object as! BaseModel, session: encoding)) ?? .null
        }, formerJSON: formerJSON)
    }

    /// After a successful update: its changes as a `ChangeSet`, and `didUpdate(_:)` called on each
    /// model with changes of its own, in the order of their first change.
    static func announceChanges(of session: DecodingSession, root: BaseModel) -> ChangeSet {
        guard let recorder = session.changes else { return ChangeSet([], root: root) }
        let changes = ChangeSet(recordedBy: recorder, root: root)
        guard !changes.isEmpty, recorder.isAnnouncing else { return changes }
        // Each model's changes, the models in the order of their first change: one pass, over the
        // models whose class overrides `didUpdate(_:)` or is `@Observable` (a class keeping both
        // defaults has nothing to be told). Each class's plan is looked up once: it tells whether the
        // class listens, and how to tell its observers. The class of the change before is asked first:
        // changes come in runs of one class (no dictionary lookup or search per change).
        var listening: [(type: ObjectIdentifier, listens: Bool, observation: ObservedProperties?)] = []
        var last: (type: ObjectIdentifier, listens: Bool, observation: ObservedProperties?)?
        func listener(_ object: AnyObject) -> (listens: Bool, observation: ObservedProperties?) {
            let type = ObjectIdentifier(Swift.type(of: object))
            if let last, last.type == type { return (last.listens, last.observation) }
            if let known = listening.first(where: { $0.type == type }) {
                last = known
                return (known.listens, known.observation)
            }
            let plan = (object as? BaseModel).flatMap { try? PlanRegistry.plan(for: Swift.type(of: $0)) }
            let listens = plan.map(\.members.announcesChanges) ?? true
            listening.append((type, listens, plan?.observation))
            last = listening.last
            return (listens, plan?.observation)
        }
        var positions: [ObjectIdentifier: Int] = [:]
        var byModel: [(model: BaseModel, observation: ObservedProperties?, changes: [Change])] = []
        // By position, reading only each change's object until its class listens (a copy of every
        // change retained and released each of its fields).
        for index in changes.changes.indices {
            let (listens, observation) = listener(changes.changes[index].object)
            guard listens else { continue }
            let change = changes.changes[index]
            if let position = positions[ObjectIdentifier(change.object)] {
                byModel[position].changes.append(change)
            } else {
                positions[ObjectIdentifier(change.object)] = byModel.count
                byModel.append((change.model, observation, [change]))
            }
        }
        for (model, observation, own) in byModel {
            if let observation { ObservationNotices.announce(own, of: model, through: observation) }
        }
        for (model, _, own) in byModel {
            model.didUpdate(ChangeSet(own, root: root))
        }
        return changes
    }

    /// Ends an update: on failure restores every object it changed, then gives back every object it
    /// claimed.
    static func finishUpdate(_ session: DecodingSession, failed: Bool) {
        guard let undoLog = session.undoLog else { return }
        if failed { undoLog.rollBack() }
        undoLog.endClaims(keepsRoom: session.isReusable) { object in
            // Sound: only models are ever claimed (`claimForUpdate` claims a `BaseModel`), so the
            // downcast holds; checked, it was a dynamic cast per object of every update.
            ModelAccess.endUpdate(unsafeDowncast(object, to: BaseModel.self))
        }
    }

    /// Step 3: runs `didDeserialize()`, turning an error of the model's own into a rejection.
    static func didDeserialize(_ model: BaseModel) throws {
        do {
            try model.didDeserialize()
        } catch let error as MappingError {
            throw error
        } catch let error as SchemaError {
            throw error
        } catch {
            throw MappingError(.rejected(error), model: String(describing: type(of: model)))
        }
    }
}
