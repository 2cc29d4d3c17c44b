import BaseModelKitJSON
/// The JSON of just the changes of a `ChangeSet`, shaped so that `update(from:)` of the model the
/// changes started from, in the state it had before them, makes the same graph: a PATCH body, as in
/// JSON Merge Patch (RFC 7396).
///
/// - A property whose whole value changed is written with its new value (`null` for `nil`).
/// - A model merged in place is written as an object of its own changed properties; so is a nested
///   object of mapped keys (`"s.h"`). An array of mapped positions (`"sc.0"`) with a change is written
///   whole, as it is now.
/// - A dictionary of models is an object of the keys that changed: a new or replaced model in full,
///   `null` for a removed key, the changed properties of a model merged in place.
/// - An array merged by identity lists every element it holds now, in its order, when anything of it
///   changed, since an update removes the elements its JSON leaves out: an added element in full, the
///   others as their identity and their changed properties. A partial collection
///   (`BaseModel.partialCollections`) lists only the elements that changed, and a removal marker for
///   each one removed.
/// - A model written in full where the receiver already has one to merge into — a replaced property,
///   key or element — is written as a replacement: besides all its properties, `null` for every key
///   the receiver's dictionaries of models hold and the new model's do not, and for every unknown key
///   the old model kept (`BaseModel.keepsUnknownKeys`) and the new one does not, at any depth, so
///   that the merge leaves nothing of the old model behind.
///
/// Properties without changes are left out, and so are objects that have none below them. An object
/// the graph holds in two places is written in both. The work is linear in the graph and the changes.
enum PatchBody {
    static func object(of changes: ChangeSet) -> JSONObject {
        guard let root = changes.root else { return JSONObject() }
        var writer = Writer(changes: changes)
        return writer.body(of: root) ?? JSONObject()
    }

    /// The body as JSON: `object(of:)`, or for a root whose JSON is an array
    /// (`BaseModel.isPositional`) with changes, that array whole.
    static func json(of changes: ChangeSet) -> JSON {
        guard let root = changes.root, ModelSnapshots.memberTable(of: root)?.arrayPositions != nil else { return .object(object(of: changes)) }
        var writer = Writer(changes: changes)
        return writer.body(of: root) == nil ? .object(JSONObject()) : writer.recorder.json(ofModel: root)
    }

    private struct Writer {
        /// The changes by model, then by property, then by scope; an element removed and one added at
        /// the same position are two changes, so removals are kept apart (`PropertyChanges`).
        let changed: [ObjectIdentifier: [String: PropertyChanges]]
        let recorder = ModelDecoding.changeRecorder()
        /// The objects on the path being written: a graph that holds itself is written once per
        /// cycle.
        var writing: Set<ObjectIdentifier> = []

        /// One property's changes.
        struct PropertyChanges {
            /// By scope; an element's scope holds it added (at its new position).
            var byScope: [ChangeScope: Change] = [:]
            /// Elements removed (each at its old position).
            var removedElements: [Change] = []

            var isEmpty: Bool { byScope.isEmpty && removedElements.isEmpty }

            mutating func add(_ change: Change) {
                if change.scope.isElement, change.newValue == .null {
                    removedElements.append(change)
                } else {
                    byScope[change.scope] = change
                }
            }
        }

        init(changes: ChangeSet) {
            var changed: [ObjectIdentifier: [String: PropertyChanges]] = [:]
            for change in changes {
                changed[ObjectIdentifier(change.model), default: [:]][change.property, default: PropertyChanges()].add(change)
            }
            self.changed = changed
        }

        /// The changed properties of `object` and of the objects below it; `nil` when there are none.
        mutating func body(of object: AnyObject) -> JSONObject? {
            let id = ObjectIdentifier(object)
            guard let members = ModelSnapshots.memberTable(of: object), writing.insert(id).inserted else { return nil }
            defer { writing.remove(id) }
            return body(of: object, members: members)
        }

        private mutating func body(of object: AnyObject, members: MemberTable) -> JSONObject? {
            var body = JSONObject()
            let own = changed[ObjectIdentifier(object)] ?? [:]
            for index in members.accesses.indices {
                let key = members.keys[index]
                guard let property = members.properties[index] else {
                    if let nested = members.nestedTables[index], let inner = self.body(of: object, members: nested) {
                        // An array of mapped positions is sent whole, as a merge patch replaces
                        // arrays: its value now, with `nil` as `null`.
                        body[key] = nested.arrayPositions == nil
                            ? .object(inner)
                            : members.writtenValue(ofMember: index, of: object, session: recorder.encoding) ?? .object(inner)
                    }
                    continue
                }
                let changes = own[property] ?? PropertyChanges()
                let held = members.accesses[index].heldValue(of: object, session: recorder.encoding)
                if let whole = changes.byScope[.value] {
                    // A model in full over the one the receiver has: a replacement.
                    if case .object(let child?) = held {
                        body[key] = replacement(of: child, over: whole.oldValue)
                    } else {
                        body[key] = whole.newValue
                    }
                    continue
                }
                if let value = merged(held, changes: changes) {
                    body[key] = value
                }
            }
            return body.isEmpty ? nil : body
        }

        /// What a property holding models merged on update contributes, with `changes` its own
        /// changes of keys, elements and order.
        private mutating func merged(_ held: HeldValue, changes: PropertyChanges) -> JSON? {
            switch held {
            case .object(let child?):
                // A model whose JSON is an array (`BaseModel.isPositional`) is sent whole.
                guard let inner = body(of: child) else { return nil }
                return ModelSnapshots.memberTable(of: child)?.arrayPositions != nil ? recorder.json(ofModel: child) : .object(inner)
            case .objects(let models):
                let children = models.objects
                var entries = JSONObject()
                var keys = Set(children.keys)
                for scope in changes.byScope.keys {
                    if case .key(let key) = scope { keys.insert(key) }
                }
                for key in keys.utf8Sorted() {
                    if let change = changes.byScope[.key(key)] {
                        entries[key] = children[key].map { replacement(of: $0, over: change.oldValue) } ?? change.newValue
                    } else if let child = children[key], let inner = body(of: child) {
                        entries[key] = .object(inner)
                    }
                }
                return entries.isEmpty ? nil : .object(entries)
            case .entries:
                // A dictionary of values merged by key: the keys that changed, `null` for one removed.
                var entries = JSONObject()
                for (scope, change) in changes.byScope {
                    if case .key(let key) = scope { entries[key] = change.newValue }
                }
                return entries.isEmpty ? nil : .object(Self.sortedByKey(entries))
            case .elements(_, let models):
                let elements = models.elements
                var changed = !changes.isEmpty
                guard let identity = (models.reader as? any IdentityMerging)?.elementIdentity else { return nil }
                // What the receiver holds under each identity that this update replaced or removed.
                var replacedByID: [JSON: JSON] = [:]
                for change in changes.removedElements {
                    if let id = identity.identity(of: change.oldValue) { replacedByID[id] = change.oldValue }
                }
                if identity.isPartial {
                    return partial(elements, identity: identity, changes: changes, replacedByID: replacedByID)
                }
                var items: [JSON] = []
                items.reserveCapacity(elements.count)
                for (position, element) in elements.enumerated() {
                    if changes.byScope[.element(position)] != nil {
                        items.append(replacement(of: element.object, over: replacedByID[element.id]))
                        continue
                    }
                    let inner = body(of: element.object)
                    if inner != nil { changed = true }
                    items.append(merged(element, identity: identity, changes: inner))
                }
                return changed ? .array(items) : nil
            default:
                return nil
            }
        }

        /// A partial collection's elements (`BaseModel.partialCollections`): only those with changes
        /// — added ones in full, merged ones as their identity and their changes — and a removal
        /// marker for each element removed, unless an element added in its place (a replacement)
        /// is written in full under its identity: a receiver refuses an identity listed twice. The
        /// receiver keeps the rest, in its order. (An element removed while another of its identity
        /// stays — an array that held it twice — is a removal too: the receiver removes the first
        /// element of that identity, as the merge did.)
        private mutating func partial(_ elements: [(id: JSON, object: AnyObject)], identity: ElementIdentity, changes: PropertyChanges, replacedByID: [JSON: JSON]) -> JSON? {
            var items: [JSON] = []
            var written = Set<JSON>()
            for (position, element) in elements.enumerated() {
                if changes.byScope[.element(position)] != nil {
                    items.append(replacement(of: element.object, over: replacedByID[element.id]))
                    written.insert(element.id)
                } else if let inner = body(of: element.object) {
                    items.append(merged(element, identity: identity, changes: inner))
                    written.insert(element.id)
                }
            }
            for change in changes.removedElements {
                if let id = identity.identity(of: change.oldValue), written.insert(id).inserted, let removal = identity.removal(of: change.oldValue) {
                    items.append(removal)
                }
            }
            return items.isEmpty ? nil : .array(items)
        }

        /// `object` with its members in the order of their keys' text, as a dictionary writes them.
        private static func sortedByKey(_ object: JSONObject) -> JSONObject {
            JSONObject(object.sorted { $0.key.utf8Precedes($1.key) }.map { ($0.key, $0.value) })
        }

        /// An element merged in place, with `changes` its own (`nil`: none): its identity and its
        /// changes, or, for an element whose JSON is an array (`BaseModel.isPositional`), the whole
        /// element as it is now.
        private func merged(_ element: (id: JSON, object: AnyObject), identity: ElementIdentity, changes: JSONObject?) -> JSON {
            if identity.position != nil { return recorder.json(ofModel: element.object) }
            var item = JSONObject()
            item[identity.key] = element.id
            for (key, value) in changes ?? JSONObject() where key != identity.key {
                item[key] = value
            }
            return .object(item)
        }

        /// `object` in full (with `nil` as `null`) for a receiver that merges it into what it holds,
        /// `old` (`nil` or `null`: nothing to merge into): every key of a dictionary of models that
        /// `old` holds and `object` does not is written `null`, at any depth.
        mutating func replacement(of object: AnyObject, over old: JSON?) -> JSON {
            let written = recorder.json(ofModel: object)
            guard case .object(var fields) = written, case .object(let oldFields)? = old,
                  let members = ModelSnapshots.memberTable(of: object), writing.insert(ObjectIdentifier(object)).inserted
            else { return written }
            defer { writing.remove(ObjectIdentifier(object)) }
            undoLeftovers(of: object, members: members, in: &fields, over: oldFields)
            // A member only the old object wrote — an unknown key it kept — is removed.
            for (key, _) in oldFields where fields[key] == nil {
                fields[key] = .null
            }
            return .object(fields)
        }

        private mutating func undoLeftovers(of object: AnyObject, members: MemberTable, in fields: inout JSONObject, over old: JSONObject) {
            for index in members.accesses.indices {
                let key = members.keys[index]
                guard let oldValue = old[key], oldValue != .null else { continue }
                guard members.properties[index] != nil else {
                    if let nested = members.nestedTables[index], nested.arrayPositions == nil,
                       case .object(var inner)? = fields[key], case .object(let oldInner) = oldValue {
                        undoLeftovers(of: object, members: nested, in: &inner, over: oldInner)
                        fields[key] = .object(inner)
                    }
                    continue
                }
                switch members.accesses[index].heldValue(of: object, session: recorder.encoding) {
                case .object(let child?):
                    fields[key] = replacement(of: child, over: oldValue)
                case .objects(let models):
                    // Each model over the receiver's model of its key; `null` for the keys only the
                    // receiver has.
                    let children = models.objects
                    var entries = JSONObject()
                    for childKey in children.keys.utf8Sorted() {
                        entries[childKey] = replacement(of: children[childKey]!, over: oldValue[childKey])
                    }
                    for (childKey, _) in oldValue.object ?? JSONObject() where children[childKey] == nil {
                        entries[childKey] = .null
                    }
                    fields[key] = .object(entries)
                case .entries:
                    // A dictionary merged by key: `null` for each key only the receiver has.
                    guard case .object(var entries)? = fields[key] else { break }
                    for (entryKey, _) in oldValue.object ?? JSONObject() where entries[entryKey] == nil {
                        entries[entryKey] = .null
                    }
                    fields[key] = .object(Self.sortedByKey(entries))
                case .elements(_, let models):
                    // Each element over the receiver's element of its identity; a partial collection,
                    // which keeps the elements a list leaves out, also gets a removal marker for each
                    // identity only the receiver has.
                    guard let identity = (models.reader as? any IdentityMerging)?.elementIdentity else { break }
                    var oldByID: [JSON: JSON] = [:]
                    for element in oldValue.array ?? [] {
                        if let id = identity.identity(of: element), oldByID[id] == nil { oldByID[id] = element }
                    }
                    let elements = models.elements
                    var items = elements.map { replacement(of: $0.object, over: oldByID[$0.id]) }
                    if identity.isPartial {
                        let held = Set(elements.map(\.id))
                        for element in oldValue.array ?? [] {
                            if let id = identity.identity(of: element), !held.contains(id), let removal = identity.removal(of: element) { items.append(removal) }
                        }
                    }
                    fields[key] = .array(items)
                default:
                    break
                }
            }
        }
    }
}
