/// The JSON of just the changes of a `ChangeSet`, shaped so that `update(from:)` of the model the
/// changes started from makes them again: a PATCH body, as in JSON Merge Patch (RFC 7396).
///
/// - A property whose whole value changed is written with its new value (`null` for `nil`).
/// - A model merged in place is written as an object of its own changed properties; so is a nested
///   object of mapped keys (`"s.h"`). An array of mapped positions (`"sc.0"`) with a change is written
///   whole, as it is now.
/// - A dictionary of models is an object of the keys that changed: a new or replaced model in full,
///   `null` for a removed key, the changed properties of a model merged in place.
/// - An array merged by identity lists every element it holds now, since an update removes the
///   elements its JSON leaves out: an added element in full, the others as their identity and their
///   changed properties.
/// Properties without changes are left out, and so are objects that have none below them.
enum PatchBody {
    static func object(of changes: ChangeSet) -> JSONObject {
        guard let root = changes.root else { return JSONObject() }
        var writer = Writer(changes: changes)
        return writer.body(of: root) ?? JSONObject()
    }

    private struct Writer {
        /// The changes by model, then by property.
        let changed: [ObjectIdentifier: [String: [Change]]]
        let recorder = ModelDecoding.changeRecorder()
        /// Objects written so far: a graph that holds an object twice writes it once.
        var visited: Set<ObjectIdentifier> = []

        init(changes: ChangeSet) {
            var changed: [ObjectIdentifier: [String: [Change]]] = [:]
            for change in changes {
                changed[ObjectIdentifier(change.model), default: [:]][change.property, default: []].append(change)
            }
            self.changed = changed
        }

        /// The changed properties of `object` and of the objects below it; `nil` when there are none.
        mutating func body(of object: AnyObject) -> JSONObject? {
            guard visited.insert(ObjectIdentifier(object)).inserted, let members = ModelSnapshots.memberTable(of: object) else { return nil }
            return body(of: object, members: members)
        }

        private mutating func body(of object: AnyObject, members: MemberTable) -> JSONObject? {
            var body = JSONObject()
            let own = changed[ObjectIdentifier(object)] ?? [:]
            for index in members.accessors.indices {
                let key = members.keys[index]
                guard let property = members.properties[index] else {
                    if let nested = members.accessors[index] as? NestedFields, let inner = self.body(of: object, members: nested.members) {
                        // An array of mapped positions is sent whole, as a merge patch replaces
                        // arrays: its value now, with `nil` as `null`.
                        body[key] = nested.members.arrayPositions == nil
                            ? .object(inner)
                            : members.writtenValue(ofMember: index, of: object, session: recorder.encoding) ?? .object(inner)
                    }
                    continue
                }
                let changes = own[property] ?? []
                if let whole = changes.first(where: { $0.scope == .value }) {
                    body[key] = whole.newValue
                    continue
                }
                if let value = merged(members.accessors[index].probe(of: object, session: recorder.encoding), changes: changes) {
                    body[key] = value
                }
            }
            return body.isEmpty ? nil : body
        }

        /// What a property holding models merged on update contributes, with `changes` its own
        /// changes of keys or elements.
        private mutating func merged(_ probe: ChangeProbe, changes: [Change]) -> JSON? {
            switch probe {
            case .object(let child?):
                return body(of: child).map(JSON.object)
            case .objects(let models):
                let children = models.objects
                var entries = JSONObject()
                let keys = Set(children.keys).union(changes.compactMap { if case .key(let key) = $0.scope { key } else { nil } })
                for key in keys.sorted(by: { $0.utf8Precedes($1) }) {
                    if let change = changes.first(where: { $0.scope == .key(key) }) {
                        entries[key] = change.newValue
                    } else if let child = children[key], let inner = body(of: child) {
                        entries[key] = .object(inner)
                    }
                }
                return entries.isEmpty ? nil : .object(entries)
            case .elements(let identityKey, let models):
                let elements = models.elements
                var changed = !changes.isEmpty
                var items: [JSON] = []
                for (position, element) in elements.enumerated() {
                    if let added = changes.first(where: { $0.scope == .element(position) && $0.newValue != .null }) {
                        items.append(added.newValue)
                        continue
                    }
                    var item = JSONObject()
                    item[identityKey] = element.id
                    if let inner = body(of: element.object) {
                        changed = true
                        for (key, value) in inner where key != identityKey {
                            item[key] = value
                        }
                    }
                    items.append(.object(item))
                }
                return changed ? .array(items) : nil
            default:
                return nil
            }
        }
    }
}
