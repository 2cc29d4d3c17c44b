import BaseModelKitJSON
/// A property of type `Value` with its coder.
final class GenericMemberAccess<Value>: CodedMemberAccess<any ValueCoding<Value>, Value>, MemberAccess, @unchecked Sendable {
    /// How an update merges the property, found once, kept apart so that taking a held value copies no enum.
    private let identityKey: String?
    private let identityReader: (any IdentityMerging)?
    private let mergesByKey: Bool
    private let mergesModel: Bool
    /// A dictionary of other values merged by key (`BaseModel.mergedDictionaries`): merged in place by
    /// an update (`mergeEntries`), and elsewhere (a snapshot's comparison) compared by its written
    /// JSON, key by key.
    private let mergesEntries: Bool
    /// How an update merges such a dictionary in place (`mergeEntries`, out of line: a value of a
    /// type generic over `Value`, used in a function, it made the function look up its metadata on
    /// every call).
    private let entryMerging: EntryMerging<Value>?
    /// How a step of an `IdentityPath` finds a model in the property, if it holds models.
    private let addressing: (any ModelAddressing)?
    /// Whether the property is an optional model (or other reference) merged on update: while it
    /// holds `nil`, a value is read anew, without the merge's `Optional<Wrapped>`, whose metadata
    /// the unspecialised merge looked up per value.
    private let isOptionalReference: Bool
    /// Whether the property is an optional model whose coder writes it from the field's reference
    /// (`OptionalReferenceWriting`): no `Optional<Wrapped>` is made, whose metadata the unspecialised
    /// write looked up per value.
    private let writesReference: Bool
    /// For an enum property (or an optional one) whose coder learns its cases: a learned case is
    /// stored as its byte, with no value of the enum in between (unspecialised code copied each one
    /// through the enum's metadata).
    let learnedEnum: LearnedEnumMember?
    /// The model's extras (`BaseModel.extras`), where the member that merges a partial collection
    /// keeps its index (`ModelCollectionMerge`).
    private let extras: FieldHandle<ModelExtras?>

    init(handle: FieldHandle<Value>, coder: any ValueCoding<Value>, extras: FieldHandle<ModelExtras?>) {
        self.extras = extras
        addressing = coder as? any ModelAddressing
        let holdsOptionalReference = ReferenceCollections.isOptionalReference(Value.self)
        isOptionalReference = coder.mergesIntoExisting && holdsOptionalReference
        writesReference = holdsOptionalReference && coder is any OptionalReferenceWriting
        learnedEnum = coder.learnedCases.flatMap { LearnedEnumMember(cases: $0, handle: handle) }
        (identityKey, identityReader, mergesByKey, mergesModel, mergesEntries) = switch MergeShape(of: coder) {
        case .identified(let key, let reader): (key, reader, false, false, false)
        case .keyed: (nil, nil, true, false, false)
        case .model: (nil, nil, false, true, false)
        case .entries: (nil, nil, false, false, true)
        case .none: (nil, nil, false, false, false)
        }
        entryMerging = mergesEntries ? coder.entryMerging : nil
        super.init(handle: handle, coder: coder)
    }

    var mergesOnUpdate: Bool { mergesModel || mergesByKey || identityKey != nil }

    func makeModelCollectionMerge() -> ModelCollectionMerge? {
        ModelCollectionMerge.make(handle: handle, coder: coder, access: self, extras: extras)
    }

    func heldValue(of object: AnyObject, session: EncodingSession) -> HeldValue {
        // The collections merged on update first, straight (see `heldMember`).
        if mergesByKey || identityKey != nil {
            return heldValue(ofMerged: handle.read(from: object))
        }
        return heldMember(by: coder, from: handle, of: object, session: session, shape: mergesModel ? .model : mergesEntries ? .entries : MergeShape.none)
    }

    /// The held value of `value`, a value of this property when it merges on update (`mergesOnUpdate`).
    private func heldValue(ofMerged value: Value) -> HeldValue {
        if mergesByKey {
            if coder.isNil(value) { return .written(nullJSON) }
            return .objects(KeyedModels(buffer: BufferIdentity.of(value), value: value))
        }
        if let identityKey, let identityReader {
            if coder.isNil(value) { return .written(nullJSON) }
            return .elements(key: identityKey, IdentifiedModels(buffer: BufferIdentity.of(value), value: value, reader: identityReader))
        }
        return .object(coder.isNil(value) ? nil : value as AnyObject)
    }

    /// A property merged in place — a model, a dictionary of models, an array merged by identity — is
    /// unchanged when it holds afterwards what it held before: the same object, or a collection with
    /// the same buffer (`isSameObject`), which is what its held values would compare first. Only one that
    /// changed has its held values taken. (Taking them for each merged property before and after
    /// would cost every update.) Any other property is compared by its held values.
    func decodeComparing(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, at site: @autoclosure () -> ChangeSite) throws {
        if mergesEntries, try mergeEntries(from: &parser, into: object, session: session, tracker: tracker, at: site) { return }
        guard mergesOnUpdate else {
            return try decodeComparingHeldValues(from: &parser, into: object, session: session, tracker: tracker, at: site())
        }
        let before = handle.read(from: object)
        try decode(from: &parser, into: object, session: session)
        recordMergedChange(from: before, to: handle.read(from: object), of: object, tracker: tracker, at: site())
    }

    /// Records the change of a property merged on update from `before` to `after` (none when they
    /// are the same object or storage).
    func recordMergedChange(from before: Value, to after: Value, of object: AnyObject, tracker: ChangeRecorder, at site: @autoclosure () -> ChangeSite) {
        if isSameObject(before, after) { return }
        tracker.compare(heldValue(ofMerged: before), heldValue(ofMerged: after), object: object, at: site())
    }

    func identityJSON(of object: AnyObject) -> JSON? {
        try? coder.encode(handle.read(from: object), session: IdentityWriting.session(for: Value.self))
    }

    func canonicalJSON(for json: JSON, session: DecodingSession) -> JSON? {
        canonicalIdentity(of: json, by: coder, session: session, writing: IdentityWriting.session(for: Value.self))
    }

    func address(_ id: JSON?, in object: AnyObject, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        guard let addressing else { return .notAddressable("a value that holds no models") }
        return addressing.address(id, in: handle.read(from: object), positions: &positions, session: session)
    }

    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        if let learnedEnum, let bits = learnedEnum.cases.bits(at: &parser, nilBits: learnedEnum.nilBits) {
            return storeCase(bits: bits, in: learnedEnum.field, of: object, session: session)
        }
        if mergesEntries, try mergeEntries(from: &parser, into: object, session: session, tracker: nil, at: { ChangeSite(property: "", place: .current) }) {
            return
        }
        let mayMerge = !isOptionalReference || !handle.holdsNilReference(in: object)
        try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session, mayMerge: mayMerge)
    }

    /// A dictionary of values merged by key, in an update: merged where the field holds it, at a cost
    /// that follows the keys the JSON lists, not the dictionary's size. The dictionary is taken out of
    /// the field while it is merged (so that the merge holds its only reference and changes it without
    /// a copy); the undo log keeps what puts back the entries changed, and `tracker` gets a change per
    /// entry. `false`, reading nothing, outside an update, for JSON that is not an object and while the
    /// property holds `nil`: the access reads those as it reads any value.
    @inline(never)
    private func mergeEntries(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession,
                              tracker: ChangeRecorder?, at site: () -> ChangeSite) throws -> Bool {
        guard let merging = entryMerging, session.undoLog != nil, parser.peekToken() == UInt8(ascii: "{") else { return false }
        var dictionary = handle.read(from: object)
        if coder.isNil(dictionary) { return false }
        let lent = session.undoLog?.lend(fieldAt: handle.offset, of: object, buffer: BufferIdentity.of(dictionary))
        handle.write(merging.empty, to: object)
        var edits = EntryEdits<Value>()
        defer {
            handle.write(dictionary, to: object)
            session.undoLog?.noteMerge(of: handle, in: object, lent: lent, merged: dictionary, empty: merging.empty, revert: edits.undo)
        }
        try merging.merge(&parser, &dictionary, session, tracker?.encoding, &edits)
        if let tracker, !edits.changes.isEmpty { tracker.recordValueEntries(edits.changes, of: object, at: site()) }
        return true
    }

    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        guard writesReference else {
            return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        }
        // As `writeMember`, from the reference.
        guard let reference = handle.reference(in: object) else { return writeNilMember(key: key, isFirst: isFirst, to: &writer, session: session) }
        writer.writeKey(quoted: key, isFirst: isFirst)
        try coder.writeReference(reference, to: &writer, session: session)
        return true
    }
}
