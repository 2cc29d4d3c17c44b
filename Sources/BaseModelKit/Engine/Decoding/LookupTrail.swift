import BaseModelKitJSON
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
