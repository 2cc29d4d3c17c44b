/// One mapped property of a class's plan: its JSON key, its name, and how to read and write it.
struct FieldPlan: Sendable {
    /// The JSON key.
    let jsonKey: String
    /// The JSON key's UTF-8 bytes, to match keys in a document without making strings.
    let jsonKeyBytes: [UInt8]
    /// The JSON key as written: quoted and escaped, ready to copy into output.
    let quotedKey: [UInt8]
    /// The stored property's name.
    let property: String
    /// Typed access to the property with the coder chosen for its type.
    let access: any MappedFieldAccess
}

/// Decodes a JSON value into one property of an object, and encodes the property back.
///
/// Class-bound: a plan calls its accessors through existentials read from an array, and an existential
/// of a struct was copied out (outlined copy, projection and destroy per member) where a class
/// reference is only retained.
protocol MappedFieldAccess: AnyObject, Sendable {
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

    /// The property's value in `object` as the maps write it (`nil` if it cannot be written): an
    /// element's identity, for a merge by identity.
    func json(of object: AnyObject, session: EncodingSession) -> JSON?

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
    /// `json(of:session:)` gives, with no `JSON` made for an integer or a string property.
    func identityKey(of object: AnyObject) -> IdentityKey?

    /// The model `id` names in the property of `object` (see `ModelAddressing`).
    func address(_ id: JSON?, in object: AnyObject, positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel

    /// For an enum property (or an optional one) whose coder learns its cases
    /// (`RawValueCoder.learnedCases`): how it is stored as its byte; `nil` for any other. (A requirement
    /// rather than a cast: a cast that fails searches every conformance of the type.)
    var learnedEnum: LearnedEnumField? { get }

    /// For an integer of a fixed width other than `Int` (`IntegerField`): the member loop's case for it.
    var integerMember: IntegerMember? { get }

    /// For an `Int` or `String` property: its field, where a merge by identity reads an element's
    /// identity in place.
    var identityField: IdentityField? { get }

    /// For a property holding a collection of models that an update merges into: the member that
    /// merges it in the member loop of an update (see `ModelCollectionMember`); `nil` otherwise.
    func makeModelCollectionMember() -> ModelCollectionMember?
}

extension MappedFieldAccess {
    var learnedEnum: LearnedEnumField? { nil }
    var integerMember: IntegerMember? { nil }
    var identityField: IdentityField? { nil }
    func makeModelCollectionMember() -> ModelCollectionMember? { nil }
    func heldValue(of object: AnyObject, session: EncodingSession) -> HeldValue { .untracked }
    var mergesOnUpdate: Bool { false }
    var comparesScalar: Bool { false }
    func json(of object: AnyObject, session: EncodingSession) -> JSON? { nil }
    func canonicalJSON(for json: JSON, session: DecodingSession) -> JSON? { nil }
    func address(_ id: JSON?, in object: AnyObject, positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel {
        .notAddressable("a value that holds no models")
    }
    func identityKey(of object: AnyObject) -> IdentityKey? {
        if let identityField { return identityField.key(of: object) }
        return json(of: object, session: IdentityWriting.session).map(IdentityKey.init)
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

/// How an update merges a property into what it holds, which decides how the property is compared.
enum MergeShape {
    /// The property is replaced: compared by its written JSON.
    case none
    /// A model, merged in place.
    case model
    /// A dictionary of models, merged by key.
    case keyed
    /// An array of models, merged by identity (the identity's key, and the coder that reads them).
    case identified(key: String, probing: any IdentityProbing)
    /// A dictionary of other values, merged by key (`BaseModel.mergedDictionaries`).
    case entries

    init<Coder: ValueCoding>(of coder: Coder) {
        guard coder.mergesIntoExisting else {
            self = .none
            return
        }
        if let probing = coder as? any IdentityProbing, let key = probing.identityKey {
            self = .identified(key: key, probing: probing)
        } else if (coder as? any KeyedMerging)?.mergesByKey == true {
            self = .keyed
        } else if (coder as? any KeyedMerging)?.mergesValuesByKey == true {
            self = .entries
        } else {
            self = .model
        }
    }
}

/// `null` as compact JSON text: what the held value of `nil` holds.
let nullJSON: [UInt8] = Array("null".utf8)

/// What the property holds: its JSON, or the model object a merging coder would update in place.
func heldMember<Value, Coder: ValueCoding>(by coder: Coder, from handle: FieldHandle<Value>, of object: AnyObject, session: EncodingSession, shape: MergeShape? = nil) -> HeldValue
where Coder.Value == Value {
    let value = handle.read(from: object)
    // An array merged by identity, a dictionary of models (merged by key), or a model (merged in
    // place). The collections are read only if their buffers change (`BufferIdentity`); an optional
    // one that is `nil` is compared by its JSON, `null`.
    let merge = shape ?? MergeShape(of: coder)
    switch merge {
    case .identified, .keyed, .entries:
        if coder.isNil(value) { return .written(nullJSON) }
    default:
        break
    }
    switch merge {
    case .identified(let key, let probing):
        return .elements(key: key, IdentifiedModels(buffer: BufferIdentity.of(value), value: value, reader: probing))
    case .keyed:
        return .objects(KeyedModels(buffer: BufferIdentity.of(value), value: value))
    case .model:
        return .object(coder.isNil(value) ? nil : value as AnyObject)
    case .entries:
        var writer = JSONWriter(formatting: [])
        guard (try? coder.write(value, to: &writer, session: session)) != nil else { return .untracked }
        return .entries(writer.output)
    case .none:
        break
    }
    var writer = JSONWriter(formatting: [])
    guard (try? coder.write(value, to: &writer, session: session)) != nil else { return .untracked }
    return .written(writer.output)
}

// How one property is read from JSON and written back, for any coder: shared by `MappedField` (a
// coder known at run time) and the specialised scalar fields (coders known at compile time, for which
// these functions are specialised).

/// Sets the property from the JSON at the parser's position. `null` for a type that does not accept
/// it leaves the property unchanged with lenient coercion and is an error with strict coercion.
/// `mayMerge: false` reads the value anew even for a coder that merges (the property holds `nil`).
///
/// Generic over `Value` as well as the coder: `MappedField` passes its coder as an existential, and
/// with the value's type taken from the opened coder (`Coder.Value`) every call looked up that
/// associated type (half a percent of decoding the type zoo).
func decodeMember<Value, Coder: ValueCoding>(from parser: inout JSONParser, by coder: Coder, into handle: FieldHandle<Value>, of object: AnyObject, session: DecodingSession,
                                             mayMerge: Bool = true) throws where Coder.Value == Value {
    if try skipsNull(at: &parser, for: coder, session: session) { return }
    guard mayMerge, coder.mergesIntoExisting else {
        let value = try coder.decode(from: &parser, session: session)
        // An update logs what it overwrites, to undo it if it fails.
        session.undoLog?.noteWrite(of: handle, in: object)
        handle.write(value, to: object)
        return
    }
    let current = handle.read(from: object)
    let value = try coder.decode(from: &parser, merging: current, session: session)
    // A model merged in place, or a collection with the same buffer, is there already.
    if isSameObject(value, current) { return }
    session.undoLog?.noteWrite(of: handle, in: object)
    handle.write(value, to: object)
}

/// `decodeMember` for the common scalars (whose coders never merge): an update writes, and logs, only
/// a value that is not exactly the one there. (Logging every value written would make every update of
/// a whole document log it all.)
func decodeMember<Coder: ValueCoding>(from parser: inout JSONParser, by coder: Coder, into handle: FieldHandle<Coder.Value>, of object: AnyObject, session: DecodingSession) throws where Coder.Value: ExactlyComparable {
    if try skipsNull(at: &parser, for: coder, session: session) { return }
    let value = try coder.decode(from: &parser, session: session)
    if session.undoLog != nil { return writeLogged(value, into: handle, of: object, session: session) }
    handle.write(value, to: object)
}

/// An update's write of a common scalar: none when `value` is exactly the one there, otherwise
/// logged and written. Out of line, so that a decode, which logs nothing, keeps its values in
/// registers across the value's read (inlined, this made every scalar member of a decode a few
/// moves longer). The log is reached through the session where it is used: bound to a local (`if
/// let`), it was retained and released per value.
@inline(never)
func writeLogged<Value: ExactlyComparable>(_ value: Value, into handle: FieldHandle<Value>, of object: AnyObject, session: DecodingSession) {
    if Value.isExactly(handle.read(from: object), value) { return }
    session.undoLog?.noteWrite(of: handle, in: object)
    handle.write(value, to: object)
}

/// A value that is the same as another only when nothing tells them apart — not `Equatable`'s
/// equality, which takes `0.0` for `-0.0` and `"é"` for `"e\u{301}"`: an update that skips writing an
/// equal value must not lose either.
protocol ExactlyComparable {
    static func isExactly(_ first: Self, _ second: Self) -> Bool
}

extension Int: ExactlyComparable {}
extension Int64: ExactlyComparable {}
extension Int32: ExactlyComparable {}
extension Int16: ExactlyComparable {}
extension Int8: ExactlyComparable {}
extension UInt: ExactlyComparable {}
extension UInt64: ExactlyComparable {}
extension UInt32: ExactlyComparable {}
extension UInt16: ExactlyComparable {}
extension UInt8: ExactlyComparable {}

/// Integers are exactly equal when they are equal.
extension FixedWidthInteger {
    static func isExactly(_ first: Self, _ second: Self) -> Bool { first == second }
}

extension Bool: ExactlyComparable {
    static func isExactly(_ first: Bool, _ second: Bool) -> Bool { first == second }
}

extension Double: ExactlyComparable {
    static func isExactly(_ first: Double, _ second: Double) -> Bool { first.bitPattern == second.bitPattern }
}

extension String: ExactlyComparable {
    static func isExactly(_ first: String, _ second: String) -> Bool {
        first.utf8Equals(second)
    }
}

extension Optional: ExactlyComparable where Wrapped: ExactlyComparable {
    static func isExactly(_ first: Wrapped?, _ second: Wrapped?) -> Bool {
        switch (first, second) {
        case (nil, nil): true
        case (let first?, let second?): Wrapped.isExactly(first, second)
        default: false
        }
    }
}

/// Reads a `null` at the parser's position for a coder that does not accept it: `true` when it is
/// ignored (lenient coercion); an error with strict coercion. `false`, reading nothing, for any other
/// value.
@inline(__always)
func skipsNull<Coder: ValueCoding>(at parser: inout JSONParser, for coder: Coder, session: DecodingSession) throws -> Bool {
    guard !coder.acceptsNull, parser.peekToken() == UInt8(ascii: "n") else { return false }
    try parser.readLiteral(.null)
    if session.isLenient {
        session.noteIgnoredNull()
        return true
    }
    throw coder.mismatch(.null)
}

/// Writes `"key":value` for the property, or nothing for `nil` unless `nilEncoding` is `.null`;
/// returns whether it wrote.
func writeMember<Value, Coder: ValueCoding>(by coder: Coder, from handle: FieldHandle<Value>, of object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter,
                                            session: EncodingSession) throws -> Bool where Coder.Value == Value {
    let value = handle.read(from: object)
    if coder.isNil(value) { return writeNilMember(key: key, isFirst: isFirst, to: &writer, session: session) }
    writer.writeKey(quoted: key, isFirst: isFirst)
    try coder.write(value, to: &writer, session: session)
    return true
}

/// Writes `"key":null` for a `nil` property when `nilEncoding` is `.null`, nothing otherwise; returns
/// whether it wrote.
@inline(__always)
func writeNilMember(key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) -> Bool {
    guard session.options.nilEncoding == .null else { return false }
    writer.writeKey(quoted: key, isFirst: isFirst)
    writer.writeNull()
    return true
}

/// The encoding session identity reads use: a new one per read, with the default options, since a
/// session is used on one thread only (see `EncodingSession`).
enum IdentityWriting {
    static var session: EncodingSession { EncodingSession(options: EncodingOptions()) }
}

/// The JSON `coder` writes for the value it reads from `json`; `nil` if it reads none.
func canonicalIdentity<Coder: ValueCoding>(of json: JSON, by coder: Coder, session: DecodingSession) -> JSON? {
    (try? coder.decode(json, existing: nil, session: session)).flatMap { try? coder.encode($0, session: IdentityWriting.session) }
}

/// A property's handle and coder, the storage of the accessors.
///
/// `@unchecked Sendable` only because a class that is not final cannot be checked: both properties are
/// `let`s of `Sendable` types, so instances never change after `init`.
class FieldStorage<Coder, Value>: @unchecked Sendable {
    let handle: FieldHandle<Value>
    let coder: Coder

    init(handle: FieldHandle<Value>, coder: Coder) {
        self.handle = handle
        self.coder = coder
    }
}

/// A property of type `Value` with its coder.
final class MappedField<Value>: FieldStorage<any ValueCoding<Value>, Value>, MappedFieldAccess, @unchecked Sendable {
    /// How an update merges the property, found once, kept apart so that taking a held value copies no enum.
    private let identityKey: String?
    private let identityReader: (any IdentityProbing)?
    private let mergesByKey: Bool
    private let mergesModel: Bool
    /// A dictionary of other values merged by key (`BaseModel.mergedDictionaries`): compared by its
    /// written JSON, key by key.
    private let mergesEntries: Bool
    /// How a step of an `IdentityPath` finds a model in the property, if it holds models.
    private let addressing: (any ModelAddressing)?
    /// Whether the property is an optional model (or other reference) merged on update: while it
    /// holds `nil`, a value is read anew, without the merge's `Optional<Wrapped>`, whose metadata
    /// the unspecialised merge looked up per value.
    private let isOptionalReference: Bool
    /// How the property is written when it is an optional of a reference (an optional model) or of an
    /// enum kept in one byte: from the reference or the byte itself, by `optionalWriter`. (Kept apart
    /// from the existential, which is read only when used: read for every member, it cost an outlined
    /// copy each.)
    private let optionalShape: OptionalShape
    /// The coder as an `OptionalReferenceWriting`, or `NoOptionalWriting` when it is none (not an
    /// optional existential: calls through one copied it first).
    private let optionalWriter: any OptionalReferenceWriting
    /// For an enum property (or an optional one) whose coder learns its cases: a learned case is
    /// stored as its byte, with no value of the enum in between (unspecialised code copied each one
    /// through the enum's metadata).
    let learnedEnum: LearnedEnumField?
    /// The model's extras (`BaseModel.extras`), where the member that merges a partial collection
    /// keeps its index (`ModelCollectionMember`).
    private let extras: FieldHandle<ModelExtras?>

    private enum OptionalShape {
        case none
        case reference
        /// The bit pattern of `nil`.
        case trivial(nilBits: UInt8)
        /// An optional of another type for which the optional coder's `write` is not specialised:
        /// its value written from where it lies in the optional.
        case payload
    }

    init(handle: FieldHandle<Value>, coder: any ValueCoding<Value>, extras: FieldHandle<ModelExtras?>) {
        self.extras = extras
        addressing = coder as? any ModelAddressing
        let holdsOptionalReference = ReferenceCollections.isOptionalReference(Value.self)
        isOptionalReference = coder.mergesIntoExisting && holdsOptionalReference
        let optionalWriter = coder as? any OptionalReferenceWriting
        self.optionalWriter = optionalWriter ?? NoOptionalWriting()
        if optionalWriter != nil, holdsOptionalReference {
            optionalShape = .reference
        } else if optionalWriter != nil, let nilBits = (Value.self as? any StandardContainer.Type)?.nilBits {
            optionalShape = .trivial(nilBits: nilBits)
        } else if let optionalWriter, !optionalWriter.writesSpecialised {
            optionalShape = .payload
        } else {
            optionalShape = .none
        }
        learnedEnum = coder.learnedCases.flatMap { LearnedEnumField(cases: $0, handle: handle) }
        (identityKey, identityReader, mergesByKey, mergesModel, mergesEntries) = switch MergeShape(of: coder) {
        case .identified(let key, let probing): (key, probing, false, false, false)
        case .keyed: (nil, nil, true, false, false)
        case .model: (nil, nil, false, true, false)
        case .entries: (nil, nil, false, false, true)
        case .none: (nil, nil, false, false, false)
        }
        super.init(handle: handle, coder: coder)
    }

    var mergesOnUpdate: Bool { mergesModel || mergesByKey || identityKey != nil }

    func makeModelCollectionMember() -> ModelCollectionMember? {
        ModelCollectionMember.make(handle: handle, coder: coder, access: self, extras: extras)
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

    func json(of object: AnyObject, session: EncodingSession) -> JSON? {
        try? coder.encode(handle.read(from: object), session: session)
    }

    func canonicalJSON(for json: JSON, session: DecodingSession) -> JSON? {
        canonicalIdentity(of: json, by: coder, session: session)
    }

    func address(_ id: JSON?, in object: AnyObject, positions: inout [IdentityKey: Int]?, session: DecodingSession) -> AddressedModel {
        guard let addressing else { return .notAddressable("a value that holds no models") }
        return addressing.address(id, in: handle.read(from: object), positions: &positions, session: session)
    }

    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        if let learnedEnum, let bits = learnedEnum.cases.bits(at: &parser, nilBits: learnedEnum.nilBits) {
            return storeCase(bits: bits, in: learnedEnum.field, of: object, session: session)
        }
        let mayMerge = !isOptionalReference || !handle.holdsNilReference(in: object)
        try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session, mayMerge: mayMerge)
    }

    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        switch optionalShape {
        case .none:
            break
        case .reference:
            // As `writeMember`, from the reference (see `OptionalReferenceWriting`).
            guard let reference = handle.reference(in: object) else { return writeNilMember(key: key, isFirst: isFirst, to: &writer, session: session) }
            writer.writeKey(quoted: key, isFirst: isFirst)
            try optionalWriter.writeReference(reference, to: &writer, session: session)
            return true
        case .trivial(let nilBits):
            // As above, from the byte (`Value` is one trivial byte: checked by `nilBits`).
            let bits = TrivialBits.bits(of: handle.read(from: object))
            guard bits != nilBits else { return writeNilMember(key: key, isFirst: isFirst, to: &writer, session: session) }
            writer.writeKey(quoted: key, isFirst: isFirst)
            try optionalWriter.writeTrivial(bits: bits, to: &writer, session: session)
            return true
        case .payload:
            return try writePayload(from: object, key: key, isFirst: isFirst, to: &writer, session: session)
        }
        return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
    }

    /// As `writeMember`, the value lent where it lies in the optional: the optional coder's own code
    /// copied the optional first, which (unspecialised: an optional of a collection, say) looked up
    /// `Optional<Wrapped>`'s metadata per value. Out of line: inlined, its closure made `write`
    /// slower for every other property.
    @inline(never)
    private func writePayload(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        var value = handle.read(from: object)
        if coder.isNil(value) { return writeNilMember(key: key, isFirst: isFirst, to: &writer, session: session) }
        writer.writeKey(quoted: key, isFirst: isFirst)
        // Sound: `value` is a `Wrapped?` that is not `nil` (`Value` is the optional coder's
        // `Wrapped?`), lent for the call.
        try withUnsafePointer(to: &value) { try optionalWriter.writePayload(of: UnsafeRawPointer($0), to: &writer, session: session) }
        return true
    }
}

/// An enum property, or an optional one, whose coder learns its cases (`LearnedEnumCases`), as the
/// byte it is kept in.
struct LearnedEnumField {
    let cases: LearnedEnumCases
    /// The property as its byte.
    let field: FieldHandle<UInt8>
    /// For an optional, the byte of `nil`.
    let nilBits: UInt8?

    /// `nil` unless `Value` is kept in one trivial byte: an enum, or an optional of one whose `nil`
    /// fits in the same byte (then a case's byte is the same in both).
    init?<Value>(cases: LearnedEnumCases, handle: FieldHandle<Value>) {
        guard TrivialBits.isStorable(Value.self) else { return nil }
        if let container = Value.self as? any StandardContainer.Type, container.isOptional {
            guard let nilBits = container.nilBits else { return nil }
            self.nilBits = nilBits
        } else {
            nilBits = nil
        }
        self.cases = cases
        field = handle.bits
    }
}

/// Stores the learned case `bits` in `field`, an enum property as its byte (`LearnedEnumField`): an
/// update writes, and logs, only a case that is not the one there.
@inline(__always)
func storeCase(bits: UInt8, in field: FieldHandle<UInt8>, of object: AnyObject, session: DecodingSession) {
    if session.undoLog != nil {
        if field.read(from: object) == bits { return }
        session.undoLog?.noteWrite(of: field, in: object)
    }
    field.write(bits, to: object)
}

/// A coder that merges an array by identity, and tells the identities of its elements.
protocol IdentityProbing: ElementIdentityReading {
    /// The identity's JSON key, when the coder merges by identity.
    var identityKey: String? { get }
    /// Whether an update lists only the elements that changed.
    var isPartial: Bool { get }
    /// How the elements are matched, when the coder merges by identity.
    var elementIdentity: ElementIdentity? { get }
}

extension ArrayCoder: IdentityProbing {
    var identityKey: String? { identity?.key }
    var isPartial: Bool { identity?.isPartial ?? false }
    var elementIdentity: ElementIdentity? { identity }

    func identityProbe(of value: Any) -> [(id: JSON, object: AnyObject)]? {
        (value as? [Element]).flatMap(identities(of:))
    }
}

/// A coder of a dictionary that an update merges by key, possibly inside an optional: one of models
/// (`mergesByKey`), or one of other values (`mergesValuesByKey`, `BaseModel.mergedDictionaries`).
protocol KeyedMerging {
    var mergesByKey: Bool { get }
    var mergesValuesByKey: Bool { get }
}

extension DictionaryCoder: KeyedMerging {
    var mergesByKey: Bool { value.isModel }
    var mergesValuesByKey: Bool { mergesValues }
}

extension KeyedDictionaryCoder: KeyedMerging {
    var mergesByKey: Bool { false }
    var mergesValuesByKey: Bool { mergesValues }
}

extension OptionalCoder: KeyedMerging {
    var mergesByKey: Bool { (wrapped as? any KeyedMerging)?.mergesByKey ?? false }
    var mergesValuesByKey: Bool { (wrapped as? any KeyedMerging)?.mergesValuesByKey ?? false }
}

extension OptionalCoder: IdentityProbing {
    var identityKey: String? { (wrapped as? any IdentityProbing)?.identityKey }
    var isPartial: Bool { (wrapped as? any IdentityProbing)?.isPartial ?? false }
    var elementIdentity: ElementIdentity? { (wrapped as? any IdentityProbing)?.elementIdentity }

    func identityProbe(of value: Any) -> [(id: JSON, object: AnyObject)]? {
        guard let wrapped = value as? Wrapped else { return nil }
        return (self.wrapped as? any IdentityProbing)?.identityProbe(of: wrapped)
    }
}
