import Foundation

/// Encoding models: each object through its plan's member writer (`MemberTable.writeMembers`), or
/// through its overridden `serialize()` (see `Engine/Hooks/`).
enum ModelEncoding {
    /// Writes the object of `model`, whose plan is `plan`, into `writer`: straight from the plan
    /// when the class keeps the default `serialize()` and the output keeps declaration order;
    /// otherwise the object its `serialize()` returns.
    static func write(_ model: BaseModel, plan: ModelPlan, to writer: inout JSONWriter, session: EncodingSession) throws {
        try session.enterModel()
        defer { session.leaveModel() }
        let counted = try ModelAccess.beginReading(model, thread: session.thread)
        defer { if counted { ModelAccess.endReading(model) } }
        if plan.overriddenHooks.contains(.serialize) || writer.formatting.contains(.sortedKeys) {
            let object: JSONObject
            do {
                object = try model.serialize()
            } catch {
                throw HookHandOver.hookError(error, from: "serialize()", of: model)
            }
            try writer.writeChecked(.object(object))
        } else {
            try plan.members.writeObject(of: model, to: &writer, session: session)
        }
    }

    /// The JSON object of `model` through its `serialize()` hook (the caller has made `session` the
    /// current one).
    static func serialize(_ model: BaseModel, session: EncodingSession) throws -> JSONObject {
        try session.enterModel()
        defer { session.leaveModel() }
        let counted = try ModelAccess.beginReading(model, thread: session.thread)
        defer { if counted { ModelAccess.endReading(model) } }
        do {
            return try model.serialize()
        } catch {
            throw HookHandOver.hookError(error, from: "serialize()", of: model)
        }
    }

    /// The JSON object of a top-level model, with `session` current while its hooks run.
    static func serializeTopLevel(_ model: BaseModel, session: EncodingSession) throws -> JSONObject {
        try CurrentSession.$encoding.withValue(session) {
            try serialize(model, session: session)
        }
    }

    /// The JSON text of top-level models, each written as `write(_:plan:to:session:)` does with
    /// `session` current while their hooks run: one model, or an array of them when `models` is.
    static func bytes(of models: [BaseModel], asArray: Bool, session: EncodingSession) throws -> [UInt8] {
        try written(models, asArray: asArray, session: session).output
    }

    /// `bytes(of:asArray:session:)` as `Data`, which takes over the writer's memory.
    static func data(of models: [BaseModel], asArray: Bool, session: EncodingSession) throws -> Data {
        try written(models, asArray: asArray, session: session).outputData()
    }

    /// `bytes(of:asArray:session:)` as text.
    static func string(of models: [BaseModel], asArray: Bool, session: EncodingSession) throws -> String {
        try written(models, asArray: asArray, session: session).outputString
    }

    private static func written(_ models: [BaseModel], asArray: Bool, session: EncodingSession) throws -> JSONWriter {
        var writer = JSONWriter(formatting: session.options.formatting)
        try CurrentSession.$encoding.withValue(session) {
            if asArray { writer.beginArray() }
            for (index, model) in models.enumerated() {
                if asArray { writer.writeElementSeparator(isFirst: index == 0) }
                do {
                    try write(model, plan: try PlanRegistry.plan(for: type(of: model)), to: &writer, session: session)
                } catch let error as MappingError where asArray {
                    throw error.prefixed(by: .index(index))
                }
            }
            if asArray { writer.endArray(isEmpty: models.isEmpty) }
        }
        return writer
    }
}
