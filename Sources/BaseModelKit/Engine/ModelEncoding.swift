import Synchronization

/// Encoding models: the default walk of the maps behind `serialize()`.
enum ModelEncoding {
    /// The default `serialize`: every mapped property in declaration order, `nil` left out unless
    /// `nilEncoding` is `.null`.
    static func mappedObject(of model: BaseModel, session: EncodingSession) throws -> JSONObject {
        let schema = try SchemaRegistry.schema(for: type(of: model))
        if !session.options.formatting.contains(.prettyPrinted), !session.options.formatting.contains(.sortedKeys) {
            return try writtenObject(of: model, schema: schema, session: session)
        }
        var object = JSONObject()
        for (index, field) in schema.fields.enumerated() {
            do {
                if let value = try field.access.encode(from: model, session: session) {
                    object[field.jsonKey] = value
                } else if session.options.nilEncoding == .null {
                    object[field.jsonKey] = .null
                }
            } catch let error as MappingError {
                throw schema.error(error, atField: index)
            }
        }
        return object
    }

    /// The default `serialize` for compact output: the mapped properties written straight to bytes,
    /// handed back as an object that is read from those bytes only if an override asks for its
    /// members, and otherwise copied into the output as it is.
    static func writtenObject(of model: BaseModel, schema: ModelSchema, session: EncodingSession) throws -> JSONObject {
        var writer = JSONWriter(formatting: session.options.formatting)
        try writeMembers(of: model, schema: schema, to: &writer, session: session)
        return JSONObject(deferred: DeferredObject(written: writer.output))
    }

    /// Writes the object of `model`, whose plan is `schema`, into `writer`: straight from the plan
    /// when the class keeps the default `serialize()` and the output keeps declaration order;
    /// otherwise the object its `serialize()` returns.
    static func write(_ model: BaseModel, schema: ModelSchema, to writer: inout JSONWriter, session: EncodingSession) throws {
        try session.enterModel()
        defer { session.leaveModel() }
        if schema.overriddenHooks.contains(.serialize) || writer.formatting.contains(.sortedKeys) {
            try writer.writeChecked(.object(try model.serialize()))
        } else {
            try writeMembers(of: model, schema: schema, to: &writer, session: session)
        }
    }

    /// The mapped properties of `model` as an object, in declaration order, written into `writer`.
    private static func writeMembers(of model: BaseModel, schema: ModelSchema, to writer: inout JSONWriter, session: EncodingSession) throws {
        writer.beginObject()
        var isFirst = true
        for index in schema.accessors.indices {
            do {
                if try schema.accessors[index].write(from: model, key: schema.quotedKeys[index], isFirst: isFirst, to: &writer, session: session) {
                    isFirst = false
                }
            } catch let error as MappingError {
                throw schema.error(error, atField: index)
            }
        }
        writer.endObject(isEmpty: isFirst)
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

    /// The JSON text of top-level models, each written as `write(_:schema:to:session:)` does with
    /// `session` current while their hooks run: one model, or an array of them when `models` is.
    static func bytes(of models: [BaseModel], asArray: Bool, session: EncodingSession) throws -> [UInt8] {
        var writer = JSONWriter(formatting: session.options.formatting)
        try CurrentSession.$encoding.withValue(session) {
            if asArray { writer.beginArray() }
            for (index, model) in models.enumerated() {
                if asArray { writer.writeElementSeparator(isFirst: index == 0) }
                do {
                    try write(model, schema: try SchemaRegistry.schema(for: type(of: model)), to: &writer, session: session)
                } catch let error as MappingError where asArray {
                    throw error.prefixed(by: .index(index))
                }
            }
            if asArray { writer.endArray(isEmpty: models.isEmpty) }
        }
        return writer.output
    }
}

extension EncodingSession {
    /// Counts one more level of nested models, refusing to go deeper than `maxDepth` or than the
    /// thread's stack allows.
    func enterModel() throws {
        let depth = nesting.withLock { depth in
            depth += 1
            return depth
        }
        do {
            guard depth <= options.maxDepth else { throw MappingError(.tooDeep(limit: options.maxDepth)) }
            try MappingError.checkStackRoom(level: depth)
        } catch {
            nesting.withLock { $0 -= 1 }
            throw error
        }
    }

    func leaveModel() {
        nesting.withLock { $0 -= 1 }
    }
}
