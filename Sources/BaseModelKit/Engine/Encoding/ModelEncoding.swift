import BaseModelKitJSON
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
        // An array of positions has no keys to sort.
        if plan.overriddenHooks.contains(.serialize) || (writer.formatting.contains(.sortedKeys) && !plan.isPositional) {
            if plan.overriddenHooks.contains(.serialize), writer.copiesWrittenObjects, !plan.isPositional {
                // Sound: the address is valid for the call it is passed to.
                return try HookHandOver.serializeInPlace(model, plan: plan, into: &writer, session: session)
            }
            let object: JSONObject
            do {
                object = try model.serialize()
            } catch {
                throw HookHandOver.hookError(error, from: "serialize()", of: model)
            }
            try writer.writeChecked(.object(object))
        } else {
            try plan.members.writeValue(of: model, to: &writer, session: session)
        }
    }

    /// `write(_:plan:to:session:)` with the plan `kept` holds, lent; `false`, writing nothing, before
    /// a plan is kept there.
    static func write(_ model: BaseModel, keptPlan kept: PublishedReference<ModelPlan>, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        try kept.withPublished { plan in try write(model, plan: plan, to: &writer, session: session) } != nil
    }

    /// The JSON value of `model`, through its `serialize()` hook: the object it returns, or for a
    /// class whose JSON is an array (`BaseModel.isPositional`) that array (the caller has made
    /// `session` the current one).
    static func json(of model: BaseModel, session: EncodingSession) throws -> JSON {
        try json(of: model, plan: PlanRegistry.plan(for: type(of: model)), session: session)
    }

    /// `json(of:session:)` for a model whose plan is `plan`.
    private static func json(of model: BaseModel, plan: ModelPlan, session: EncodingSession) throws -> JSON {
        let object = try serialize(model, session: session)
        guard let positions = plan.members.arrayPositions else { return .object(object) }
        return positional(object, positions: positions)
    }

    /// The array a positional model's tree form (an object keyed by the positions' text) stands for:
    /// up to the highest position, `null` where the object has no value.
    static func positional(_ object: JSONObject, positions: [Int]) -> JSON {
        guard let last = positions.last else { return .array([]) }
        return .array((0...last).map { object[String($0)] ?? .null })
    }

    /// The JSON object of `model` through its `serialize()` hook (the caller has made `session` the
    /// current one).
    static func serialize(_ model: BaseModel, session: EncodingSession) throws -> JSONObject {
        try reading(model, session: session) {
            do {
                return try model.serialize()
            } catch {
                throw HookHandOver.hookError(error, from: "serialize()", of: model)
            }
        }
    }

    /// `body` run while `model` is read for an encode: one level deeper (`EncodingOptions.maxDepth`),
    /// and counted as read, so that an update racing it on another thread is refused.
    private static func reading<Result>(_ model: BaseModel, session: EncodingSession, _ body: () throws -> Result) throws -> Result {
        try session.enterModel()
        defer { session.leaveModel() }
        let counted = try ModelAccess.beginReading(model, thread: session.thread)
        defer { if counted { ModelAccess.endReading(model) } }
        return try body()
    }

    /// The JSON object of a top-level model, with `session` current while its hooks run.
    static func serializeTopLevel(_ model: BaseModel, session: EncodingSession) throws -> JSONObject {
        try CurrentSession.withEncoding(session) {
            try serialize(model, session: session)
        }
    }

    /// `json(of:session:)` for a top-level model, with `session` current while its hooks run.
    static func jsonTopLevel(_ model: BaseModel, session: EncodingSession) throws -> JSON {
        let plan = try PlanRegistry.plan(for: type(of: model))
        // No hook runs for such a model (a price level in a change record): its object is what the
        // default `serialize()` makes, made here without setting the task-local for hooks, which cost
        // more than writing the model.
        if let scalars = plan.scalarAccesses {
            return try reading(model, session: session) { .object(try plan.members.object(of: model, scalars: scalars, session: session)) }
        }
        return try CurrentSession.withEncoding(session) {
            try json(of: model, plan: plan, session: session)
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
        try CurrentSession.withEncoding(session) {
            if asArray { writer.beginArray() }
            // The plan of the previous model's class, for the next model of that class.
            var previous: (modelType: ObjectIdentifier, plan: ModelPlan)?
            for (index, model) in models.enumerated() {
                if asArray { writer.writeElementSeparator(isFirst: index == 0) }
                do {
                    let modelType = ObjectIdentifier(type(of: model))
                    if previous?.modelType != modelType {
                        previous = (modelType, try PlanRegistry.plan(for: type(of: model)))
                    }
                    try write(model, plan: previous!.plan, to: &writer, session: session)
                } catch let error as MappingError where asArray {
                    throw error.prefixed(by: .index(index))
                }
            }
            if asArray { writer.endArray(isEmpty: models.isEmpty) }
        }
        return writer
    }
}
