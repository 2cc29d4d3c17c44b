/// A JSON object: string keys in the order they were read or inserted, each with one value.
///
/// It reads like a dictionary (`object["fn"]`, `object["fn"] = "Ann"`), keeps its keys in order for
/// deterministic output, and compares like a dictionary: two objects with the same keys and values are
/// equal whatever their order. Setting a key that exists replaces its value in place; setting `nil`
/// removes the key. When a document repeats a key, the last value wins and the key keeps the position
/// of its first appearance.
public struct JSONObject: Sendable {
    /// One member: a key and its value.
    public typealias Entry = (key: String, value: JSON)

    /// How a member is stored: a struct rather than a tuple, so that copying one is specialised code
    /// instead of the runtime's generic tuple copy.
    @usableFromInline package struct Member: Sendable {
        @usableFromInline package var key: String
        @usableFromInline package var value: JSON

        @inlinable package init(key: String, value: JSON) {
            self.key = key
            self.value = value
        }
    }

    /// Objects up to this size are searched linearly (a lookup compares at most this many short
    /// strings); larger ones keep a key index.
    @usableFromInline package static let indexThreshold = 64

    /// What an object keeps besides its members.
    @usableFromInline package enum Extra: Sendable {
        case none
        /// Position of each key, for objects larger than `indexThreshold`.
        case index([ExactKey: Int])
        /// Members not read yet: they are read from the document's bytes when first asked for.
        /// `storedMembers` then holds the members added since, under keys the bytes cannot hold
        /// (`DeferredObject.writtenKeys`), after the bytes' members.
        case deferred(DeferredObject)
    }

    /// The members in order, in one buffer (while deferred, the ones added after the bytes').
    @usableFromInline package var storedMembers: [Member]
    @usableFromInline package var extra: Extra

    /// The members in order, read from the document first if the object is deferred.
    @usableFromInline package var members: [Member] {
        if case .deferred(let deferred) = extra {
            return storedMembers.isEmpty ? deferred.object.storedMembers : deferred.object.storedMembers + storedMembers
        }
        return storedMembers
    }

    /// The object as it is stored, with deferred members read.
    @inlinable package var resolved: JSONObject {
        if case .deferred(let deferred) = extra {
            return storedMembers.isEmpty ? deferred.object : JSONObject(distinctMembers: deferred.object.storedMembers + storedMembers)
        }
        return self
    }

    /// The deferred source of an object whose members are read on first use, and nothing else.
    @inlinable package var deferred: DeferredObject? {
        // Sound: retained as it is taken, while `self` holds it.
        unretainedDeferred?.takeUnretainedValue()
    }

    /// `deferred`, unretained: for a caller that holds this object while it uses the source (bound
    /// as `deferred`, the source was retained and released per hooked object). Sound as far as
    /// this type goes: the object holds the source strongly and never replaces it but in a
    /// mutation, which a caller holding it as a `let` cannot make.
    @inlinable package var unretainedDeferred: Unmanaged<DeferredObject>? {
        storedMembers.isEmpty ? unretainedSource : nil
    }

    /// The deferred source, unretained, whether or not members were added after it: for code that
    /// holds this object while it uses the source. Sound: as `unretainedDeferred`.
    @inlinable var unretainedSource: Unmanaged<DeferredObject>? {
        guard case .deferred(let deferred) = extra else { return nil }
        return Unmanaged.passUnretained(deferred)
    }

    /// The deferred source of an object whose members are read on first use, and the members added
    /// after the source's, under keys it cannot hold.
    @inlinable package var deferredWithAdditions: (source: DeferredObject, additions: [Member])? {
        if case .deferred(let deferred) = extra { return (deferred, storedMembers) }
        return nil
    }

    /// The members added after `source`'s, taken out of this object, which is left empty, when it is
    /// `source`'s members and those; `nil`, changing nothing, when it is anything else. (Takes no
    /// reference to `source`: the caller may then check that it holds the only one.)
    @inlinable package mutating func takeAdditions(after source: DeferredObject) -> [Member]? {
        guard case .deferred(let deferred) = extra, deferred === source else { return nil }
        // Swapped out rather than copied and released.
        var additions: [Member] = []
        swap(&additions, &storedMembers)
        extra = .none
        return additions
    }

    /// The deferred source, moved out of this object (which is consumed): `nil` for any other
    /// object. (Moved, not copied: its caller may then check that it holds the only reference.)
    @inlinable package consuming func takeDeferred() -> DeferredObject? {
        var taken = Extra.none
        swap(&taken, &extra)
        guard case .deferred(let source) = consume taken else { return nil }
        return source
    }

    /// An object whose members are read from the document only if someone asks for them.
    @inlinable package init(deferred: DeferredObject) {
        storedMembers = []
        extra = .deferred(deferred)
    }

    /// Whether `key` is one the deferred source's writer cannot have written, so that setting it adds
    /// it after the source's members. (Asked of the source unretained: bound from `extra`, it was
    /// copied, retained and released per key set.)
    @inlinable func addsAfterBytes(_ key: String) -> Bool {
        // Sound, the unretained source: `self`, which holds it, is not changed during the call.
        unretainedSource?._withUnsafeGuaranteedRef { $0.cannotHoldKey(key) } ?? false
    }

    /// An object over `deferred` whose additions go into `room`, an empty buffer kept from an
    /// earlier object's additions (`takeAdditions(after:)`): the usual one added key then costs no
    /// allocation.
    @inlinable package init(deferred: DeferredObject, room: [Member]) {
        storedMembers = room
        extra = .deferred(deferred)
    }

    /// An empty object.
    public init() {
        storedMembers = []
        extra = .none
    }

    /// An object with these entries in this order; a repeated key keeps its first position and its
    /// last value.
    public init<S: Sequence>(_ entries: S) where S.Element == (String, JSON) {
        self.init()
        for (key, value) in entries {
            self[key] = value
        }
    }

    /// An object from entries whose keys the caller knows to be distinct.
    @inlinable package init(distinctMembers: [Member]) {
        storedMembers = distinctMembers
        extra = .none
        if storedMembers.count > JSONObject.indexThreshold {
            rebuildIndex()
        }
    }

    /// The keys in order.
    public var keys: [String] { members.map(\.key) }

    /// The values in key order.
    public var values: [JSON] { members.map(\.value) }

    /// The number of keys.
    public var count: Int { members.count }

    /// Whether the object has no keys.
    public var isEmpty: Bool { members.isEmpty }

    /// The position of `key`, or `nil` when the object does not have it.
    @inlinable package func position(of key: String) -> Int? {
        switch extra {
        case .index(let index): return index[ExactKey(key)]
        case .none: return storedMembers.firstIndex { JSONObject.isSameKey($0.key, key) }
        case .deferred: return resolved.position(of: key)
        }
    }

    /// The value for `key`, or `nil` when the object does not have it. Setting a value replaces the
    /// existing one in place or appends the key; setting `nil` removes the key.
    public subscript(key: String) -> JSON? {
        get {
            // A deferred object answers one key without being read whole (a type key read by
            // `modelClass(for:)` costs a scan of the object's keys, not a tree of the object).
            if let source = unretainedSource {
                if let added = storedMembers.first(where: { JSONObject.isSameKey($0.key, key) }) { return added.value }
                // Sound, the unretained source: `self`, borrowed for the getter, holds it. (Bound
                // from `extra`, it was retained and released per key read.)
                return source._withUnsafeGuaranteedRef { $0.value(forKey: key) }
            }
            guard let position = position(of: key) else { return nil }
            return storedMembers[position].value
        }
        set {
            // A key a deferred object's bytes cannot hold (one their writer does not write: an
            // override's own field after `super.serialize()`) is added after them, leaving them
            // unread. (Asked of `self` borrowed: a match on `extra` here copied it. The value is
            // moved in: bound by `if let`, it was copied and the original destroyed.)
            if newValue != nil, addsAfterBytes(key) {
                return addAfterBytes(Member(key: key, value: (consume newValue).unsafelyUnwrapped))
            }
            if case .deferred = extra { self = resolved }
            if let newValue {
                if let position = position(of: key) {
                    storedMembers[position].value = newValue
                } else {
                    storedMembers.append(Member(key: key, value: newValue))
                    if case .index(var index) = extra {
                        extra = .none
                        index[ExactKey(key)] = storedMembers.count - 1
                        extra = .index(index)
                    } else if storedMembers.count > JSONObject.indexThreshold {
                        rebuildIndex()
                    }
                }
            } else if let position = position(of: key) {
                storedMembers.remove(at: position)
                extra = .none
                if storedMembers.count > JSONObject.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    /// Sets `member` among the members added after a deferred object's bytes. (Inlined into the
    /// setter: called, it took the member through memory.)
    @inline(__always)
    @inlinable mutating func addAfterBytes(_ member: consuming Member) {
        if storedMembers.isEmpty {
            // The first addition, the usual one: into the room kept for it, or else an array of one
            // made at once (appended, it went through the array's growth path).
            if storedMembers.capacity == 0 {
                storedMembers = [member]
            } else {
                storedMembers.append(member)
            }
        } else if storedMembers.count >= JSONObject.indexThreshold {
            readAndIndex(adding: member)
        } else if let position = storedMembers.firstIndex(where: { JSONObject.isSameKey($0.key, member.key) }) {
            storedMembers[position].value = member.value
        } else {
            storedMembers.append(member)
        }
    }

    /// Past `indexThreshold` additions after a deferred object's bytes, searched in order for each
    /// key set, the object is read and indexed, as any large object is: adding n keys costs O(n),
    /// not O(n²). (Out of line: inlined into the setter, it made every key set cost more.)
    @inline(never)
    @usableFromInline mutating func readAndIndex(adding member: Member) {
        self = resolved
        self[member.key] = member.value
    }

    @inlinable package mutating func rebuildIndex() {
        var index = [ExactKey: Int](minimumCapacity: storedMembers.count)
        for (position, member) in storedMembers.enumerated() {
            index[ExactKey(member.key)] = position
        }
        extra = .index(index)
    }
}

extension JSONObject: Sequence {
    /// Iterates over `(key, value)` pairs in key order.
    public func makeIterator() -> Iterator {
        Iterator(members: members)
    }

    /// Iterates over the members of an object in order.
    public struct Iterator: IteratorProtocol {
        @usableFromInline package let members: [Member]
        @usableFromInline package var position = 0

        /// The next member, or `nil` after the last.
        public mutating func next() -> Entry? {
            guard position < members.count else { return nil }
            defer { position += 1 }
            return (members[position].key, members[position].value)
        }
    }

    /// The number of keys.
    public var underestimatedCount: Int { members.count }
}

extension JSONObject: Hashable {
    /// Objects are equal when they have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        let lhs = lhs.resolved, rhs = rhs.resolved
        guard lhs.count == rhs.count else { return false }
        for (position, entry) in lhs.storedMembers.enumerated() {
            let other = rhs.storedMembers[position]
            if JSONObject.isSameKey(other.key, entry.key) {
                guard other.value == entry.value else { return false }
            } else {
                guard let value = rhs[entry.key], value == entry.value else { return false }
            }
        }
        return true
    }

    /// Hashes the entries independently of their order, to agree with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in self {
            var entryHasher = Hasher()
            entryHasher.combine(key)
            entryHasher.combine(value)
            combined ^= entryHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the literal's entries in the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text.
    public var description: String { JSON.object(self).description }
}

extension JSONObject {
    /// Whether two keys are the same JSON member name: the same Unicode scalars. (`String`'s `==`
    /// compares canonical equivalence, under which `"é"` and `"e\u{301}"` are one string; as member
    /// names they are two, and a lossless object keeps both.)
    @inline(__always)
    @inlinable package static func isSameKey(_ first: String, _ second: String) -> Bool {
        first == second && first.unicodeScalars.elementsEqual(second.unicodeScalars)
    }

    /// A key hashed and compared by its Unicode scalars (see `isSameKey`), for the index of a large
    /// object.
    @usableFromInline package struct ExactKey: Hashable, Sendable {
        @usableFromInline package let text: String

        @inlinable package init(_ text: String) {
            self.text = text
        }

        @inlinable package static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
            JSONObject.isSameKey(lhs.text, rhs.text)
        }

        @inlinable package func hash(into hasher: inout Hasher) {
            for byte in text.utf8 {
                hasher.combine(byte)
            }
        }
    }
}
