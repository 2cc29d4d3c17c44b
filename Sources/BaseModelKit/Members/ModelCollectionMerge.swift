import BaseModelKitJSON
/// A property holding a collection of models that an update merges into — `[String: Model]` by key,
/// `[Model]` or `[Model]?` by identity — merged by the member loop of an update on the collection as
/// its references (`ModelDictionaryMerging`, `ModelArrayMerging`), through this object.
///
/// Why: through the property's access (an existential, retained and released per call) and the
/// generic member decode (the collection copied in and out through its value witnesses, compared
/// through them), each such merge cost several atomic operations more, and a message of a live
/// feed has three.
///
/// A class, so that the member loop calls its methods through the class's table: the generic
/// subclass knows the property's type.
class ModelCollectionMerge: @unchecked Sendable {
    /// Merges the JSON at the parser's position into the property of `object` in an update, exactly
    /// as the property's access's `decode(from:into:session:)` does.
    func merge(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        preconditionFailure("ModelCollectionMerge.merge is overridden by every member")
    }

    /// `merge` for an update that records its changes: as the access's
    /// `decodeComparing(from:into:session:tracker:property:)` does, a collection left as it was is no
    /// change, and one that changed is compared element by element.
    func mergeComparing(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, at site: () -> ChangeSite) throws {
        preconditionFailure("ModelCollectionMerge.mergeComparing is overridden by every member")
    }

    /// The model `id` names in the property of `owner`: a step of an `IdentityPath`, taken on the
    /// collection as its references, as the access's `address(_:in:positions:session:)` takes it
    /// on a copy of the collection as an `Any`.
    func address(_ id: JSON?, in owner: AnyObject, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        preconditionFailure("ModelCollectionMerge.address is overridden by every member")
    }

    /// For a partial collection, the slot its index is kept in (`IdentityIndexes.slot(ofField:)`);
    /// `nil` for any other collection.
    var partialCollectionSlot: Int? { nil }

    /// The member for `field`'s property, when its coder merges a collection of models; `nil`
    /// otherwise.
    /// `extras` is the model's `BaseModel.extras`.
    static func make<Value>(handle: FieldHandle<Value>, coder: any ValueCoding<Value>, access: GenericMemberAccess<Value>, extras: FieldHandle<ModelExtras?>) -> ModelCollectionMerge? {
        let dictionary = coder.modelDictionaryMerging
        let array = coder.modelArrayMerging
        guard dictionary != nil || array != nil else { return nil }
        // `[Model]?` or `[String: Model]?`, whose coder merges as the collection it holds
        // (`OptionalCoder`): one word, as the collection is, with `nil` the null reference.
        let isOptional = (Value.self as? any StandardContainer.Type)?.isOptional == true
        guard !isOptional || MemoryLayout<Value>.size == MemoryLayout<UInt>.size else { return nil }
        return TypedModelCollectionMerge(handle: handle, dictionary: dictionary ?? NoCollectionMerging(), array: array ?? NoCollectionMerging(), access: access,
                                         extras: extras, isOptional: isOptional)
    }
}

/// `ModelCollectionMerge` for a property of type `Value`: `[String: M]` merged by key or `[M]` merged
/// by identity, for a model class `M`.
///
/// `@unchecked Sendable`: every stored property is a `let` of a `Sendable` value or of the access
/// (itself `Sendable`); nothing changes after `init`.
private final class TypedModelCollectionMerge<Value>: ModelCollectionMerge, @unchecked Sendable {
    private let handle: FieldHandle<Value>
    /// The coder, as the one of the two it is (`isDictionary`), and `NoCollectionMerging` as the
    /// other. (Held as two plain existentials, which a call lends: an enum of the two, or optionals,
    /// copied the coder out, a retain and a release per merge.)
    private let dictionary: any ModelDictionaryMerging
    private let array: any ModelArrayMerging
    private let isDictionary: Bool
    /// The property's access, which owns this member (held unowned to make no cycle): `null` goes
    /// through it.
    private unowned let access: GenericMemberAccess<Value>
    /// The model's extras (`BaseModel.extras`), where a partial collection's index is kept.
    private let extras: FieldHandle<ModelExtras?>
    /// Whether `Value` is the optional of the collection: then `nil` is read and written through the
    /// access, and a value merged as the collection it holds.
    private let isOptional: Bool
    /// `partialCollectionSlot`, found once (each step of an identity path asks).
    private let partialSlot: Int?

    init(handle: FieldHandle<Value>, dictionary: any ModelDictionaryMerging, array: any ModelArrayMerging, access: GenericMemberAccess<Value>, extras: FieldHandle<ModelExtras?>,
         isOptional: Bool) {
        self.handle = handle
        self.isOptional = isOptional
        self.extras = extras
        self.dictionary = dictionary
        self.array = array
        isDictionary = dictionary.mergesModels
        partialSlot = array.mergesInPart ? IdentityIndexes.slot(ofField: handle.offset) : nil
        self.access = access
    }

    override func merge(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        // `null` as the access reads it (an error or, lenient, nothing), and so the first array of an
        // optional that holds `nil`.
        guard parser.peekToken() != UInt8(ascii: "n"), !holdsNil(object) else { return try access.decode(from: &parser, into: object, session: session) }
        try mergeAndWrite(from: &parser, into: object, session: session, tracker: nil, site: { ChangeSite(property: "", place: .current) })
    }

    override func mergeComparing(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, at site: () -> ChangeSite) throws {
        guard parser.peekToken() != UInt8(ascii: "n"), !holdsNil(object) else {
            return try access.decodeComparing(from: &parser, into: object, session: session, tracker: tracker, at: site())
        }
        try mergeAndWrite(from: &parser, into: object, session: session, tracker: tracker, site: site)
    }

    /// Whether the property is an optional that holds `nil`.
    @inline(__always)
    private func holdsNil(_ object: AnyObject) -> Bool {
        isOptional && handle.holdsNilReference(in: object)
    }

    override var partialCollectionSlot: Int? { partialSlot }

    override func address(_ id: JSON?, in owner: AnyObject, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        // Sound, each `read(from:as:)`: as in `mergeAndWrite`; `IdentityPathTests` compares the
        // models found with those found through the access.
        if holdsNil(owner) { return .absent }
        if isDictionary {
            return dictionary.addressModel(id, among: handle.read(from: owner, as: [String: AnyObject].self), positions: &positions, session: session)
        }
        return array.addressModel(id, among: handle.read(from: owner, as: [AnyObject].self), positions: &positions, session: session)
    }

    /// Merges the JSON at the parser's position into the property's collection, and writes the
    /// result when it is another collection, recording the change in `tracker` if there is one.
    /// (Nothing generic over `Value` is returned: an optional or a tuple of `Value`s looked up its
    /// metadata per call.)
    @inline(__always)
    private func mergeAndWrite(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder?, site: () -> ChangeSite) throws {
        // Sound, each `read(from:as:)` and `unsafeBitCast` here: `Value` is `[String: M]` or `[M]` for a
        // model class `M` (the coder `mergesModels`), which `[String: AnyObject]` or `[AnyObject]`
        // represents bit for bit (see `ReferenceCollections`, whose tests check the layouts), or
        // `[M]?` or `[String: M]?` holding one (`holdsNil` is checked first), whose one word is the
        // collection's;
        // `IdentityMergeTests`, `MergedDictionaryTests` and `PartialCollectionTests` merge through it.
        if isDictionary {
            try mergeDictionary(from: &parser, into: object, session: session, tracker: tracker, site: site)
        } else if array.mergesInPart {
            try mergePart(from: &parser, into: object, session: session, tracker: tracker, site: site)
        } else {
            let current = handle.read(from: object, as: [AnyObject].self)
            guard let merged = try array.mergeModels(from: &parser, into: current, session: session) else { return }
            write(unsafeBitCast(merged, to: Value.self), replacing: unsafeBitCast(current, to: Value.self), in: object, session: session, tracker: tracker, site: site)
        }
    }

    /// Merges into the dictionary of models in place, at a cost that follows the entries the JSON
    /// lists, not the dictionary's size. Before the first entry changes, the dictionary is taken out
    /// of the field (so that this merge holds its only reference and changes it without a copy); it
    /// is put back at the end. The undo log keeps the old model of each entry changed, and `tracker`
    /// gets a change per entry. A merge into the models already there changes nothing of the field.
    private func mergeDictionary(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder?, site: () -> ChangeSite) throws {
        // Sound, the `read(from:as:)` and each `unsafeBitCast`: as in `mergeAndWrite`.
        var models = handle.read(from: object, as: [String: AnyObject].self)
        let buffer = BufferIdentity.of(models)
        // The place of the copy that lent the dictionary, when one did (see `UndoLog.noteMerge`).
        var lent: Int?
        var written: [KeyedEdit] = []
        defer {
            if !written.isEmpty {
                handle.write(unsafeBitCast(models, to: Value.self), to: object)
                // Undone entry by entry, the last first: the models taken out stay alive in the log.
                session.undoLog?.noteMerge(of: handle, in: object, lent: lent, merged: models, empty: [String: AnyObject]()) { [written] models in
                    for entry in written.reversed() { models[entry.key] = entry.old }
                }
            }
        }
        try dictionary.mergeModels(from: &parser, into: &models, session: session) { key, old, new in
            if written.isEmpty {
                lent = session.undoLog?.lend(fieldAt: handle.offset, of: object, buffer: buffer)
                takeOut([String: AnyObject](), from: object)
                // Room for a depth update's levels at once (grown from one, the list was made five
                // times for 16 entries).
                written.reserveCapacity(16)
            }
            written.append(KeyedEdit(key: key, old: old, new: new))
        }
        if let tracker, !written.isEmpty { tracker.recordEntries(written, of: object, at: site()) }
    }

    /// Merges into a partial collection in place, at a cost that follows the elements the JSON lists,
    /// not the array's length. Before the first edit, the array is taken out of the field (so that
    /// this merge holds its only reference and changes it without a copy); it is put back at the
    /// end. The index of its identities is kept by the model (`IdentityIndexes`) for the next
    /// merge; the undo log keeps each edit of the array, and `tracker` gets a change per element
    /// added, removed or replaced. A merge into the elements already there changes nothing of the
    /// field.
    private func mergePart(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder?, site: () -> ChangeSite) throws {
        // Sound, the `read(from:as:)` and each `unsafeBitCast`: as in `mergeAndWrite`.
        var elements = handle.read(from: object, as: [AnyObject].self)
        let buffer = BufferIdentity.of(elements)
        // The place of the copy that lent the array, when one did (see `UndoLog.noteMerge`).
        var lent: Int?
        // The merge runs in an update, which holds the object claimed, or in a decode of an object no
        // other thread can see yet: either way this thread alone reaches its indexes, as
        // `IdentityIndexes` requires.
        var positions = elements.count > IdentityIndex.shortCount
            ? IdentityIndexes.take(ofField: handle.offset, for: elements, in: object, extras: extras) : nil
        var edits: [PartialEdit] = []
        defer {
            if !edits.isEmpty { handle.write(unsafeBitCast(elements, to: Value.self), to: object) }
            if elements.count > IdentityIndex.shortCount, let positions = positions.take() {
                IdentityIndexes.keep(positions, for: elements, ofField: handle.offset, in: object, extras: extras)
            }
            // Undone in the reverse order of the merge's edits (`PartialEdit`): the additions, then the
            // removals, put back together, then the replacements, whose positions are the array's
            // before the merge. The models taken out stay alive in the log.
            if !edits.isEmpty {
                session.undoLog?.noteMerge(of: handle, in: object, lent: lent, merged: elements, empty: [AnyObject]()) { [edits] elements in
                    var restored: [(position: Int, element: AnyObject)] = []
                    for edit in edits.reversed() {
                        switch edit {
                        case .appended: elements.removeLast()
                        case .removed(let position, let old): restored.append((position, old))
                        case .replaced: break
                        }
                    }
                    elements.reinsertElements(restored)
                    for case .replaced(let position, let old, _) in edits.reversed() { elements[position] = old }
                }
            }
        }
        try array.mergePart(from: &parser, into: &elements, positions: &positions, session: session) { edit in
            if edits.isEmpty {
                lent = session.undoLog?.lend(fieldAt: handle.offset, of: object, buffer: buffer)
                takeOut([AnyObject](), from: object)
            }
            edits.append(edit)
        }
        if let tracker, !edits.isEmpty { tracker.recordEdits(edits, count: elements.count, of: object, at: site(), identity: array.identity(of:)) }
    }

    /// Leaves `empty` in the field while a merge changes the collection it read from it, so that the
    /// merge holds the collection's only reference and changes it without a copy.
    /// Sound, the `unsafeBitCast`: `Collection` is the field's representation (see `mergeAndWrite`).
    private func takeOut<Collection>(_ empty: Collection, from object: AnyObject) {
        handle.write(unsafeBitCast(empty, to: Value.self), to: object)
    }

    /// Writes `after` over `before`, logged for an update's undo, and records the change in
    /// `tracker`, if any.
    private func write(_ after: Value, replacing before: Value, in object: AnyObject, session: DecodingSession, tracker: ChangeRecorder?, site: () -> ChangeSite) {
        session.undoLog?.noteWrite(of: handle, in: object)
        handle.write(after, to: object)
        if let tracker { access.recordMergedChange(from: before, to: after, of: object, tracker: tracker, at: site()) }
    }
}

/// The coder a `TypedModelCollectionMerge` does not have: it merges nothing, and is never asked to.
private struct NoCollectionMerging: ModelDictionaryMerging, ModelArrayMerging {
    var mergesModels: Bool { false }

    func mergeModels(from parser: inout JSONParser, into models: inout [String: AnyObject], session: DecodingSession,
                     changing: (String, AnyObject?, AnyObject?) -> Void) throws {
        preconditionFailure("a model collection member asked the coder it does not have")
    }

    func mergeModels(from parser: inout JSONParser, into current: [AnyObject], session: DecodingSession) throws -> [AnyObject]? {
        preconditionFailure("a model collection member asked the coder it does not have")
    }

    var mergesInPart: Bool { false }

    func mergePart(from parser: inout JSONParser, into elements: inout [AnyObject], positions: inout IdentityPositions?, session: DecodingSession,
                   editing: (PartialEdit) -> Void) throws {
        preconditionFailure("a model collection member asked the coder it does not have")
    }

    func addressModel(_ id: JSON?, among models: [String: AnyObject], positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        preconditionFailure("a model collection member asked the coder it does not have")
    }

    func addressModel(_ id: JSON?, among elements: [AnyObject], positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        preconditionFailure("a model collection member asked the coder it does not have")
    }

    func identity(of element: AnyObject) -> JSON? {
        preconditionFailure("a model collection member asked the coder it does not have")
    }
}
