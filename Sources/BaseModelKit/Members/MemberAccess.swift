import BaseModelKitJSON
/// Decodes a JSON value into one property of an object, and encodes the property back.
///
/// Class-bound: a plan calls its accesses through existentials read from an array, and an existential
/// of a struct was copied out (outlined copy, projection and destroy per member) where a class
/// reference is only retained.
protocol MemberAccess: AnyObject, Sendable {
    /// Sets the property of `object` from the JSON at the parser's position, read straight from the
    /// bytes. `null` for a type that does not accept it leaves the property unchanged with lenient
    /// coercion and is an error with strict coercion.
    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws

    /// Writes `"key":value` for the property straight into `writer`, or nothing when the property holds
    /// `nil` and `nilEncoding` is `.omit`; returns whether it wrote.
    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool

    /// What the property of `object` holds, to compare before and after an update.
    func heldValue(of object: AnyObject, session: EncodingSession) -> HeldValue

    /// Whether an update merges into what the property holds (a model, a dictionary of models, an
    /// array merged by identity, a nested key path) rather than replacing it.
    var mergesOnUpdate: Bool { get }

    /// The property's value in `object` as the maps write it with the default options (`nil` if it
    /// cannot be written): an element's identity, for a merge by identity, or a marker's value.
    func identityJSON(of object: AnyObject) -> JSON?

    /// The JSON the property would write for the value `json` denotes, read as the property reads
    /// it; `nil` if it cannot hold it: how an identity found in a document is compared with those of
    /// the elements already there.
    func canonicalJSON(for json: JSON, session: DecodingSession) -> JSON?

    /// Decodes as `decode(from:into:session:)` does, for an update that records its changes, and
    /// records a change at `site` in `tracker` if the value changed.
    func decodeComparing(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, at site: @autoclosure () -> ChangeSite) throws

    /// Whether `decodeComparing` reads a scalar: nothing below it steps into the path (or records a
    /// change but its own, at the place it is given), so that the member loop of an update that
    /// keeps no report need not step into the member (see `MemberTable.decodeMember`).
    var comparesScalar: Bool { get }

    /// The property's value in `object` as an identity a merge compares (see `IdentityKey`): what
    /// `identityJSON(of:)` gives, with no `JSON` made for an integer or a string property.
    func identityKey(of object: AnyObject) -> IdentityKey?

    /// The model `id` names in the property of `object` (see `ModelAddressing`).
    func address(_ id: JSON?, in object: AnyObject, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel

    /// For an enum property (or an optional one) whose coder learns its cases
    /// (`RawValueCoder.learnedCases`): how it is stored as its byte; `nil` for any other. (A requirement
    /// rather than a cast: a cast that fails searches every conformance of the type.)
    var learnedEnum: LearnedEnumMember? { get }

    /// For an integer, `String` or `Double` property: its field, where a merge by identity reads an
    /// element's identity in place.
    var identityField: IdentityField? { get }

    /// For a property holding a collection of models that an update merges into: the member that
    /// merges it in the member loop of an update (see `ModelCollectionMerge`); `nil` otherwise.
    func makeModelCollectionMerge() -> ModelCollectionMerge?
}

extension MemberAccess {
    var learnedEnum: LearnedEnumMember? { nil }
    var identityField: IdentityField? { nil }
    func makeModelCollectionMerge() -> ModelCollectionMerge? { nil }
    func heldValue(of object: AnyObject, session: EncodingSession) -> HeldValue { .untracked }
    var mergesOnUpdate: Bool { false }
    var comparesScalar: Bool { false }
    func identityJSON(of object: AnyObject) -> JSON? { nil }
    func canonicalJSON(for json: JSON, session: DecodingSession) -> JSON? { nil }
    func address(_ id: JSON?, in object: AnyObject, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        .notAddressable("a value that holds no models")
    }
    func identityKey(of object: AnyObject) -> IdentityKey? {
        if let identityField { return identityField.key(of: object) }
        return identityJSON(of: object).map(IdentityKey.init)
    }

    /// By held values: a property holding models (merged in place), or a value compared by its written
    /// JSON.
    func decodeComparing(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, at site: @autoclosure () -> ChangeSite) throws {
        try decodeComparingHeldValues(from: &parser, into: object, session: session, tracker: tracker, at: site())
    }

    /// `decodeComparing`'s default: the property's held value taken before and after the decode,
    /// and compared.
    func decodeComparingHeldValues(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, at site: ChangeSite) throws {
        let before = heldValue(of: object, session: tracker.encoding)
        try decode(from: &parser, into: object, session: session)
        tracker.compare(before, heldValue(of: object, session: tracker.encoding), object: object, at: site)
    }
}
