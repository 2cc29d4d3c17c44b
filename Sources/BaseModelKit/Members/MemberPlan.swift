import BaseModelKitJSON
/// One mapped property of a class's plan: its JSON key, its name, and how to read and write it.
struct MemberPlan: Sendable {
    /// The JSON key.
    let jsonKey: String
    /// The JSON key's UTF-8 bytes, to match keys in a document without making strings.
    let jsonKeyBytes: [UInt8]
    /// The JSON key as written: quoted and escaped, ready to copy into output.
    let quotedKey: [UInt8]
    /// The stored property's name.
    let property: String
    /// Typed access to the property with the coder chosen for its type.
    let access: any MemberAccess
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
    case .identified(let key, let reader):
        return .elements(key: key, IdentifiedModels(buffer: BufferIdentity.of(value), value: value, reader: reader))
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

// How one property is read from JSON and written back, for any coder: shared by `GenericMemberAccess` (a
// coder known at run time) and the scalar member accesses (coders known at compile time, for which
// these functions are specialised).

/// Sets the property from the JSON at the parser's position. `null` for a type that does not accept
/// it leaves the property unchanged with lenient coercion and is an error with strict coercion.
/// `mayMerge: false` reads the value anew even for a coder that merges (the property holds `nil`).
///
/// Generic over `Value` as well as the coder: `GenericMemberAccess` passes its coder as an existential, and
/// with the value's type taken from the opened coder (`Coder.Value`) every call looks up that
/// associated type.
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

/// The JSON `coder` writes, in `writing`, for the value it reads from `json`; `nil` if it reads none.
func canonicalIdentity<Coder: ValueCoding>(of json: JSON, by coder: Coder, session: DecodingSession, writing: EncodingSession) -> JSON? {
    (try? coder.decode(json, existing: nil, session: session)).flatMap { try? coder.encode($0, session: writing) }
}

/// Stores the learned case `bits` in `field`, an enum property as its byte (`LearnedEnumMember`): an
/// update writes, and logs, only a case that is not the one there.
@inline(__always)
func storeCase(bits: UInt8, in field: FieldHandle<UInt8>, of object: AnyObject, session: DecodingSession) {
    if session.undoLog != nil {
        if field.read(from: object) == bits { return }
        session.undoLog?.noteWrite(of: field, in: object)
    }
    field.write(bits, to: object)
}

extension ArrayCoder: IdentityMerging {
    var identityKey: String? { identity?.key }
    var isPartial: Bool { identity?.isPartial ?? false }
    var elementIdentity: ElementIdentity? { identity }

    func identifiedElements(of value: Any) -> [(id: JSON, object: AnyObject)]? {
        (value as? [Element]).flatMap(identities(of:))
    }
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

extension OptionalCoder: IdentityMerging {
    var identityKey: String? { (wrapped as? any IdentityMerging)?.identityKey }
    var isPartial: Bool { (wrapped as? any IdentityMerging)?.isPartial ?? false }
    var elementIdentity: ElementIdentity? { (wrapped as? any IdentityMerging)?.elementIdentity }

    func identifiedElements(of value: Any) -> [(id: JSON, object: AnyObject)]? {
        guard let wrapped = value as? Wrapped else { return nil }
        return (self.wrapped as? any IdentityMerging)?.identifiedElements(of: wrapped)
    }
}
