/// Decoding into models: the order in which hooks run, and the default walk of the maps.
///
/// For each object:
/// 1. the object is constructed with `init()` (or, when updating in place, the existing object is
///    taken, after a copy of its fields is logged so that a failed update can restore it);
/// 2. `deserialize(_:)` runs — the default walks the plan, setting each mapped property whose key is
///    present; nested models run their own steps 1–3 as their property is set;
/// 3. `didDeserialize()` runs; an error it throws rejects the object (and, for an update, the whole
///    update).
enum ModelDecoding {
    /// Runs steps 2 and 3 on `model`. `isExisting` marks an object that was part of the caller's graph
    /// before this call, whose fields an update must be able to restore.
    static func fill(_ model: BaseModel, from object: JSONObject, session: DecodingSession, isExisting: Bool) throws {
        // This path (objects a hook read, dictionaries) does not count its levels: always check.
        try MappingError.checkStackRoom(level: nil)
        if isExisting {
            try recordChanges(to: model, plan: nil, session: session)
        }
        try model.deserialize(object)
        try didDeserialize(model)
    }

    /// Logs a copy of an existing object's fields before an update changes it (`plan`, when the caller
    /// has it, saves a lookup). Does nothing outside an update.
    static func recordChanges(to model: BaseModel, plan: ModelSchema?, session: DecodingSession) throws {
        guard let changeLog = session.changeLog else { return }
        changeLog.record(model, fields: try (plan ?? SchemaRegistry.schema(for: type(of: model))).storedFields)
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

    /// The default `deserialize`: streams a deferred object straight from its bytes, walks any other.
    static func deserialize(_ model: BaseModel, from object: JSONObject) throws {
        if let deferred = object.deferred, let session = deferred.context as? DecodingSession {
            try StreamingDecoding.applyMappedFields(of: model, from: object, deferred: deferred, session: session)
        } else {
            try applyMappedFields(of: model, from: object, session: CurrentSession.decodingOrDefault)
        }
    }

    /// The default `deserialize`: every member of `object` whose key the plan maps sets its property;
    /// other keys are ignored.
    static func applyMappedFields(of model: BaseModel, from object: JSONObject, session: DecodingSession) throws {
        let schema = try SchemaRegistry.schema(for: type(of: model))
        for (key, value) in object {
            guard let index = schema.fieldIndex(forKey: key) else {
                if session.watchesUnknownKeys { try session.sawUnknownKey(key, model: schema.modelName) }
                continue
            }
            session.enter(.key(key))
            defer { session.leave() }
            do {
                try schema.accessors[index].decode(value, into: model, session: session)
            } catch let error as MappingError {
                throw schema.error(error, atField: index)
            }
        }
    }
}

extension DecodingSession {
    /// A key that the map does not name, when `watchesUnknownKeys`: an error with `unknownKeys` set to
    /// `.reject`, otherwise a report entry.
    func sawUnknownKey(_ key: String, model: String) throws {
        if options.unknownKeys == .reject {
            throw MappingError(.unknownKey, path: MappingPath([.key(key)]), model: model)
        }
        recorder?.record(.unknownKey, at: .key(key))
    }
}

extension DecodingSession {
    /// Notes in the report, if any, that a `null` was ignored (lenient coercion).
    func noteIgnoredNull() {
        if isReporting { recorder?.record(.nullIgnored) }
    }
}
