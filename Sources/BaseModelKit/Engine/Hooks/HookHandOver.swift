/// The hand-over between the engine, which reads and writes bytes, and overridden hooks, whose
/// signatures take and return `JSONObject`s.
///
/// **Decoding.** A class that overrides `deserialize(_:)` gets, for each object, a `HookObject` over
/// the document's bytes: nothing is read unless the override asks for a member. While the override
/// runs, the engine's parser waits in the engine's frame, its address parked in that object
/// (`deserialize(_:parser:object:plan:)`). When the override calls `super.deserialize(object)`, the
/// default (`deserializeByDefault`) runs the plan's member loop with that parser where it waits,
/// from the same place, exactly as for a class that overrides nothing, and marks the object
/// streamed. Afterwards the engine continues after the object: where
/// the member loop left it, after the object's end if the override read it into members, or by
/// skipping it if the override did neither.
///
/// Any other object reaches the same member loop too: an object already read into members, or handed
/// over again, is read again from its own bytes; an object that code built or edited is written to
/// bytes first. So there is one member loop, and a `JSONObject` never costs the models that do not
/// override the hook.
///
/// **Encoding.** The default `serialize()` (`serializeByDefault`) writes the mapped properties with
/// the plan's member writer, compactly, and returns them as an object over those bytes, read only if
/// the override looks at its members; a compact writer copies such an object into the output as it
/// is. The options of the call reach both defaults — whose signatures carry none — through the
/// `HookObject` while decoding, and through `CurrentSession` otherwise.
enum HookHandOver {
    /// Calls the overridden `deserialize` of `model` with `object`, the object at the parser's
    /// position, parking the parser's address in it while the override runs; leaves the parser after
    /// the object.
    static func deserialize(_ model: BaseModel, parser: inout JSONParser, object: HookObject, plan: ModelPlan) throws {
        // Sound: the address is valid for the call it is passed to, and `runParked` parks it only
        // within that call, taking it back before it returns (see `HookObject.parked`).
        let use = try runParked(model, parser: &parser, object: object, plan: plan)
        switch use {
        case .streamed:
            break  // the parser came back from the default implementation past the object
        case .materialized(let end):
            parser.position = end
        case .untouched:
            try parser.skipValue()  // an override that neither read the object nor called super
        }
    }

    /// The override's call, with the parser's address parked in `object` for its length. The
    /// address comes as the argument of this call, not from `withUnsafeMutablePointer`, whose
    /// generic frame and closure a debug build added to every level of hooked models (a 64 KB
    /// thread under AddressSanitizer ran out of room, `SmallStackTests`).
    private static func runParked(_ model: BaseModel, parser: UnsafeMutablePointer<JSONParser>, object: HookObject, plan: ModelPlan) throws -> DeferredObject.Use {
        object.park(parser, plan: plan)
        do {
            try model.deserialize(JSONObject(deferred: object))
        } catch {
            _ = try? object.takeBack()
            throw hookError(error, from: "deserialize(_:)", of: model)
        }
        return try object.takeBack()
    }

    /// The error to throw for `error`, which the model's overridden `hook` threw: one of the
    /// engine's, which carries its own reason and place, as it is; an error of the hook's own as
    /// `hookFailed`, which the engine then places at the object's path like any other. (At each
    /// call, in its own `catch`: through a closure, every hooked object paid for one.)
    static func hookError(_ error: any Error, from hook: String, of model: BaseModel) -> any Error {
        switch error {
        case is MappingError, is SchemaError, is JSONWritingError, is JSONSyntaxError: error
        default: MappingError(.hookFailed(hook: hook, error: error), model: String(describing: type(of: model)))
        }
    }

    /// The default `deserialize(_:)`: `object`'s members through the plan's member loop.
    static func deserializeByDefault(_ model: BaseModel, from object: JSONObject) throws {
        let modelType = type(of: model)
        // The object the engine stands at: its parser continues where it is parked, in its call's
        // session, and is parked again after.
        let hookObject = object.deferred as? HookObject
        if let hookObject, try hookObject.streamMembers(into: model, modelType: modelType) { return }
        var parser: JSONParser
        // Any other object belongs to the call running now, when there is one: an object kept from
        // an earlier decode and handed to an update is the update's (its changes recorded, rolled
        // back on failure), not the decode's that read it.
        let session = CurrentSession.decoding ?? hookObject?.session ?? CurrentSession.decodingOrDefault
        if let deferred = object.deferred {
            // Read into members before, or handed over again: read again from its own bytes.
            parser = deferred.parser()
        } else {
            // Built or edited by code: written, then read like any document.
            parser = try JSONParser(bytes: DocumentBytes(copying: written(object, of: modelType)), maxDepth: session.options.maxDepth)
        }
        try PlanRegistry.plan(for: modelType).members.decodeMembers(from: &parser, into: model, session: session)
    }

    /// `object`, the tree form of a model of `modelType`, as JSON text to read: a positional model's
    /// (keyed by the positions' text) as its array. Out of line, so that its temporaries stay out of
    /// `deserializeByDefault`'s frame, which every level of hooked models stacks (`SmallStackTests`).
    @inline(never)
    private static func written(_ object: JSONObject, of modelType: BaseModel.Type) throws -> [UInt8] {
        let positions = try PlanRegistry.plan(for: modelType).members.arrayPositions
        do {
            return try (positions.map { ModelEncoding.positional(object, positions: $0) } ?? .object(object)).serializedBytes(formatting: [])
        } catch {
            throw MappingError(error)
        }
    }

    /// The default `serialize()`: the mapped properties written by the plan's member writer, as an
    /// object over those bytes.
    static func serializeByDefault(_ model: BaseModel) throws -> JSONObject {
        let session = CurrentSession.encodingOrDefault
        let plan = try PlanRegistry.plan(for: type(of: model))
        // Compact, so that a compact writer may copy the bytes as they are; a pretty or sorted writer
        // reads them into members first.
        var writer = JSONWriter(formatting: session.options.formatting.intersection(.escapingSlashes))
        try plan.members.writeObject(of: model, to: &writer, session: session)
        return JSONObject(deferred: DeferredObject(written: writer.takenOutputDocument(), keys: plan.members))
    }
}
