/// Finding the model an `IdentityPath` names, a step at a time from the model the call starts at:
/// each step's key is a member of the class there, and its property finds the model the step names
/// (`ModelAddressing`) — in constant time, with the index an array's step keeps on its object.
enum IdentityLookup {
    /// What a lookup found.
    enum Outcome {
        /// The model, with the way to it as a `MappingPath` (`ev[3].m["101-1"]`).
        case found(BaseModel, MappingPath)
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
        var place = MappingPath()
        // Room for each step's key and position at once: grown a component at a time, the path was
        // three allocations of every delta addressed by two steps (callgrind).
        place.components.reserveCapacity(2 * path.steps.count)
        for step in path.steps {
            let plan = try PlanRegistry.plan(for: type(of: current))
            let members = plan.members
            // The property's name is read only for an error (bound here, it was retained per step).
            guard let member = members.index(forKey: step.key), members.properties[member] != nil, members.nestedTables[member] == nil else {
                throw MappingError(.notFound("property of \(plan.modelName) mapped to the key \"\(step.key)\""), path: place)
            }
            place.components.append(.key(step.key))
            let owner = current
            var positions = IdentityPositions.positions(ofMember: member, in: owner)
            let kept = BufferIdentity.of(positions)
            let found = members.address(member: member, step.identity, in: owner, positions: &positions, session: session)
            // Kept again only when the step made it anew: another buffer (the table still holds the
            // one it handed out, so a new one cannot have its address).
            if let positions, BufferIdentity.of(Optional(positions)) != kept { IdentityPositions.keep(positions, ofMember: member, in: owner) }
            switch found {
            case .found(let object, let component):
                // Every coder that finds models holds models.
                guard let model = object as? BaseModel else { return .missing(step, place) }
                if let component { place.components.append(component) }
                current = model
            case .absent:
                return .missing(step, place)
            case .notAddressable(let what):
                throw MappingError(.typeMismatch(expected: "a model, or a collection of models to step into with an identity",
                                                 found: "\(plan.modelName).\(members.properties[member] ?? ""), \(what)"), path: place)
            }
        }
        return .found(current, place)
    }

    /// As `model(at:from:session:)`, for an update: a step whose identity names no model throws
    /// `.notFound` with the place of its property.
    static func target(at path: IdentityPath, from root: BaseModel, session: DecodingSession) throws -> (model: BaseModel, path: MappingPath) {
        switch try model(at: path, from: root, session: session) {
        case .found(let model, let place):
            return (model, place)
        case .missing(let step, let place):
            throw MappingError(.notFound("model with the identity \(step.identity.map(\.description) ?? "null") to update"), path: place)
        }
    }
}
