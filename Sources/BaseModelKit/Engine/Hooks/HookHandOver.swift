import BaseModelKitJSON
/// The hand-over between the engine, which reads and writes bytes, and overridden hooks, whose
/// signatures take and return `JSONObject`s.
///
/// **Decoding.** A class that overrides `deserialize(_:)` gets, for each object, a `DeferredObject` over
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
/// the override looks at its members. When the engine runs the override (`serializeInPlace`), the
/// default writes them straight into the engine's output, where the object goes, and the keys the
/// override adds are written after them; elsewhere it writes into a buffer of its own, which a
/// compact writer copies as it is. The options of the call reach both defaults — whose signatures
/// carry none — through the `DeferredObject` while decoding (its `hookSession`), and through `CurrentSession` otherwise.
enum HookHandOver {
    /// Calls the overridden `deserialize` of `model` with `object`, the object at the parser's
    /// position, parking the parser's address in it while the override runs; leaves the parser after
    /// the object. `object` is a `DeferredObject`'s, made by `forHook` and held by the caller alone
    /// (`DeferredObject.park` requires it).
    static func deserialize(_ model: BaseModel, parser: inout JSONParser, object: JSONObject, plan: ModelPlan) throws {
        // Sound: the address is valid for the call it is passed to, and `runParked` parks it only
        // within that call, taking it back before it returns (see `DeferredObject.parked`).
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
    private static func runParked(_ model: BaseModel, parser: UnsafeMutablePointer<JSONParser>, object: JSONObject, plan: ModelPlan) throws -> DeferredObject.Use {
        // Sound, the unretained source: `object`, a parameter of this call, holds it throughout.
        guard let source = object.unretainedDeferred else { preconditionFailure("a hook's object without its source") }
        source._withUnsafeGuaranteedRef { $0.park(parser, reader: .passUnretained(plan), keys: .passUnretained(plan.members.memberKeys)) }
        do {
            try model.deserialize(object)
        } catch {
            _ = try? source._withUnsafeGuaranteedRef { try $0.takeBack() }
            throw hookError(error, from: "deserialize(_:)", of: model)
        }
        return try source._withUnsafeGuaranteedRef { try $0.takeBack() }
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
        // Sound, the unretained source: `object`, a `let` of this call, holds it throughout.
        if let deferred = object.unretainedDeferred, try deferred._withUnsafeGuaranteedRef({ try $0.streamMembers(into: model, modelType: modelType) }) {
            return
        }
        let deferred = object.deferred
        var parser: JSONParser
        // Any other object belongs to the call running now, when there is one: an object kept from
        // an earlier decode and handed to an update is the update's (its changes recorded, rolled
        // back on failure), not the decode's that read it.
        let session = CurrentSession.decoding ?? deferred?.hookSession ?? CurrentSession.decodingOrDefault
        if let deferred {
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

    /// What the engine lends the default `serialize()` of the model whose override it runs: the
    /// writer the model's object goes to, so that the members are written where they belong, and the
    /// object made over them.
    struct InPlace {
        let model: ObjectIdentifier
        /// The model's plan's members. Sound to hold unretained: plans live as long as the process.
        let members: Unmanaged<MemberTable>
        let writer: UnsafeMutablePointer<JSONWriter>
        /// Whether the default has written in place already (it does so once: a second call, or one
        /// made while the members are being written, writes its own bytes).
        var isTaken = false
        /// The object over the members written in place, once written.
        var made: DeferredObject?
    }

    /// Writes `model`, whose class overrides `serialize()`, into `writer` (compact, in stored order)
    /// through that override. When the override calls the default, the members are written straight
    /// into `writer` and the object it gets is over those bytes, lent (`DeferredObject`'s
    /// `init(writtenInPlace:keys:)`); if the override returns that object, the keys it added go after
    /// them. Anything else it returns takes the place of what was written.
    ///
    /// Before writing again, the engine holds the only reference to the object made in place or has
    /// its bytes copied (`keepBytes()`): the rule that makes lending the writer's bytes sound.
    static func serializeInPlace(_ model: BaseModel, plan: ModelPlan, into writer: UnsafeMutablePointer<JSONWriter>, session: EncodingSession) throws {
        let start = writer.pointee.mark
        let startCount = writer.pointee.count
        var inPlace = InPlace(model: ObjectIdentifier(model), members: .passUnretained(plan.members), writer: writer)
        var object: JSONObject
        do {
            // Sound: the address is valid for the call it is passed to, and `runInPlace` lends it
            // only within that call.
            object = try runInPlace(model, inPlace: &inPlace, session: session)
        } catch {
            if var made = inPlace.made.take() { keepBytesIfShared(&made) }
            writer.pointee.rewind(to: start)
            throw error
        }
        guard var made = inPlace.made.take() else {
            return try writer.pointee.writeChecked(.object(object))
        }
        if var additions = object.takeAdditions(after: made) {
            // Shared, its bytes are copied; held by nothing else, it is kept for the next object
            // written in place. (Each spare goes into an empty place only: one an encode the
            // override ran left there stays, and storing over the usual `nil` releases nothing.)
            if keepBytesIfShared(&made), session.spareWrittenObject == nil { session.spareWrittenObject = consume made }
            do {
                try writer.pointee.writeAdditions(emptying: &additions, toObjectFrom: startCount)
            } catch {
                throw MappingError(error)
            }
            // Its buffer, emptied, takes the next object's additions.
            if session.spareAdditions == nil { session.spareAdditions = additions }
        } else {
            // The returned object may hold the one made in place.
            keepBytesIfShared(&made)
            writer.pointee.rewind(to: start)
            try writer.pointee.writeChecked(.object(object))
        }
    }

    /// The rule that makes lending the writer's bytes sound, kept before the writer writes again:
    /// the object made in place gets a copy of its bytes unless `made` is the only reference to it.
    /// Returns whether it is (nothing else can see the object then).
    @discardableResult
    private static func keepBytesIfShared(_ made: inout DeferredObject) -> Bool {
        guard isKnownUniquelyReferenced(&made) else {
            made.keepBytes()
            return false
        }
        return true
    }

    /// The override's call, with `inPlace` lent to the default through the session for its length
    /// (the address comes as an argument, as in `runParked`).
    private static func runInPlace(_ model: BaseModel, inPlace: UnsafeMutablePointer<InPlace>, session: EncodingSession) throws -> JSONObject {
        let previous = session.serializingInPlace
        session.serializingInPlace = UnsafeMutableRawPointer(inPlace)
        defer { session.serializingInPlace = previous }
        do {
            return try model.serialize()
        } catch {
            throw hookError(error, from: "serialize()", of: model)
        }
    }

    /// The default `serialize()` of the model the engine lent `inPlace` for: the members written
    /// into the engine's writer, as an object over those bytes. Sound: `inPlace` and the writer it
    /// points to are the engine's, valid while `runInPlace` lends them, which is when this runs.
    /// (Inlined into its one caller, which runs once per hooked object.)
    @inline(__always)
    private static func writeInPlace(_ model: BaseModel, _ inPlace: UnsafeMutablePointer<InPlace>, session: EncodingSession) throws -> JSONObject {
        inPlace.pointee.isTaken = true
        let writer = inPlace.pointee.writer
        let start = writer.pointee.mark
        let startCount = writer.pointee.count
        // Sound, the members' use: as `InPlace.members` says.
        let made = try inPlace.pointee.members._withUnsafeGuaranteedRef { members in
            do {
                try members.writeObject(of: model, to: &writer.pointee, session: session)
            } catch {
                // An override that catches this may call the default again.
                writer.pointee.rewind(to: start)
                inPlace.pointee.isTaken = false
                throw error
            }
            let bytes = writer.pointee.lentOutput(from: startCount)
            guard let spare = session.spareWrittenObject.take() else { return DeferredObject(writtenInPlace: bytes, keys: members.memberKeys) }
            spare.reuse(writtenInPlace: bytes, keys: members.memberKeys)
            return spare
        }
        // Empty as a rule (`isTaken` was not set): stored over, its `nil` was released.
        if inPlace.pointee.made == nil { inPlace.pointee.made = made }
        return JSONObject(deferred: made, room: session.takeSpareAdditions())
    }

    /// The default `serialize()`: the mapped properties written by the plan's member writer, as an
    /// object over those bytes — written where the engine writes the object, when it lent its
    /// writer for this model (`serializeInPlace`).
    static func serializeByDefault(_ model: BaseModel) throws -> JSONObject {
        let written = try CurrentSession.withRunningEncoding { session -> JSONObject? in
            // Sound: set only by `runInPlace`, on this session's thread, to an `InPlace` its caller
            // holds until it puts the previous address back.
            guard let lent = session.serializingInPlace else { return nil }
            let inPlace = lent.assumingMemoryBound(to: InPlace.self)
            guard !inPlace.pointee.isTaken, inPlace.pointee.model == ObjectIdentifier(model) else { return nil }
            return try writeInPlace(model, inPlace, session: session)
        }
        if let written { return written }
        let (plan, session) = (try PlanRegistry.plan(for: type(of: model)), CurrentSession.encodingOrDefault)
        // Compact, so that a compact writer may copy the bytes as they are; a pretty or sorted writer
        // reads them into members first.
        var writer = JSONWriter(formatting: session.options.formatting.intersection(.escapingSlashes))
        try plan.members.writeObject(of: model, to: &writer, session: session)
        return JSONObject(deferred: DeferredObject(written: writer.takenOutputDocument(), keys: plan.members.memberKeys))
    }
}
