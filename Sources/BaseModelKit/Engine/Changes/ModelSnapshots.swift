import BaseModelKitJSON
/// Takes snapshots of model graphs and compares graphs with them.
///
/// Both walks read the graph as an encode does, without claiming its objects: like reading the
/// properties directly, they belong on the thread that owns the graph while no update runs.
enum ModelSnapshots {
    /// What `model`'s graph holds now.
    static func take(of model: BaseModel) -> ModelSnapshot {
        let recorder = ModelDecoding.changeRecorder()
        var objects: [ObjectIdentifier: ObjectState] = [:]
        var pending: [AnyObject] = [model]
        while let object = pending.popLast() {
            let id = ObjectIdentifier(object)
            guard objects[id] == nil, let members = memberTable(of: object) else { continue }
            var state = ObjectState(object: object, heldValues: [:], unknownKeys: (object as? BaseModel)?.unknownKeys ?? JSONObject())
            forEachTable(members) { table in
                // Identities are kept as they are now: code may change them in place later.
                let heldValues = table.accesses.map { access -> HeldValue in
                    let held = access.heldValue(of: object, session: recorder.encoding)
                    if case .elements(let key, let models) = held { return .elements(key: key, models.captured()) }
                    return held
                }
                for held in heldValues {
                    pending.append(contentsOf: models(in: held))
                }
                state.heldValues[ObjectIdentifier(table)] = heldValues
            }
            objects[id] = state
        }
        return ModelSnapshot(root: model, objects: objects)
    }

    /// The changes of `model`'s graph since `snapshot`, in the order the maps declare the properties,
    /// a nested model's changes before its parent's: as an update would list them had it made them.
    static func changes(of model: BaseModel, since snapshot: ModelSnapshot) -> ChangeSet {
        // Old values are what the snapshot held: an object replaced since may have been edited too.
        let former = FormerJSON(snapshot: snapshot)
        let recorder = ModelDecoding.changeRecorder(formerJSON: { former.json(ofModel: $0) })
        var visited: Set<ObjectIdentifier> = []
        compare(model, path: MappingPath(), identities: [], with: snapshot, recorder: recorder, visited: &visited)
        return ChangeSet(recordedBy: recorder, root: model)
    }

    /// Compares `object` and the objects it holds that the snapshot held too, recording changes.
    /// `identities`: those of the path's elements of arrays merged by identity, by depth.
    private static func compare(_ object: AnyObject, path: MappingPath, identities: [NotedIdentity], with snapshot: ModelSnapshot, recorder: ChangeRecorder,
                                visited: inout Set<ObjectIdentifier>) {
        // An object the snapshot did not reach is new: the property holding it records that.
        guard visited.insert(ObjectIdentifier(object)).inserted, let state = snapshot.objects[ObjectIdentifier(object)],
              let members = memberTable(of: object) else { return }
        compare(object, members: members, path: path, identities: identities, state: state, snapshot: snapshot, recorder: recorder, visited: &visited)
    }

    private static func compare(_ object: AnyObject, members: MemberTable, path: MappingPath, identities: [NotedIdentity], state: ObjectState,
                                snapshot: ModelSnapshot, recorder: ChangeRecorder, visited: inout Set<ObjectIdentifier>) {
        guard let before = state.heldValues[ObjectIdentifier(members)] else { return }
        for index in members.accesses.indices {
            let memberPath = path.appending(.key(members.keys[index]))
            guard let property = members.properties[index] else {
                if let nested = members.nestedTables[index] {
                    compare(object, members: nested, path: memberPath, identities: identities, state: state, snapshot: snapshot, recorder: recorder, visited: &visited)
                }
                continue
            }
            let after = members.accesses[index].heldValue(of: object, session: recorder.encoding)
            // Objects that were there then and are there now, at the same place: their own changes.
            switch (before[index], after) {
            case (.object(let was?), .object(let now?)) where was === now:
                compare(now, path: memberPath, identities: identities, with: snapshot, recorder: recorder, visited: &visited)
            case (.objects(let wasHeld), .objects(let nowHeld)):
                let (was, now) = (wasHeld.objects, nowHeld.objects)
                for key in now.keys.utf8Sorted() where was[key] === now[key] {
                    compare(now[key]!, path: memberPath.appending(.dictionaryKey(key)), identities: identities, with: snapshot, recorder: recorder, visited: &visited)
                }
            case (.elements(_, let wasHeld), .elements(_, let nowHeld)):
                let (was, now) = (wasHeld.elements, nowHeld.elements)
                let kept = Set(was.map { ObjectIdentifier($0.object) })
                for (position, element) in now.enumerated() where kept.contains(ObjectIdentifier(element.object)) {
                    compare(element.object, path: memberPath.appending(.index(position)), identities: identities + [NotedIdentity(depth: memberPath.components.count, id: IdentityKey(element.id))],
                            with: snapshot, recorder: recorder, visited: &visited)
                }
            default:
                break
            }
            recorder.compare(before[index], after, object: object, at: ChangeSite(property: property, place: .given(memberPath, identities: identities)))
        }
    }

    /// The member table of `object`'s class, if its maps are valid.
    static func memberTable(of object: AnyObject) -> MemberTable? {
        guard let model = object as? BaseModel else { return nil }
        return try? PlanRegistry.plan(for: type(of: model)).members
    }

    /// Calls `body` with `table` and the tables of its nested key paths, depth first.
    private static func forEachTable(_ table: MemberTable, _ body: (MemberTable) -> Void) {
        body(table)
        for nested in table.nestedTables {
            if let nested { forEachTable(nested, body) }
        }
    }

    /// The model objects a held value holds.
    static func models(in held: HeldValue) -> [AnyObject] {
        switch held {
        case .object(let object?): [object]
        case .objects(let models): Array(models.objects.values)
        case .elements(_, let models): models.elements.map(\.object)
        default: []
        }
    }
}

/// The JSON a snapshot's objects had when it was taken, rebuilt from what it holds: each member's
/// written value, and the objects of the members holding models as they were then, at any depth.
/// An object the snapshot did not reach is written as it is now.
///
/// `@unchecked Sendable`: it only reads the snapshot, which holds the graph's objects, on the thread
/// that compares the graph with it (see `ModelSnapshots`).
private final class FormerJSON: @unchecked Sendable {
    let snapshot: ModelSnapshot
    let recorder = ModelDecoding.changeRecorder()
    /// The objects being written: a graph that holds itself is written as it is now below that.
    private var writing: Set<ObjectIdentifier> = []

    init(snapshot: ModelSnapshot) {
        self.snapshot = snapshot
    }

    func json(ofModel object: AnyObject) -> JSON {
        let id = ObjectIdentifier(object)
        guard let state = snapshot.objects[id], let members = ModelSnapshots.memberTable(of: object), writing.insert(id).inserted else {
            return recorder.json(ofModel: object)
        }
        defer { writing.remove(id) }
        // The unknown keys after the mapped members, as a model writes them.
        var object = self.members(members, of: state)
        for (key, value) in state.unknownKeys where object[key] == nil {
            object[key] = value
        }
        // A positional model as its array.
        if let positions = members.arrayPositions { return ModelEncoding.positional(object, positions: positions) }
        return .object(object)
    }

    private func members(_ table: MemberTable, of state: ObjectState) -> JSONObject {
        var object = JSONObject()
        guard let heldValues = state.heldValues[ObjectIdentifier(table)] else { return object }
        for index in table.accesses.indices {
            let key = table.keys[index]
            guard table.properties[index] == nil else {
                object[key] = recorder.json(of: heldValues[index]) { self.json(ofModel: $0) }
                continue
            }
            guard let nested = table.nestedTables[index] else { continue }
            let inner = members(nested, of: state)
            if let positions = nested.arrayPositions {
                // An array of mapped positions (whose keys are the positions' text), `null` where no
                // member is.
                object[key] = ModelEncoding.positional(inner, positions: positions)
            } else {
                object[key] = .object(inner)
            }
        }
        return object
    }
}
