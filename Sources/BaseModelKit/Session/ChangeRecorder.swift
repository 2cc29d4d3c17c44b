import BaseModelKitJSON
/// The changes an update in place made, property by property, in document order: what
/// `update(from:)` returns as a `ChangeSet`.
final class ChangeRecorder: Sendable {
    private struct State {
        var changes: [Change] = []
        /// How many changes the last update that made any made: room for as many, between 8 and 64,
        /// is reserved at the next update's first change (a feed's messages are alike in size; the
        /// bound keeps one large update from enlarging every change set after it).
        var lastCount = 0
        /// Whether a change recorded is told to its model (see `ChangeSite.isAnnounced`).
        var isAnnouncing = false
    }

    /// The session that writes values as JSON for comparison (with `nil` as `null`).
    let encoding: EncodingSession
    /// The path of the value being read, for the changes of an update (the update's session reports
    /// to it: see `DecodingSession.recorder`).
    let report = ReportRecorder()
    /// Writes a model as JSON: the engine's, handed in, since models are above this layer.
    private let modelJSON: @Sendable (AnyObject, EncodingSession) -> JSON
    /// Taken before the lock of `report` when both are (`add`), never after it.
    private let state = Lock.make(State())

    /// Writes a model as it was before, when that is not what it is now (a snapshot's objects may
    /// have been edited since); `nil`: as it is now.
    private let formerJSON: (@Sendable (AnyObject) -> JSON)?

    init(modelJSON: @escaping @Sendable (AnyObject, EncodingSession) -> JSON, formerJSON: (@Sendable (AnyObject) -> JSON)? = nil) {
        var options = EncodingOptions()
        options.nilEncoding = .null
        self.encoding = EncodingSession(options: options)
        self.modelJSON = modelJSON
        self.formerJSON = formerJSON
    }

    /// A model of the state before, as JSON.
    private func oldJSON(_ object: AnyObject) -> JSON {
        formerJSON?(object) ?? modelJSON(object, encoding)
    }

    /// Records a change of `object` at `site` if `before` and `after` differ.
    func compare(_ before: HeldValue, _ after: HeldValue, object: AnyObject, at site: ChangeSite) {
        let old: JSON
        let new: JSON
        switch (before, after) {
        case (.written(let was), .written(let now)):
            guard was != now else { return }
            // Our own writer's output: it parses. (`null` stands in should it not.)
            old = (try? JSON(parsing: was)) ?? .null
            new = (try? JSON(parsing: now)) ?? .null
        case (.object(let was), .object(let now)):
            guard was !== now else { return }
            old = was.map(oldJSON) ?? .null
            new = now.map(json(ofModel:)) ?? .null
        case (.elements(_, let wasHeld), .elements(_, let nowHeld)):
            guard !nowHeld.isUnchanged(since: wasHeld) else { return }
            let (was, now) = (wasHeld.elements, nowHeld.elements)
            // The elements that stayed, in another order: a change of its own, listing the identities.
            let stayed = Set(was.map { ObjectIdentifier($0.object) }).intersection(now.map { ObjectIdentifier($0.object) })
            let wasOrder = was.filter { stayed.contains(ObjectIdentifier($0.object)) }
            let nowOrder = now.filter { stayed.contains(ObjectIdentifier($0.object)) }
            if !wasOrder.elementsEqual(nowOrder, by: { $0.object === $1.object }) {
                add(object: object, at: site, old: .array(wasOrder.map(\.id)), new: .array(nowOrder.map(\.id)), scope: .order)
            }
            // Removed elements at their old positions, then added ones at their new positions: an
            // element is the same when the same object holds the same identity (an identity the array
            // holds twice is two elements; one changed in place is a removal and an addition).
            let nowIDs = Dictionary(now.map { (ObjectIdentifier($0.object), $0.id) }, uniquingKeysWith: { first, _ in first })
            let wasIDs = Dictionary(was.map { (ObjectIdentifier($0.object), $0.id) }, uniquingKeysWith: { first, _ in first })
            var found: [(index: Int, old: AnyObject?, new: AnyObject?)] = []
            for (index, element) in was.enumerated() where nowIDs[ObjectIdentifier(element.object)] != element.id {
                found.append((index, element.object, nil))
            }
            for (index, element) in now.enumerated() where wasIDs[ObjectIdentifier(element.object)] != element.id {
                found.append((index, nil, element.object))
            }
            for change in found {
                let id = change.old != nil ? was[change.index].id : now[change.index].id
                add(object: object, at: site, last: .index(change.index), lastIdentity: id,
                    old: change.old.map(oldJSON) ?? .null, new: change.new.map(json(ofModel:)) ?? .null, scope: .element(change.index))
            }
            return
        case (.objects(let wasHeld), .objects(let nowHeld)):
            guard !nowHeld.isUnchanged(since: wasHeld) else { return }
            let (was, now) = (wasHeld.objects, nowHeld.objects)
            // Keys in the order of their text: a dictionary has none of its own.
            for key in Set(was.keys).union(now.keys).utf8Sorted() where was[key] !== now[key] {
                add(object: object, at: site, last: .dictionaryKey(key),
                    old: was[key].map(oldJSON) ?? .null, new: now[key].map(json(ofModel:)) ?? .null, scope: .key(key))
            }
            return
        case (.entries(let was), .entries(let now)):
            guard was != now else { return }
            let old = (try? JSON(parsing: was))?.object ?? JSONObject()
            let new = (try? JSON(parsing: now))?.object ?? JSONObject()
            // Keys in the order of their text, as the dictionary writes them.
            var keys = Set(old.keys)
            keys.formUnion(new.keys)
            for key in keys.utf8Sorted() where old[key] != new[key] {
                add(object: object, at: site, last: .dictionaryKey(key), old: old[key] ?? .null, new: new[key] ?? .null, scope: .key(key))
            }
            return
        case (.written, .objects), (.written, .elements), (.written, .entries), (.objects, .written), (.elements, .written), (.entries, .written):
            // An optional collection (of models, or merged by key) from or to `nil`: the whole value
            // changed.
            old = json(of: before, model: oldJSON)
            new = json(of: after, model: json(ofModel:))
            guard old != new else { return }
        default:
            return
        }
        add(object: object, at: site, old: old, new: new, scope: .value)
    }

    /// The changes of a dictionary of models that a merge made in place (`written`: each entry's key,
    /// old model and new one), as `compare` lists the changes between the dictionary before and after:
    /// one per key whose model came, went or was replaced, in the order of the keys' text.
    func recordEntries(_ written: [KeyedEdit], of object: AnyObject, at site: ChangeSite) {
        // A key is written once in a merge (a repeat is refused or read once), so entries are its changes.
        // Their positions are put in the keys' order, not the entries (whose moves retained and released
        // each one).
        forEachInUTF8Order(written.map(\.key)) { position in
            let entry = written[position]
            if entry.old === entry.new { return }
            add(object: object, at: site, last: .dictionaryKey(entry.key),
                old: entry.old.map(oldJSON) ?? .null, new: entry.new.map(json(ofModel:)) ?? .null, scope: .key(entry.key))
        }
    }

    /// The changes of a dictionary of values that a merge by key made in place (`EntryEdits.changes`),
    /// as `compare` lists the changes between the dictionary's JSON before and after: one per key whose
    /// value came, went or changed, in the order of the keys' text.
    func recordValueEntries(_ changes: [(key: String, old: JSON, new: JSON)], of object: AnyObject, at site: ChangeSite) {
        forEachInUTF8Order(changes.map(\.key)) { position in
            let change = changes[position]
            add(object: object, at: site, last: .dictionaryKey(change.key), old: change.old, new: change.new, scope: .key(change.key))
        }
    }

    /// The changes of a partial collection that a merge made in place (`edits`, in the order made,
    /// leaving `count` elements), as `compare` lists the changes between the array before and after:
    /// the elements removed (or replaced) at their old positions, then those added (or put in their
    /// place) at their new ones.
    /// `identity` reads an element's identity, for the change's `identityPath`.
    func recordEdits(_ edits: [PartialEdit], count: Int, of object: AnyObject, at site: ChangeSite, identity: (AnyObject) -> JSON?) {
        var removed: [(position: Int, object: AnyObject)] = []
        var replaced: [(position: Int, object: AnyObject)] = []
        var appended: [AnyObject] = []
        var removedPositions: [Int] = []
        for edit in edits {
            switch edit {
            case .replaced(let position, let old, let new):
                removed.append((position, old))
                replaced.append((position, new))
            case .removed(let position, let old):
                removed.append((position, old))
                removedPositions.append(position)
            case .appended(let new):
                appended.append(new)
            }
        }
        removed.sort { $0.position < $1.position }
        removedPositions.sort()
        replaced.sort { $0.position < $1.position }
        // A replaced element's new position is its old one less the removals before it (counted in
        // one walk of both lists, in order); the appended elements are the last ones.
        var before = 0
        var added = replaced.map { entry in
            while before < removedPositions.count, removedPositions[before] < entry.position { before += 1 }
            return (position: entry.position - before, object: entry.object)
        }
        added += appended.enumerated().map { (count - appended.count + $0.offset, $0.element) }
        for entry in removed {
            add(object: object, at: site, last: .index(entry.position), lastIdentity: identity(entry.object), old: oldJSON(entry.object), new: .null,
                scope: .element(entry.position))
        }
        for entry in added {
            add(object: object, at: site, last: .index(entry.position), lastIdentity: identity(entry.object), old: .null, new: json(ofModel: entry.object),
                scope: .element(entry.position))
        }
    }

    /// `object`, a model, as the maps write it (with `nil` as `null`).
    func json(ofModel object: AnyObject) -> JSON {
        modelJSON(object, encoding)
    }

    /// The whole value a held value holds, as JSON, its models written by `model`.
    func json(of held: HeldValue, model: (AnyObject) -> JSON) -> JSON {
        switch held {
        case .written(let bytes), .entries(let bytes):
            return (try? JSON(parsing: bytes)) ?? .null
        case .object(let object):
            return object.map(model) ?? .null
        case .objects(let models):
            let objects = models.objects
            return .object(JSONObject(objects.keys.utf8Sorted().map { ($0, model(objects[$0]!)) }))
        case .elements(_, let models):
            return .array(models.elements.map { model($0.object) })
        case .untracked:
            return .null
        }
    }

    /// Records a change of the whole value of a property of `object` at `site`.
    func record(old: JSON, new: JSON, object: AnyObject, at site: ChangeSite) {
        add(object: object, at: site, old: old, new: new, scope: .value)
    }

    /// Records a change of `object` at `site`, its path followed by `last` when given.
    private func add(object: AnyObject, at site: ChangeSite, last: MappingPath.Component? = nil, lastIdentity: JSON? = nil, old: JSON, new: JSON, scope: ChangeScope) {
        let (property, place, mayRepeat) = (site.property, site.place, site.mayRepeat)
        state.withLock { state in
            if site.isAnnounced { state.isAnnouncing = true }
            let identity = lastIdentity.map(IdentityKey.init)
            let steps: RecordedSteps
            switch place {
            case .current:
                steps = report.pinPath(tail: last, identity: identity)
            case .below(let step):
                steps = report.pinPath(below: step, tail: last, identity: identity)
            case .given(let path, let given):
                steps = report.pinPath(path, identities: given, tail: last, identity: identity)
            }
            // A property changes once per update at one path, since the member loops refuse a key
            // repeated in one object (`MappingError.Reason.repeatedKey`) — unless an overridden
            // `deserialize(_:)` calls `super` again (`ChangeSite.mayRepeat`): then one change from
            // the first old value to the last new one, none if they are equal. Looked for among the
            // last 32 changes, so that the cost stays with the changes.
            if mayRepeat, scope == .value,
               let earlier = state.changes.indices.reversed().prefix(32).first(where: {
                   state.changes[$0].object === object && state.changes[$0].scope == .value && state.changes[$0].property == property
                       && state.changes[$0].steps.hasSameSteps(as: steps)
               }) {
                let first = state.changes.remove(at: earlier).oldValue
                if first == new { return }
                state.changes.append(Change(object: object, property: property, steps: steps, oldValue: first, newValue: new, scope: .value))
                return
            }
            // Room for a message's changes at the first (see `lastCount`): grown from empty, the list
            // was reallocated at the first, second, fourth and eighth change of every update.
            if state.changes.capacity == 0 { state.changes.reserveCapacity(min(max(8, state.lastCount), 64)) }
            state.changes.append(Change(object: object, property: property, steps: steps, oldValue: old, newValue: new, scope: scope))
        }
    }

    /// The changes recorded, in order.
    var recorded: [Change] { state.withLock { $0.changes } }

    /// Whether a change recorded is told to its model after the update: when none is, an update
    /// tells no one (without looking up each changed model's class).
    var isAnnouncing: Bool { state.withLock { $0.isAnnouncing } }

    /// Forgets the changes recorded: for the next update that reuses the session (see
    /// `DecodingSession.recycle`). The list is let go, not emptied in place: the change set handed
    /// out holds it. The step list is emptied by the next update's first change, when nothing holds
    /// it then.
    func reset() {
        state.withLock { state in
            if !state.changes.isEmpty { state.lastCount = state.changes.count }
            state.changes = []
            state.isAnnouncing = false
        }
    }
}
