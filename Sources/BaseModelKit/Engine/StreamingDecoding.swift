/// Decoding straight from a document's bytes into models, without a `JSON` tree for mapped fields.
///
/// The hooks run exactly as in `ModelDecoding`, but each object reaches `deserialize(_:)` as a
/// *deferred* `JSONObject`: its members are read from the bytes only if the hook asks for them. The
/// default `deserialize` finds the object untouched and streams its members straight into the
/// properties; an override that reads the object gets a real one, and the default then walks that.
/// While a hook runs, the parser waits in the session (`swapParkedParser`), so the default
/// implementation can continue from the same place.
enum StreamingDecoding {
    /// Decodes the object at the parser's position (a `{`) into `model`, whose plan is `plan`: steps 2
    /// and 3 of the hook order in `ModelDecoding`. A class that keeps the default `deserialize` has its
    /// members streamed straight in; otherwise the hook gets `deferred` (made here if not given).
    static func fill(_ model: BaseModel, parser: inout JSONParser, deferred: DeferredObject? = nil, session: DecodingSession, isExisting: Bool, plan: ModelSchema) throws {
        try MappingError.checkStackRoom(level: parser.depth)
        if isExisting {
            try ModelDecoding.recordChanges(to: model, plan: plan, session: session)
        }
        if plan.overriddenHooks.contains(.deserialize) {
            try fillThroughHook(model, parser: &parser, deferred: deferred ?? DeferredObject(at: parser, context: session), session: session, plan: plan)
        } else {
            try streamMembers(into: model, parser: &parser, session: session, plan: plan)
        }
        try ModelDecoding.didDeserialize(model)
    }

    /// Calls an overridden `deserialize` with the deferred object, parking the parser in the session so
    /// that the default implementation, if the override calls it, continues from the same place.
    private static func fillThroughHook(_ model: BaseModel, parser: inout JSONParser, deferred: DeferredObject, session: DecodingSession, plan: ModelSchema) throws {
        session.park(&parser, plan: plan)
        do {
            try model.deserialize(JSONObject(deferred: deferred))
        } catch {
            session.swapParkedParser(with: &parser)
            throw error
        }
        session.swapParkedParser(with: &parser)
        let outcome = deferred.outcome
        if let error = outcome.error { throw error }
        switch outcome.use {
        case .streamed:
            break  // the parser came back from the default implementation past the object
        case .materialized(let end):
            parser.position = end
        case .untouched:
            try parser.skipValue()  // an override that neither read the object nor called super
        }
    }

    /// The default `deserialize` for a deferred object: streams its members into the properties when
    /// the object is untouched and the parked parser stands at it; otherwise walks the members.
    static func applyMappedFields(of model: BaseModel, from object: JSONObject, deferred: DeferredObject, session: DecodingSession) throws {
        var parser = JSONParser.idle
        let (taken, parkedPlan) = deferred.use == .untouched
            ? session.takeParkedParser(into: &parser, at: deferred.start, documentLength: deferred.bytes.count)
            : (false, nil)
        guard taken else {
            try ModelDecoding.applyMappedFields(of: model, from: deferred.object, session: session)
            return
        }
        defer { session.swapParkedParser(with: &parser) }
        let plan = (parkedPlan as? ModelSchema).flatMap { $0.modelType == type(of: model) ? $0 : nil }
        try streamMembers(into: model, parser: &parser, session: session, plan: plan)
        deferred.markStreamed(end: parser.position)
    }

    /// Reads the object at the parser's position member by member: a mapped key sets its property
    /// straight from the bytes, any other key's value is checked and skipped.
    static func streamMembers(into model: BaseModel, parser: inout JSONParser, session: DecodingSession, plan: ModelSchema? = nil) throws {
        let schema = try plan ?? SchemaRegistry.schema(for: type(of: model))
        try parser.enterContainer()
        if parser.closesImmediately(UInt8(ascii: "}")) { return }
        var hint = 0
        repeat {
            let index: Int?
            switch try parser.readStreamingKey() {
            case .raw(let start, let end):
                index = schema.fieldIndex(matching: parser.bytes, from: start, to: end, hint: &hint)
                if index == nil, session.watchesUnknownKeys {
                    try session.sawUnknownKey(String(decoding: parser.bytes[start..<end], as: UTF8.self), model: schema.modelName)
                }
            case .decoded(let key):
                index = schema.fieldIndex(forKey: key)
                if index == nil, session.watchesUnknownKeys { try session.sawUnknownKey(key, model: schema.modelName) }
            }
            guard let index else {
                try parser.skipValue()
                continue
            }
            // Entered and left without `defer`, which costs a call per member here (callgrind).
            session.enter(.key(schema.fields[index].jsonKey))
            do {
                if try !schema.streamedMembers[index].decode(from: &parser, into: model, session: session) {
                    try schema.accessors[index].decode(from: &parser, into: model, session: session)
                }
            } catch {
                session.leave()
                guard let error = error as? MappingError else { throw error }
                throw schema.error(error, atField: index)
            }
            session.leave()
        } while try parser.nextMember(closing: UInt8(ascii: "}"))
    }

    /// Reads a whole document whose top level must be an object, into `existing` or a new instance
    /// of `type` (or the class `modelClass(for:)` picks).
    static func decodeDocument(_ bytes: [UInt8], as type: BaseModel.Type, into existing: BaseModel?, session: DecodingSession) throws -> BaseModel {
        var parser = try JSONParser(bytes: bytes, maxDepth: session.options.maxDepth)
        let model = try decodeObject(from: &parser, as: type, into: existing, session: session)
        try parser.expectEndOfInput()
        return model
    }

    /// Reads the value at the parser's position, which must be an object, as `decodeDocument` does.
    static func decodeObject(from parser: inout JSONParser, as type: BaseModel.Type, into existing: BaseModel?, session: DecodingSession) throws -> BaseModel {
        guard parser.peekToken() == UInt8(ascii: "{") else {
            let json = try parser.readValue()
            throw MappingError(.typeMismatch(expected: String(describing: existing.map { Swift.type(of: $0) } ?? type), found: json.foundDescription))
        }
        let model: BaseModel
        var deferred: DeferredObject?
        let plan: ModelSchema
        if let existing {
            model = existing
            plan = try SchemaRegistry.schema(for: Swift.type(of: existing))
        } else {
            let declaredPlan = try SchemaRegistry.schema(for: type)
            if declaredPlan.overriddenHooks.contains(.modelClass) {
                let object = DeferredObject(at: parser, context: session)
                deferred = object
                let chosen = try type.classToBuild(for: JSONObject(deferred: object), declared: type)
                model = chosen.init()
                plan = chosen == type ? declaredPlan : try SchemaRegistry.schema(for: chosen)
            } else {
                model = type.init()
                plan = declaredPlan
            }
        }
        try fill(model, parser: &parser, deferred: deferred, session: session, isExisting: existing != nil, plan: plan)
        return model
    }
}
