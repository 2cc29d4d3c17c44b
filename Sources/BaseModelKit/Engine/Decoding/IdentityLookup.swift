import BaseModelKitJSON
/// Finding the model an `IdentityPath` names, a step at a time from the model the call starts at:
/// each step's key is a member of the class there, and its property finds the model the step names
/// (`ModelAddressing`) — in constant time, with the index an array's step keeps on its object.
enum IdentityLookup {
    /// What a lookup found.
    enum Outcome {
        /// The model, with the way to it (`ev[3].m["101-1"]`).
        case found(BaseModel, LookupTrail)
        /// A step's identity names no model in its property (or the property holds `nil`): the
        /// step, and the place of its property.
        case missing(IdentityPath.Step, MappingPath)
    }

    /// The model at `path` from `root`.
    ///
    /// - Throws: `MappingError` with the place reached when a step's key maps no property of the
    ///   class there (`.notFound`), or its property holds nothing the step can name (`.typeMismatch`).
    static func model(at path: IdentityPath, from root: BaseModel, session: DecodingSession) throws -> Outcome {
        var current = root
        var trail = LookupTrail(path)
        for step in path.steps {
            let plan = try PlanRegistry.plan(for: type(of: current))
            let members = plan.members
            // The property's name is read only for an error (bound here, it was retained per step).
            guard let member = members.member(forKey: step.key), members.properties[member] != nil, members.nestedTables[member] == nil else {
                throw MappingError(.notFound("property of \(plan.modelName) mapped to the key \"\(step.key)\""), path: trail.place)
            }
            trail.enterStep()
            let owner = current
            let slot = members.indexSlot(ofMember: member)
            var positions = IdentityIndexes.positions(inSlot: slot, in: owner)
            let kept = positions.map { BufferIdentity.of($0.held) }
            let found = members.address(member: member, step.identity, in: owner, positions: &positions, session: session)
            // Kept again only when the step made it anew: another buffer (the owner still holds the
            // one it handed out, so a new one cannot have its address).
            if let positions = positions.take(), BufferIdentity.of(positions.held) != kept { IdentityIndexes.keep(positions, inSlot: slot, in: owner) }
            switch found {
            case .found(let object, let component):
                // Every coder that finds models holds models.
                guard let model = object as? BaseModel else { return .missing(step, trail.place) }
                trail.found(component)
                current = model
            case .absent:
                return .missing(step, trail.place)
            case .notAddressable(let what):
                throw MappingError(.typeMismatch(expected: "a model, or a collection of models to step into with an identity",
                                                 found: "\(plan.modelName).\(members.properties[member] ?? ""), \(what)"), path: trail.place)
            }
        }
        return .found(current, trail)
    }

    /// As `model(at:from:session:)`, for an update: a step whose identity names no model throws
    /// `.notFound` with the place of its property.
    static func target(at path: IdentityPath, from root: BaseModel, session: DecodingSession) throws -> (model: BaseModel, trail: LookupTrail) {
        switch try model(at: path, from: root, session: session) {
        case .found(let model, let trail):
            return (model, trail)
        case .missing(let step, let place):
            throw MappingError(.notFound("model with the identity \(step.identity.map(\.description) ?? "null") to update"), path: place)
        }
    }
}

extension IdentityIndexes {
    /// The index `owner` keeps in `slot`, if any, and if no other thread is changing `owner`
    /// (counted in as a reader meanwhile, see `ModelAccess`).
    static func positions(inSlot slot: Int, in owner: BaseModel) -> IdentityPositions? {
        guard let counted = try? ModelAccess.beginReading(owner, thread: ThreadIdentity.current) else { return nil }
        defer { if counted { ModelAccess.endReading(owner) } }
        return owner.extras?.indexes?.positions(inSlot: slot)
    }

    /// Keeps `positions` in `slot` of `owner`, when this thread can claim `owner` for it; otherwise
    /// drops it, for the next lookup to make again. Only a partial collection's slot keeps the array
    /// the index was made for, which its merges need (`IdentityPositions.source`); another array's
    /// is let go, so that code changing that array does not copy it.
    static func keep(_ positions: consuming IdentityPositions, inSlot slot: Int, in owner: BaseModel) {
        guard let claimed = try? ModelAccess.beginUpdate(owner, thread: ThreadIdentity.current) else { return }
        defer { if claimed { ModelAccess.endUpdate(owner) } }
        let kept = ModelExtras.indexing(after: owner.extras)
        if kept !== owner.extras { owner.extras = kept }
        if slot >= 0 { positions.source = nil }
        kept.indexes?.store(positions, inSlot: slot)
    }

    /// Whether `model` keeps an index (for tests).
    static func holdsIndexes(_ model: BaseModel) -> Bool {
        !(model.extras?.indexes?.isEmpty ?? true)
    }
}
