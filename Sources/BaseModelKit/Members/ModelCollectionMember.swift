/// A property holding a collection of models that an update merges into — `[String: Model]` by key,
/// `[Model]` by identity (not an optional one) — merged by the member loop of an update on the
/// collection as its references (`ModelDictionaryMerging`, `ModelArrayMerging`), through this object
/// held unretained (see `MemberTable.modelCollections`).
///
/// Why: through the property's access (an existential, retained and released per call) and the
/// generic member decode (the collection copied in and out through its value witnesses, compared
/// through them), each such merge cost about 300 instructions and four atomic operations more: a
/// message of a live feed has three (callgrind).
///
/// A class, so that the member loop reaches it unretained (`Unmanaged`) and calls its one method
/// through the class's table: the generic subclass knows the property's type.
class ModelCollectionMember: @unchecked Sendable {
    /// Merges the JSON at the parser's position into the property of `object` in an update, exactly
    /// as the property's access's `decode(from:into:session:)` does.
    func merge(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        preconditionFailure("ModelCollectionMember.merge is overridden by every member")
    }

    /// `merge` for an update that records its changes: as the access's
    /// `decodeComparing(from:into:session:tracker:property:)` does, a collection left as it was is no
    /// change, and one that changed is compared element by element.
    func mergeComparing(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, property: String) throws {
        preconditionFailure("ModelCollectionMember.mergeComparing is overridden by every member")
    }

    /// The member for `field`'s property, when its coder merges a collection of models; `nil`
    /// otherwise.
    static func make<Value>(handle: FieldHandle<Value>, coder: any ValueCoding<Value>, access: MappedField<Value>) -> ModelCollectionMember? {
        if let dictionary = coder as? any ModelDictionaryMerging, dictionary.mergesModels {
            return ModelDictionaryMember(handle: handle, merging: dictionary, access: access)
        }
        if let array = coder as? any ModelArrayMerging, array.mergesModels {
            return ModelArrayMember(handle: handle, merging: array, access: access)
        }
        return nil
    }
}

/// `ModelCollectionMember` for `[String: Model]`.
///
/// `@unchecked Sendable`: every stored property is a `let` of a `Sendable` value or of the access
/// (itself `Sendable`), held unowned; nothing changes after `init`.
private final class ModelDictionaryMember<Value>: ModelCollectionMember, @unchecked Sendable {
    private let handle: FieldHandle<Value>
    private let merging: any ModelDictionaryMerging
    /// The property's access, which owns this member (held unowned to make no cycle): `null` and the
    /// property's other cases go through it.
    private unowned let access: MappedField<Value>

    init(handle: FieldHandle<Value>, merging: any ModelDictionaryMerging, access: MappedField<Value>) {
        self.handle = handle
        self.merging = merging
        self.access = access
    }

    override func merge(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        // `null` as the access reads it (an error or, lenient, nothing).
        guard parser.peekToken() != UInt8(ascii: "n") else { return try access.decode(from: &parser, into: object, session: session) }
        // `Value` is `[String: M]` for a model class `M` (`mergesModels`), which `[String: AnyObject]`
        // represents (see `ReferenceCollections`).
        let current = handle.read(from: object, as: [String: AnyObject].self)
        guard let merged = try merging.mergeModels(from: &parser, into: current, session: session) else { return }
        // An update logs what it overwrites, to undo it if it fails.
        session.changeLog?.noteWrite(of: handle, in: object)
        handle.write(unsafeBitCast(merged, to: Value.self), to: object)
    }

    override func mergeComparing(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, property: String) throws {
        guard parser.peekToken() != UInt8(ascii: "n") else {
            return try access.decodeComparing(from: &parser, into: object, session: session, tracker: tracker, property: property)
        }
        let current = handle.read(from: object, as: [String: AnyObject].self)
        guard let merged = try merging.mergeModels(from: &parser, into: current, session: session) else { return }
        session.changeLog?.noteWrite(of: handle, in: object)
        let after = unsafeBitCast(merged, to: Value.self)
        handle.write(after, to: object)
        access.recordMergedChange(from: unsafeBitCast(current, to: Value.self), to: after, of: object, session: session, tracker: tracker, property: property)
    }
}

/// `ModelCollectionMember` for `[Model]` merged by identity. `@unchecked Sendable`: as
/// `ModelDictionaryMember`.
private final class ModelArrayMember<Value>: ModelCollectionMember, @unchecked Sendable {
    private let handle: FieldHandle<Value>
    private let merging: any ModelArrayMerging
    private unowned let access: MappedField<Value>

    init(handle: FieldHandle<Value>, merging: any ModelArrayMerging, access: MappedField<Value>) {
        self.handle = handle
        self.merging = merging
        self.access = access
    }

    override func merge(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        guard parser.peekToken() != UInt8(ascii: "n") else { return try access.decode(from: &parser, into: object, session: session) }
        // `Value` is `[M]` for a model class `M` (`mergesModels`), which `[AnyObject]` represents.
        let current = handle.read(from: object, as: [AnyObject].self)
        guard let merged = try merging.mergeModels(from: &parser, into: current, session: session) else { return }
        session.changeLog?.noteWrite(of: handle, in: object)
        handle.write(unsafeBitCast(merged, to: Value.self), to: object)
    }

    override func mergeComparing(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, property: String) throws {
        guard parser.peekToken() != UInt8(ascii: "n") else {
            return try access.decodeComparing(from: &parser, into: object, session: session, tracker: tracker, property: property)
        }
        let current = handle.read(from: object, as: [AnyObject].self)
        guard let merged = try merging.mergeModels(from: &parser, into: current, session: session) else { return }
        session.changeLog?.noteWrite(of: handle, in: object)
        let after = unsafeBitCast(merged, to: Value.self)
        handle.write(after, to: object)
        access.recordMergedChange(from: unsafeBitCast(current, to: Value.self), to: after, of: object, session: session, tracker: tracker, property: property)
    }
}
