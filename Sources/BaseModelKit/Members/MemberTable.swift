import BaseModelKitJSON
/// The mapped members of one JSON object — a model's, or a nested object's inside it (the map entries
/// `"s.h"` and `"s.a"` make one for the key `"s"`) — or of fixed positions of a nested JSON array (the
/// entries `"sc.0"` and `"sc.1"` make one for the key `"sc"`), with the one loop that reads such a
/// value from a document into the properties and the one that writes the properties back.
///
/// Both loops serve every path: top-level and nested models, elements of arrays and dictionaries, the
/// default `deserialize` and `serialize` behind overridden hooks, nested key paths and array
/// positions. So an update compares a property mapped through a position exactly as any other.
///
/// A class, so that the loops reach its arrays through one reference rather than through a struct
/// copied out of the plan for each object.
final class MemberTable: Sendable {
    /// The model's name, for messages.
    let modelName: String
    /// The JSON key of each member, in declaration order of the properties.
    let keys: [String]
    /// The JSON key bytes of each member, to match keys in a document without making strings.
    let keyBytes: [[UInt8]]
    /// The JSON keys of the members as written, quoted and escaped, one after another in memory this
    /// table owns (see `QuotedKey`), ready to copy into output; member `i` ends at `quotedKeyEnds[i]`.
    private let quotedKeyRun: DocumentCopy
    private let quotedKeyEnds: [Int]
    /// Each member's key as a document writes it compactly, `"key":`, for the member loop to match
    /// in one comparison (see `KeyWord`).
    private let keyWords: [KeyWord]
    /// The property each member sets; `nil` for a nested object of several properties.
    let properties: [String?]
    /// The access of each member.
    let accesses: [any MemberAccess]
    /// How the member loop decodes each member.
    let dispatches: [MemberDispatch]
    /// The member that merges each property holding a collection of models in an update's member
    /// loop (`nil` for any other).
    private let collectionMerges: [ModelCollectionMerge?]
    /// Whether the changes of this table's objects are told to them after an update: their class
    /// overrides `didUpdate(_:)` or is `@Observable` (`true` for a table that does not know, such as
    /// a nested key path's). Handed to the recorder with each change (`ChangeSite.isAnnounced`), and
    /// asked by the announcing of an update's changes.
    let announcesChanges: Bool
    /// Whether a member of this table's objects may change twice in one update: their class overrides
    /// `deserialize(_:)` (`true` for a table that does not know, such as a nested key path's). Handed
    /// to the recorder with each change (`ChangeSite.mayRepeat`).
    private let mayRepeatChanges: Bool
    /// The members whose update compares a scalar (`MemberAccess.comparesScalar`): an update
    /// that records changes but keeps no report does not step into them, and records their change
    /// at the path of the object with their step added (`decodeMember`).
    private let scalarMembers: [Bool]
    /// The table of each member that is a nested object or array of mapped members (`"s.h"`,
    /// `"sc.0"`), `nil` for a property: how the walkers besides the loop and the writer — snapshots,
    /// change comparison, PATCH bodies — step into nested key paths, found once.
    let nestedTables: [MemberTable?]
    /// For a table of array positions, the position of each member, in increasing order; `nil` for a
    /// table of object keys.
    let arrayPositions: [Int]?
    /// Whether `arrayPositions` is set.
    private let isPositional: Bool
    /// Whether this is a model's own table (not a nested key path's).
    private let isModel: Bool
    /// The member of each JSON key.
    private let indexByKey: [String: Int]
    /// The other keys that stand for a member's key (`BaseModel.alternativeKeys`), each with its
    /// bytes and member: looked at only for a key no member's own matched.
    let alternatives: [(key: String, bytes: [UInt8], member: Int)]
    /// The keys and their alternatives, or every key when the model keeps unknown ones: what an
    /// object the table wrote may hold, and what its member loop takes as its own.
    let memberKeys: MemberKeys
    /// For the table of a model whose class keeps unknown keys: its `BaseModel.extras`,
    /// where the member loop keeps the members no map names and the writer finds them.
    private let unknownKeys: FieldHandle<ModelExtras?>?
    /// Whether `unknownKeys` is set.
    private let keepsUnknownKeys: Bool

    /// The members of `fields`, in their order. A field with an empty `property` is a nested object of
    /// several properties: errors inside it name the member's property, errors about it only the model.
    /// With `arrayPositions` (one per field, in increasing order) the members are positions of an
    /// array, whose keys are the positions' text.
    /// `unknownKeys`, for a model's own table, keeps the members no map names there.
    init(modelName: String, fields: [MemberPlan], arrayPositions: [Int]? = nil, unknownKeys: FieldHandle<ModelExtras?>? = nil,
         alternativeKeys: [String: String] = [:], announcesChanges: Bool = true, mayRepeatChanges: Bool = true, isModel: Bool = false) {
        self.modelName = modelName
        self.isModel = isModel
        self.announcesChanges = announcesChanges
        self.mayRepeatChanges = mayRepeatChanges
        self.unknownKeys = unknownKeys
        keepsUnknownKeys = unknownKeys != nil
        self.arrayPositions = arrayPositions
        isPositional = arrayPositions != nil
        keys = fields.map(\.jsonKey)
        keyBytes = fields.map(\.jsonKeyBytes)
        keyWords = keyBytes.map { KeyWord(key: $0) }
        // Padded after the last key, as `QuotedKey` requires.
        quotedKeyRun = DocumentCopy(fields.flatMap(\.quotedKey) + [UInt8](repeating: 0, count: QuotedKey.readable))
        var end = 0
        quotedKeyEnds = fields.map { field in
            end += field.quotedKey.count
            return end
        }
        properties = fields.map { $0.property.isEmpty ? nil : $0.property }
        accesses = fields.map(\.access)
        dispatches = accesses.map(MemberDispatch.init)
        collectionMerges = accesses.map { $0.makeModelCollectionMerge() }
        nestedTables = accesses.map { ($0 as? NestedMembers)?.members }
        scalarMembers = accesses.map(\.comparesScalar)
        var indexByKey: [String: Int] = [:]
        for (index, key) in keys.enumerated() {
            indexByKey[key] = index
        }
        self.indexByKey = indexByKey
        let keys = keys
        alternatives = alternativeKeys.sorted { $0.key < $1.key }.compactMap { other, key in
            keys.firstIndex(of: key).map { (key: other, bytes: Array(other.utf8), member: $0) }
        }
        memberKeys = MemberKeys(keyBytes + alternatives.map(\.bytes), takesEveryKey: keepsUnknownKeys)
    }

    /// `error`, raised while mapping member `index`, attributed to the model (and to the member's
    /// property, when it has one) with the member's JSON key in front of its path.
    func error(_ error: MappingError, atMember index: Int) -> MappingError {
        let attributed = properties[index].map { error.attributed(model: modelName, property: $0) } ?? error.attributed(model: modelName)
        return attributed.prefixed(by: place(ofMember: index))
    }

    /// Member `index`'s step in a path: its key, or its position in an array.
    func place(ofMember index: Int) -> MappingPath.Component {
        arrayPositions.map { .index($0[index]) } ?? .key(keys[index])
    }

    /// The member whose key is `bytes[start..<end]`. The search starts at `hint`, just after the
    /// previous match, because documents mostly list keys in the order the plan does; `hint` is moved
    /// past the match.
    func index(matching bytes: DocumentBytes, from start: Int, to end: Int, hint: inout Int) -> Int? {
        let count = keyBytes.count
        guard count > 0 else { return nil }
        let length = end - start
        var position = hint < count ? hint : 0
        for _ in 0..<count {
            if keyBytes[position].count == length, ByteScanning.equal(bytes, from: start, to: end, keyBytes[position]) {
                hint = position + 1
                return position
            }
            position = position + 1 == count ? 0 : position + 1
        }
        for alternative in alternatives where alternative.bytes.count == length && ByteScanning.equal(bytes, from: start, to: end, alternative.bytes) {
            return alternative.member
        }
        return nil
    }

    /// The key of the map that `key` stands for: `key` itself, or the key it is an alternative of.
    func mappedKey(for key: String) -> String {
        alternatives.first { $0.key == key }.map { keys[$0.member] } ?? key
    }

    /// Whether `object` holds `key`, or a key that stands for it.
    func holds(_ key: String, in object: JSONObject) -> Bool {
        object[key] != nil || alternatives.contains { keys[$0.member] == key && object[$0.key] != nil }
    }

    /// Where the model keeps the identity index of member `index`'s array (`IdentityIndexes`): the
    /// slot its partial collection's merges keep it in, so that both use one index, or the member's.
    func indexSlot(ofMember index: Int) -> Int {
        collectionMerges[index]?.partialCollectionSlot ?? index
    }

    /// The model `id` names in member `index` of `object` (a step of an `IdentityPath`): through the
    /// member that merges the property's collection of models, when it has one, which reads the
    /// collection as its references; else through the property's access, which reads the property
    /// into an `Any`.
    func address(member index: Int, _ id: JSON?, in object: AnyObject, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        if let collection = collectionMerges[index] { return collection.address(id, in: object, positions: &positions, session: session) }
        return accesses[index].address(id, in: object, positions: &positions, session: session)
    }

    /// The member of a JSON key, if the key is mapped. Out of line: the member loop calls it only for
    /// keys with escapes, and inlined there it made the loop longer.
    @inline(never)
    func member(forKey key: String) -> Int? {
        indexByKey[key] ?? alternatives.first { $0.key == key }?.member
    }

    /// The member loop: reads the object at the parser's position (a `{`) member by member into
    /// `object`. A mapped key sets its property straight from the bytes; any other key's value is
    /// kept, when the model keeps unknown keys, or else checked and skipped (and reported or refused,
    /// as the options say).
    /// `isExisting`, when the caller knows it, says whether `object` existed before this call (an
    /// update compares its members); `nil` looks it up.
    func decodeMembers(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, isExisting: Bool? = nil) throws {
        // A table of positions reads an array (or, below, an object keyed by the positions' text).
        // Told apart before the loops and their closures: taken inside them, the branch made the
        // object loop retain its closure's captures for every object (three retains and releases
        // per object).
        if isPositional {
            if parser.peekToken() == UInt8(ascii: "[") { return try decodePositions(from: &parser, into: object, session: session, isExisting: isExisting) }
            // A positional model is read from its array alone (its tree form, an object keyed by
            // the positions, is written as the array before it is read: see `HookHandOver`).
            if isModel { throw try notAnArray(at: &parser) }
        }
        // An update compares each member of an object that existed before it; a decode pays one test
        // of a stored flag per object. Both run the same loop, specialised for each.
        if session.undoLog != nil {
            return try updateMembers(from: &parser, into: object, session: session, isExisting: isExisting)
        }
        try memberLoop(from: &parser, into: object, session: session) { index, parser, _ in
            if try !dispatches[index].decode(from: &parser, into: object, session: session) {
                try accesses[index].decode(from: &parser, into: object, session: session)
            }
        }
    }

    /// The error for a positional model's object where its array belongs. Out of line, so that its
    /// temporaries stay out of the member loop's frame, which every level of nested models holds
    /// (`SmallStackTests`).
    @inline(never)
    private func notAnArray(at parser: inout JSONParser) throws -> MappingError {
        MappingError(.typeMismatch(expected: "\(modelName) (an array)", found: try parser.readValue().foundDescription))
    }

    /// The member loop of an update. A mapped key must appear once in an object
    /// (`MappingError.Reason.repeatedKey`, see `watchRepeat`): a member that merges, read twice,
    /// would keep what the earlier value set and the last does not, and an integer or a `String`
    /// read twice may be an identity that an array merge matched by its first value
    /// (`ElementIdentity.leadingKey`). One rule for every member keeps it simple to state.
    private func updateMembers(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, isExisting: Bool?) throws {
        // An update compares each member of an object that existed before it.
        if session.tracksChanges, isExisting != false, let tracker = isExisting == true ? session.changes : session.changeTracker(for: object) {
            return try trackedMembers(from: &parser, into: object, session: session, tracker: tracker)
        }
        try memberLoop(from: &parser, into: object, session: session, skipsScalarSteps: true) { index, parser, read in
            try watchRepeat(of: index, read: &read)
            if parser.position == parser.passableValue?.lowerBound { return parser.passValue() }
            if try !dispatches[index].decode(from: &parser, into: object, session: session) {
                if let collection = collectionMerges[index] {
                    try collection.merge(from: &parser, into: object, session: session)
                } else {
                    try accesses[index].decode(from: &parser, into: object, session: session)
                }
            }
        }
    }

    /// `updateMembers`' loop for an object whose changes are recorded in `tracker`. A function of its
    /// own, whose parameters the loop's closure borrows: inlined into `updateMembers` beside the
    /// quiet loop, the loop was called with its captures retained and released per object.
    @inline(never)
    private func trackedMembers(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder) throws {
        try memberLoop(from: &parser, into: object, session: session, skipsScalarSteps: true) { index, parser, read in
            try watchRepeat(of: index, read: &read)
            if parser.position == parser.passableValue?.lowerBound { return parser.passValue() }
            try decodeTracked(member: index, at: stepsInto(member: index, session: session) ? .current : .below(.key(keys[index])),
                              from: &parser, into: object, session: session, tracker: tracker)
        }
    }

    /// Notes that member `index` is read; throws `repeatedKey` when it was read before in this
    /// object.
    @inline(__always)
    private func watchRepeat(of index: Int, read: inout SeenIndices) throws {
        if !read.insert(index) { throw MappingError(.repeatedKey) }
    }

    /// The loop itself, with `decode` reading member `index` at the parser's position. Inlined into
    /// each caller, so that the closure is too (a call through it per member cost more).
    @inline(__always)
    private func memberLoop(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession,
                            skipsScalarSteps: Bool = false, decode: (Int, inout JSONParser, inout SeenIndices) throws -> Void) throws {
        try parser.enterContainer()
        if parser.closesImmediately(UInt8(ascii: "}")) { return }
        var hint = 0
        // Keys the word comparison missed in this object.
        var misses = 0
        // The watched members read so far, for an update's loop (see `watchRepeat`).
        var read = SeenIndices()
        // The members kept so far that no map names (for a class that keeps them), stored when the
        // object ends.
        var unknown: JSONObject?
        repeat {
            let index: Int?
            // Whether an unknown key's value was read (kept), rather than left to skip.
            var kept = false
            if let expected = expectedMember(at: &parser, hint: &hint, misses: misses) {
                index = expected
            } else {
                misses += 1
                let key = try parser.readStreamingKey()
                switch key {
                case .raw(let start, let end):
                    index = self.index(matching: parser.bytes, from: start, to: end, hint: &hint)
                    if index == nil, keepsUnknownKeys || session.watchesUnknownKeys {
                        kept = try unknownMember(String(decoding: parser.bytes[start..<end], as: UTF8.self), from: &parser, of: object, session: session, into: &unknown)
                    }
                case .decoded(let text):
                    index = self.member(forKey: text)
                    if index == nil, keepsUnknownKeys || session.watchesUnknownKeys {
                        kept = try unknownMember(text, from: &parser, of: object, session: session, into: &unknown)
                    }
                }
                if index == nil, !kept { parser.noteSkipped(key) }
            }
            guard let index else {
                if !kept { try parser.skipValue() }
                continue
            }
            try decodeMember(index, at: .key(keys[index]), from: &parser, read: &read, session: session, skipsScalarSteps: skipsScalarSteps, decode: decode)
        } while try parser.nextMember(closing: UInt8(ascii: "}"))
        if let unknown { keep(unknown, in: object, session: session) }
    }

    /// The member after the last one matched (`hint`), when its compact `"key":` is at the parser's
    /// position, with the parser moved past it and `hint` past the member; `nil`, reading nothing,
    /// otherwise. Documents mostly list keys in the order the plan does, so this member is met most
    /// often, and its key is compared as one or two words (`KeyWord`): reading the key first and then
    /// comparing its bytes costs more. Whitespace before the key is skipped first, so that indented
    /// documents match too; an object whose keys no word matches stops trying after two `misses`. (A
    /// function of its own, so that a debug build keeps its temporaries out of the member loop's
    /// frame, which every level of nested models holds: 2 KB more under AddressSanitizer.)
    @inline(__always)
    private func expectedMember(at parser: inout JSONParser, hint: inout Int, misses: Int) -> Int? {
        let expected = hint < keyWords.count ? hint : 0
        guard misses < 2, expected < keyWords.count, parser.peekToken() == UInt8(ascii: "\"") else { return nil }
        guard keyWords[expected].matches(parser.bytes, at: parser.position) else { return nil }
        parser.position += keyWords[expected].length
        hint = expected + 1
        return expected
    }

    /// Stores the members `object` keeps that no map names (in a new `ModelExtras`: an update's undo
    /// log keeps the old one).
    @inline(never)
    private func keep(_ members: JSONObject, in object: AnyObject, session: DecodingSession) {
        guard let unknownKeys else { return }
        session.undoLog?.noteWrite(of: unknownKeys, in: object)
        unknownKeys.write(ModelExtras.keeping(members, after: unknownKeys.read(from: object)), to: object)
    }

    /// A key no member maps, at the parser's position (its value next): kept with `object`, when the
    /// model keeps unknown keys — merged into what an existing object kept, on an update (`null`
    /// removes the key), as read otherwise — and `true` returned with the parser past the value;
    /// otherwise reported or refused as the options say, and `false` returned with the value left to
    /// skip.
    @inline(never)
    private func unknownMember(_ key: String, from parser: inout JSONParser, of object: AnyObject, session: DecodingSession, into unknown: inout JSONObject?) throws -> Bool {
        guard let unknownKeys else {
            try session.sawUnknownKey(key, model: modelName, depth: parser.depth)
            return false
        }
        let value = try parser.readValue()
        // An object an update claimed existed before it: what it kept is merged into.
        let merges = session.undoLog?.contains(object) == true
        var members = unknown ?? (merges ? unknownKeys.read(from: object)?.members : nil) ?? JSONObject()
        // Let go of the loop's copy while this one changes, so that it changes in place.
        unknown = nil
        if merges, value == .null {
            members[key] = nil as JSON?
        } else {
            members[key] = value
        }
        unknown = members
        return true
    }

    /// The loop over an array whose positions are the members (`arrayPositions`), the same members
    /// as the object loop's, decoded and compared the same way: elements at positions no member names
    /// are checked and skipped; an array shorter than a member's position leaves that property as it
    /// is, like a missing key.
    @inline(never)
    private func decodePositions(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, isExisting: Bool?) throws {
        let positions = arrayPositions ?? []
        let tracker = session.tracksChanges && isExisting != false ? (isExisting == true ? session.changes : session.changeTracker(for: object)) : nil
        try parser.enterContainer()
        if parser.closesImmediately(UInt8(ascii: "]")) { return }
        var position = 0
        var next = 0
        // Positions never repeat in an array.
        var read = SeenIndices()
        repeat {
            if next < positions.count, positions[next] == position {
                try decodeMember(next, at: .index(position), from: &parser, read: &read, session: session, skipsScalarSteps: true) { index, parser, _ in
                    if let tracker {
                        try decodeTracked(member: index, at: stepsInto(member: index, session: session) ? .current : .below(.index(position)),
                                          from: &parser, into: object, session: session, tracker: tracker)
                    } else if try !dispatches[index].decode(from: &parser, into: object, session: session) {
                        // An update merges a collection of models as the object loop does.
                        if session.undoLog != nil, let collection = collectionMerges[index] {
                            try collection.merge(from: &parser, into: object, session: session)
                        } else {
                            try accesses[index].decode(from: &parser, into: object, session: session)
                        }
                    }
                }
                next += 1
            } else {
                try parser.skipValue()
            }
            position += 1
        } while try parser.nextMember(closing: UInt8(ascii: "]"))
    }

    /// Member `index`, whose step in a path is `place`, at the parser's position, through `decode`,
    /// its errors attributed to it.
    ///
    /// A scalar member (`scalarMembers`) is not stepped into by an update that records changes but
    /// keeps no report: its path serves only its own change, which is recorded with the step added
    /// (`ChangePlace.below`), and nothing else of it is kept. Stepping in and out of every member
    /// would cost every member of every update. Only an update's loops (and the positional one) pass
    /// `skipsScalarSteps`; a decode, which has a path only when it keeps a report, passes `false`, a
    /// constant the inlined test folds away.
    @inline(__always)
    private func decodeMember(_ index: Int, at place: @autoclosure () -> MappingPath.Component, from parser: inout JSONParser, read: inout SeenIndices, session: DecodingSession,
                              skipsScalarSteps: Bool, decode: (Int, inout JSONParser, inout SeenIndices) throws -> Void) throws {
        // A decode steps into every member (`enter` and `leave` test `tracksPaths` themselves).
        let stepsIn = !skipsScalarSteps || stepsInto(member: index, session: session)
        // Entered and left without `defer`, which costs a call per member here.
        if stepsIn { session.enter(place()) }
        do {
            try decode(index, &parser, &read)
        } catch {
            if let unknown = error as? UnknownEnumCase {
                // An enum case this build does not know, where the default is kept: the property
                // stays as it was. The coder read the value, so the parser is past it.
                unknown.note(in: session)
                if stepsIn { session.leave() }
                return
            }
            if stepsIn { session.leave() }
            guard let error = error as? MappingError else { throw error }
            throw self.error(error, atMember: index)
        }
        if stepsIn { session.leave() }
    }

    /// Whether an update's loop steps into member `index`'s path (see `decodeMember`): when the
    /// update has a path, unless the member is a scalar and the update keeps no report. What the
    /// loops that record changes ask too, to know where a member's change is.
    @inline(__always)
    private func stepsInto(member index: Int, session: DecodingSession) -> Bool {
        session.tracksPaths && (session.keepsReport || !scalarMembers[index])
    }

    /// Member `index` of an object an update is changing: decoded as usual, its value compared before
    /// and after, a change recorded with its path. (A nested object of several properties compares
    /// its own members.)
    private func decodeTracked(member index: Int, at place: @autoclosure () -> ChangePlace, from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder) throws {
        // The name is read only for a change (see `ChangeSite`).
        guard properties[index] != nil else {
            return try accesses[index].decode(from: &parser, into: object, session: session)
        }
        if let collection = collectionMerges[index] {
            return try collection.mergeComparing(from: &parser, into: object, session: session, tracker: tracker) { changeSite(ofMember: index, at: place()) }
        }
        try accesses[index].decodeComparing(from: &parser, into: object, session: session, tracker: tracker, at: changeSite(ofMember: index, at: place()))
    }

    /// What a change of member `index` at `place` is recorded as.
    private func changeSite(ofMember index: Int, at place: ChangePlace) -> ChangeSite {
        ChangeSite(property: properties[index] ?? "", place: place, isAnnounced: announcesChanges, mayRepeat: mayRepeatChanges)
    }

    /// `object`'s members as a JSON object, braces included: see `writeMembers`. (Inlined into
    /// each caller: the engine's writer and the default `serialize()` run it once per object.)
    @inline(__always)
    func writeObject(of object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws {
        writer.beginObject()
        let wrote = try writeMembers(of: object, to: &writer, session: session)
        writer.endObject(isEmpty: !wrote)
    }

    /// `object` as its JSON value: an object, or for a model whose JSON is an array
    /// (`BaseModel.isPositional`) the array of its positions (see `writeElements`).
    @inline(__always)
    func writeValue(of object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws {
        // The flag first: reading the optional array retained and released it for every object.
        guard isPositional else { return try writeObject(of: object, to: &writer, session: session) }
        try writeArray(of: object, to: &writer, session: session)
    }

    /// `writeValue` for a positional model: the array of its positions.
    @inline(never)
    private func writeArray(of object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws {
        let positions = arrayPositions ?? []
        writer.beginArray()
        if !positions.isEmpty { _ = try writeElements(of: object, positions: positions, to: &writer, session: session) }
        writer.endArray(isEmpty: positions.isEmpty)
    }

    /// The member writer: writes `"key":value` for every member of `object` in declaration order
    /// (`nil` left out unless `nilEncoding` is `.null`), without the braces. Returns whether it wrote
    /// any member.
    func writeMembers(of object: AnyObject, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        var isFirst = true
        var keyStart = 0
        for index in accesses.indices {
            // Sound: the run is this table's own memory (see `QuotedKey`), and the key lies inside it.
            let keyEnd = quotedKeyEnds[index]
            let key = QuotedKey(bytes: UnsafeBufferPointer(start: quotedKeyRun.base + keyStart, count: keyEnd - keyStart))
            keyStart = keyEnd
            if try writeMember(index, of: object, key: key, isFirst: isFirst, to: &writer, session: session) {
                isFirst = false
            }
        }
        if keepsUnknownKeys, let unknownKeys, let kept = unknownKeys.read(from: object) {
            for (key, value) in kept.members {
                writer.writeKey(key, isFirst: isFirst)
                isFirst = false
                do {
                    try writer.write(value)
                } catch {
                    throw MappingError(error).prefixed(by: .key(key))
                }
            }
        }
        return !isFirst
    }

    /// The member writer of a table of array positions: the elements up to the highest position,
    /// without the brackets, `null` at positions no member names or whose property wrote nothing
    /// (`nil`, omitted). Returns whether any member wrote.
    func writeElements(of object: AnyObject, positions: [Int], to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        var wroteAny = false
        var next = 0
        for position in 0...(positions.last ?? -1) {
            var wrote = false
            if next < positions.count, positions[next] == position {
                let index = next
                next += 1
                wrote = try writer.writeElement(isFirst: position == 0) { writer, placeholder in
                    try writeMember(index, of: object, key: placeholder, isFirst: true, to: &writer, session: session)
                }
            }
            if !wrote {
                writer.writeElementSeparator(isFirst: position == 0)
                writer.writeNull()
            }
            wroteAny = wroteAny || wrote
        }
        return wroteAny
    }

    /// `object`'s members as the JSON object `writeObject` writes, made from `scalars`, this table's
    /// accesses when each is a `ScalarMemberAccess` (`ModelPlan.scalarAccesses`): their values as
    /// their coders make them, with no text written and read back. A speed path, kept while a
    /// benchmark row gains at least 5 % by it.
    func object(of object: AnyObject, scalars: [any ScalarMemberAccess], session: EncodingSession) throws -> JSONObject {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(scalars.count)
        for index in scalars.indices {
            do {
                if let value = try scalars[index].writtenJSON(of: object, session: session) { members.append(JSONObject.Member(key: keys[index], value: value)) }
            } catch let error as MappingError {
                throw self.error(error, atMember: index)
            }
        }
        if keepsUnknownKeys, let unknownKeys, let kept = unknownKeys.read(from: object) {
            members += kept.members.members
        }
        return JSONObject(distinctMembers: members)
    }

    /// What member `index` of `object` writes, as a JSON value (`nil` when it writes nothing or
    /// cannot be written): a nested value compared or sent whole.
    func writtenValue(ofMember index: Int, of object: AnyObject, session: EncodingSession) -> JSON? {
        let keyStart = index == 0 ? 0 : quotedKeyEnds[index - 1]
        // Sound: the run is this table's own memory (see `QuotedKey`), and the key lies inside it.
        let key = QuotedKey(bytes: UnsafeBufferPointer(start: quotedKeyRun.base + keyStart, count: quotedKeyEnds[index] - keyStart))
        var writer = JSONWriter(formatting: [])
        writer.beginObject()
        guard (try? writeMember(index, of: object, key: key, isFirst: true, to: &writer, session: session)) == true else { return nil }
        writer.endObject(isEmpty: false)
        return (try? JSON(parsing: writer.output))?.object?[keys[index]]
    }

    /// Writes `"key":value` for member `index`, or nothing for `nil` unless `nilEncoding` is `.null`;
    /// returns whether it wrote.
    @inline(__always)
    private func writeMember(_ index: Int, of object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        do {
            // The common scalars in place, as in the member loop; the rest through their access.
            return try dispatches[index].write(from: object, key: key, isFirst: isFirst, to: &writer, session: session)
                ?? accesses[index].write(from: object, key: key, isFirst: isFirst, to: &writer, session: session)
        } catch let error as MappingError {
            throw self.error(error, atMember: index)
        }
    }
}
