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
            guard let member = members.index(forKey: step.key), members.properties[member] != nil, members.nestedTables[member] == nil else {
                throw MappingError(.notFound("property of \(plan.modelName) mapped to the key \"\(step.key)\""), path: trail.place)
            }
            trail.enterStep()
            let owner = current
            var positions = IdentityIndexes.positions(ofMember: member, in: owner)
            let kept = BufferIdentity.of(positions)
            let found = members.address(member: member, step.identity, in: owner, positions: &positions, session: session)
            // Kept again only when the step made it anew: another buffer (the owner still holds the
            // one it handed out, so a new one cannot have its address).
            if let positions, BufferIdentity.of(Optional(positions)) != kept { IdentityIndexes.keep(positions, ofMember: member, in: owner) }
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
    /// The index `owner` keeps for member `member`, if any, and if no other thread is changing
    /// `owner` (counted in as a reader meanwhile, see `ModelAccess`).
    static func positions(ofMember member: Int, in owner: BaseModel) -> [IdentityKey: Int]? {
        guard let counted = try? ModelAccess.beginReading(owner, thread: ThreadIdentity.current) else { return nil }
        defer { if counted { ModelAccess.endReading(owner) } }
        return owner.extras?.indexes?.positions(inSlot: member)
    }

    /// Keeps `positions` as the index of member `member` of `owner`, when this thread can claim
    /// `owner` for it; otherwise drops it, for the next lookup to make again.
    static func keep(_ positions: [IdentityKey: Int], ofMember member: Int, in owner: BaseModel) {
        guard let claimed = try? ModelAccess.beginUpdate(owner, thread: ThreadIdentity.current) else { return }
        defer { if claimed { ModelAccess.endUpdate(owner) } }
        let kept = ModelExtras.indexing(after: owner.extras)
        if kept !== owner.extras { owner.extras = kept }
        kept.indexes?.store(positions, source: nil, inSlot: member)
    }

    /// Whether `model` keeps an index (for tests).
    static func holdsIndexes(_ model: BaseModel) -> Bool {
        !(model.extras?.indexes?.isEmpty ?? true)
    }
}

/// The way an `IdentityLookup` went: the steps it entered, each with its key and what it found there
/// (an array's position, a dictionary's key), read as a `MappingPath` only when asked — by a report,
/// a change set or an error. (Kept as a `MappingPath` from the start, the way was an allocation of
/// every delta addressed by identity, and its freeing.)
///
/// What a step found is kept as a number, so that the trail copies as plain words: an array's
/// position, `byKey` for a dictionary's key (the step's identity, as `JSON.dictionaryStepKey` reads
/// it: the only key a dictionary step finds), or `nothing` (a model property's step). The first
/// four steps' are held inline, any further ones in an array.
struct LookupTrail {
    private let path: IdentityPath
    /// The steps entered so far.
    private var entered = 0
    /// What the first four steps found (`nothing` for one that found no component, or not yet).
    private var firstFound: (Int, Int, Int, Int) = (nothing, nothing, nothing, nothing)
    /// What the steps after the fourth found, in order.
    private var laterFound: [Int] = []

    private static let nothing = -1
    private static let byKey = -2

    init(_ path: IdentityPath) {
        self.path = path
    }

    /// Notes that the next step is entered: its key is part of the way from here.
    mutating func enterStep() {
        entered += 1
        if entered > 4 { laterFound.append(Self.nothing) }
    }

    /// Notes what the step entered last found.
    mutating func found(_ component: MappingPath.Component?) {
        let code: Int
        switch component {
        case .index(let position): code = position
        case .dictionaryKey: code = Self.byKey
        case .key, nil: code = Self.nothing
        }
        switch entered {
        case 1: firstFound.0 = code
        case 2: firstFound.1 = code
        case 3: firstFound.2 = code
        case 4: firstFound.3 = code
        default: laterFound[entered - 5] = code
        }
    }

    /// What step `index` (entered) found.
    private func found(at index: Int) -> MappingPath.Component? {
        let code: Int = switch index {
        case 0: firstFound.0
        case 1: firstFound.1
        case 2: firstFound.2
        case 3: firstFound.3
        default: laterFound[index - 4]
        }
        if code >= 0 { return .index(code) }
        if code == Self.byKey { return path.steps[index].identity?.dictionaryStepKey.map { .dictionaryKey($0) } }
        return nil
    }

    /// Calls `body` with each component of the way, outermost first, and the identity the path gives
    /// the model a component finds (`nil` for a key).
    func forEachComponent(_ body: (MappingPath.Component, JSON?) throws -> Void) rethrows {
        var index = 0
        while index < entered {
            try body(.key(path.steps[index].key), nil)
            if let component = found(at: index) { try body(component, path.steps[index].identity) }
            index += 1
        }
    }

    /// The way as a path: `ev[3].m["101-1"]`.
    var place: MappingPath {
        var place = MappingPath()
        place.components.reserveCapacity(2 * entered)
        forEachComponent { component, _ in place.components.append(component) }
        return place
    }
}
