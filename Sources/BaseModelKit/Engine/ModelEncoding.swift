import Synchronization

/// Encoding models: the default walk of the maps behind `serialize()`.
enum ModelEncoding {
    /// The default `serialize`: every mapped property in declaration order, `nil` left out unless
    /// `nilEncoding` is `.null`.
    static func mappedObject(of model: BaseModel, session: EncodingSession) throws -> JSONObject {
        let schema = try SchemaRegistry.schema(for: type(of: model))
        var object = JSONObject()
        for field in schema.fields {
            do {
                if let value = try field.access.encode(from: model, session: session) {
                    object[field.jsonKey] = value
                } else if session.options.nilEncoding == .null {
                    object[field.jsonKey] = .null
                }
            } catch let error as MappingError {
                throw error.attributed(model: schema.modelName, property: field.property).prefixed(by: .key(field.jsonKey))
            }
        }
        return object
    }

    /// The JSON object of `model` through its `serialize()` hook (the caller has made `session` the
    /// current one).
    static func serialize(_ model: BaseModel, session: EncodingSession) throws -> JSONObject {
        try session.enterModel()
        defer { session.leaveModel() }
        return try model.serialize()
    }

    /// The JSON object of a top-level model, with `session` current while its hooks run.
    static func serializeTopLevel(_ model: BaseModel, session: EncodingSession) throws -> JSONObject {
        try CurrentSession.$encoding.withValue(session) {
            try serialize(model, session: session)
        }
    }
}

extension EncodingSession {
    /// Counts one more level of nested models, refusing to go deeper than `maxDepth`.
    func enterModel() throws {
        let depth = nesting.withLock { depth in
            depth += 1
            return depth
        }
        if depth > options.maxDepth {
            nesting.withLock { $0 -= 1 }
            throw MappingError(.tooDeep(limit: options.maxDepth))
        }
    }

    func leaveModel() {
        nesting.withLock { $0 -= 1 }
    }
}
