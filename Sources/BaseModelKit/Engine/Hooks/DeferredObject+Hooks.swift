import BaseModelKitJSON
/// What the engine keeps in the `DeferredObject` it hands an overridden `deserialize(_:)` or
/// `modelClass(for:)` while it reads a document: the decoding session, as the object's
/// `readerContext`, and, while the hook runs, the engine's parser with the plan of the object's class,
/// parked (`DeferredObject.park`). See `HookHandOver` for how the two sides use it.
extension DeferredObject {
    /// The object at the parser's position (a `{`), for a hook of the decoding call of `session`.
    /// A hook's object that nobody kept is made again (`recycle`).
    static func forHook(at parser: inout JSONParser, session: DecodingSession) -> DeferredObject {
        // Taken out, not copied and then cleared (a retain and a release fewer).
        guard let spare = parser.spareDeferredObject.take() else { return DeferredObject(at: &parser, readerContext: session) }
        spare.reuse(at: &parser, readerContext: session)
        return spare
    }

    /// Keeps the source of `object`, a hook's object the hook has returned from, for the parser's
    /// next hooked object, when nothing else holds it (an allocation and a free fewer per hooked
    /// object).
    static func recycle(_ object: consuming JSONObject, in parser: inout JSONParser) {
        guard var source = object.takeDeferred() else { return }
        if isKnownUniquelyReferenced(&source) { parser.spareDeferredObject = consume source }
    }

    /// The session of the decoding call that made this object for a hook (`forHook`); `nil` for any
    /// other object.
    var hookSession: DecodingSession? {
        guard let context = readerContext else { return nil }
        // Sound: the engine gives an object a reader context only in `forHook`, and it is always a
        // decoding session.
        return unsafeDowncast(context, to: DecodingSession.self)
    }

    /// For the default implementation: when nobody has read the object and the engine's parser is
    /// parked here, and this is the engine's thread, reads the members into `model` with it where it
    /// is parked, for `modelType`'s plan, and records that the object was streamed up to the
    /// parser's position; `false`, reading nothing, otherwise (the object is then read from its own
    /// bytes, by a parser of the calling thread).
    func streamMembers(into model: BaseModel, modelType: BaseModel.Type) throws -> Bool {
        // Only a hook's object is streamed; its session is lent to the loop below, not bound here
        // (bound, it was retained and released per object).
        guard let context = unretainedReaderContext else { return false }
        guard let (parser, reader) = lendParserForStreaming(on: ThreadIdentity.current) else { return false }
        // The members the loop passes over are noted, for a hook that reads one of them after
        // `super` (see `DeferredObject.passedOver`); an enclosing hooked object's notes wait
        // meanwhile. Sound, the accesses through `parser`: lent above, so only this call reaches it
        // until it is parked again below, and the engine's access to it lasts until `takeBack`.
        let saved = parser.pointee.skipped.begin(atDepth: parser.pointee.depth + 1)
        // Sound: the engine parks a plan, unretained, and plans live as long as the process
        // (`HookHandOver.runParked`).
        let parkedPlan = Unmanaged<ModelPlan>.fromOpaque(reader.toOpaque())
        let isOwnPlan = parkedPlan._withUnsafeGuaranteedRef { ObjectIdentifier($0.modelType) } == ObjectIdentifier(modelType)
        do {
            // Sound, the session: as `hookSession` says; lent for the loop, which this object, holding
            // it, outlives.
            let session = Unmanaged<DecodingSession>.fromOpaque(context.toOpaque())
            try session._withUnsafeGuaranteedRef { session in
                if isOwnPlan {
                    try parkedPlan._withUnsafeGuaranteedRef { try $0.members.decodeMembers(from: &parser.pointee, into: model, session: session) }
                } else {
                    try PlanRegistry.plan(for: modelType).members.decodeMembers(from: &parser.pointee, into: model, session: session)
                }
            }
        } catch {
            _ = parser.pointee.skipped.end(saved)
            parkAfterStreaming(end: nil, passed: .more)
            throw error
        }
        // Notes of another class's member loop than the parked plan's are not kept: `passedOver`
        // answers for the parked plan.
        let ended = parser.pointee.skipped.end(saved)
        let passed = isOwnPlan ? ended : .more
        parkAfterStreaming(end: parser.pointee.position, passed: passed)
        return true
    }
}
