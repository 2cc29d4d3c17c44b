import Foundation

/// Mapped properties of the most common types, as concrete (non-generic) types.
///
/// `MappedField<Value>` is made for a type known only at run time, so its code runs unspecialised,
/// and every `Optional<Value>` or `Array<Value>` it touches costs a lookup in the runtime's metadata
/// cache. The types below are spelled out, so the compiler specialises their code and the coders'.
protocol SpecializedFieldAccess: MappedFieldAccess {
    associatedtype Coder: ValueCoding
    var handle: FieldHandle<Coder.Value> { get }
    var coder: Coder { get }
}

extension SpecializedFieldAccess {
    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
    }

    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
    }

    func heldValue(of object: AnyObject, session: EncodingSession) -> HeldValue {
        heldMember(by: coder, from: handle, of: object, session: session)
    }

    func json(of object: AnyObject, session: EncodingSession) -> JSON? {
        try? coder.encode(handle.read(from: object), session: session)
    }

    func canonicalJSON(for json: JSON, session: DecodingSession) -> JSON? {
        canonicalIdentity(of: json, by: coder, session: session)
    }
}

extension SpecializedFieldAccess where Coder.Value: Equatable & ExactlyComparable {
    /// A scalar: its coder reads one value, and its one change is recorded at the place given.
    var comparesScalar: Bool { true }

    /// The common scalars compare their values, and write JSON only for a change. (Writing both
    /// values as bytes cost two allocations per member of every update.) A value that is exactly
    /// the one there is not written (see `decodeMember`); one that is only equal to it (`-0.0` for
    /// `0.0`) is written, and is no change.
    func decodeComparing(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession, tracker: ChangeRecorder, at site: @autoclosure () -> ChangeSite) throws {
        if try skipsNull(at: &parser, for: coder, session: session) { return }
        let new = try coder.decode(from: &parser, session: session)
        let old = handle.read(from: object)
        if Coder.Value.isExactly(old, new) { return }
        session.undoLog?.noteWrite(of: handle, in: object)
        handle.write(new, to: object)
        guard old != new else { return }
        tracker.record(old: (try? coder.encode(old, session: tracker.encoding)) ?? .null, new: (try? coder.encode(new, session: tracker.encoding)) ?? .null,
                       object: object, at: site())
    }
}

/// An optional of a statically known coder, so that the wrapped coder's code is specialised too.
struct OptionalOf<Wrapped: ValueCoding>: ValueCoding {
    let wrapped: Wrapped

    var typeName: String { wrapped.typeName }
    var acceptsNull: Bool { true }

    func decode(_ json: JSON, existing: Wrapped.Value??, session: DecodingSession) throws -> Wrapped.Value? {
        if case .null = json { return nil }
        return try wrapped.decode(json, existing: nil, session: session)
    }

    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Wrapped.Value? {
        if parser.peekToken() == UInt8(ascii: "n") {
            try parser.readLiteral(.null)
            return nil
        }
        return try wrapped.decode(from: &parser, session: session)
    }

    func encode(_ value: Wrapped.Value?, session: EncodingSession) throws -> JSON {
        guard let value else { return .null }
        return try wrapped.encode(value, session: session)
    }

    func write(_ value: Wrapped.Value?, to writer: inout JSONWriter, session: EncodingSession) throws {
        guard let value else { return writer.writeNull() }
        try wrapped.write(value, to: &writer, session: session)
    }

    func isNil(_ value: Wrapped.Value?) -> Bool { value == nil }
}

// Each restates `@unchecked Sendable` from `FieldStorage` (see there why it is unchecked).
final class StringField: FieldStorage<StringCoder, String>, SpecializedFieldAccess, @unchecked Sendable {}
final class OptionalStringField: FieldStorage<OptionalOf<StringCoder>, String?>, SpecializedFieldAccess, @unchecked Sendable {}
final class IntField: FieldStorage<IntegerCoder<Int>, Int>, SpecializedFieldAccess, @unchecked Sendable {}
final class OptionalIntField: FieldStorage<OptionalOf<IntegerCoder<Int>>, Int?>, SpecializedFieldAccess, @unchecked Sendable {}
final class DoubleField: FieldStorage<DoubleCoder, Double>, SpecializedFieldAccess, @unchecked Sendable {}
final class OptionalDoubleField: FieldStorage<OptionalOf<DoubleCoder>, Double?>, SpecializedFieldAccess, @unchecked Sendable {}
final class BoolField: FieldStorage<BoolCoder, Bool>, SpecializedFieldAccess, @unchecked Sendable {}
final class OptionalBoolField: FieldStorage<OptionalOf<BoolCoder>, Bool?>, SpecializedFieldAccess, @unchecked Sendable {}
final class DateField: FieldStorage<DateCoder, Date>, SpecializedFieldAccess, @unchecked Sendable {}
final class OptionalDateField: FieldStorage<OptionalOf<DateCoder>, Date?>, SpecializedFieldAccess, @unchecked Sendable {}
/// An integer of a fixed width other than `Int` (`Int8` … `UInt64`), decoded and written in place by
/// the member loop (`StreamedMember`); not through `MappedField` and its existential coder.
final class IntegerField<Integer: FixedWidthInteger & Sendable & ExactlyComparable>: FieldStorage<IntegerCoder<Integer>, Integer>, SpecializedFieldAccess, @unchecked Sendable {
    /// The member loop's case for the field, made where the width is known (a cast to each
    /// `IntegerField<…>` demangled its type when a plan was built).
    let integerMember: IntegerMember?

    init(handle: FieldHandle<Integer>, member: IntegerMember) {
        integerMember = member
        super.init(handle: handle, coder: IntegerCoder())
    }
}
final class EpochDateField: FieldStorage<EpochDateCoder, Date>, SpecializedFieldAccess, @unchecked Sendable {}
final class OptionalEpochDateField: FieldStorage<OptionalOf<EpochDateCoder>, Date?>, SpecializedFieldAccess, @unchecked Sendable {}

extension Date: ExactlyComparable {
    static func isExactly(_ first: Date, _ second: Date) -> Bool {
        first.timeIntervalSinceReferenceDate.bitPattern == second.timeIntervalSinceReferenceDate.bitPattern
    }
}

extension IntField {
    var identityField: IdentityField? { .int(handle) }
}

extension StringField {
    var identityField: IdentityField? { .string(handle) }
}

enum SpecializedFields {
    /// A specialised access for `field` when no transformer applies and its type is one of the common
    /// scalars (or an optional of one) or an integer of any fixed width, or when it is a `Date` (or
    /// `Date?`) with an epoch transformer (`transformer`); `nil` otherwise.
    static func access(for field: StoredField, transformer: JSONTransformer?) -> (any MappedFieldAccess)? {
        func make<Access: SpecializedFieldAccess>(_ build: (FieldHandle<Access.Coder.Value>) -> Access) -> Access? {
            FieldHandle<Access.Coder.Value>(field: field).map(build)
        }
        if let transformer {
            guard let epoch = TransformedDateCoder(kind: transformer.kind).epoch else { return nil }
            switch field.type {
            case is Date.Type: return make { EpochDateField(handle: $0, coder: epoch) }
            case is Date?.Type: return make { OptionalEpochDateField(handle: $0, coder: OptionalOf(wrapped: epoch)) }
            default: return nil
            }
        }
        switch field.type {
        case is String.Type: return make { StringField(handle: $0, coder: StringCoder()) }
        case is String?.Type: return make { OptionalStringField(handle: $0, coder: OptionalOf(wrapped: StringCoder())) }
        case is Int.Type: return make { IntField(handle: $0, coder: IntegerCoder<Int>()) }
        case is Int?.Type: return make { OptionalIntField(handle: $0, coder: OptionalOf(wrapped: IntegerCoder<Int>())) }
        case is Double.Type: return make { DoubleField(handle: $0, coder: DoubleCoder()) }
        case is Double?.Type: return make { OptionalDoubleField(handle: $0, coder: OptionalOf(wrapped: DoubleCoder())) }
        case is Bool.Type: return make { BoolField(handle: $0, coder: BoolCoder()) }
        case is Bool?.Type: return make { OptionalBoolField(handle: $0, coder: OptionalOf(wrapped: BoolCoder())) }
        case is Date.Type: return make { DateField(handle: $0, coder: DateCoder()) }
        case is Date?.Type: return make { OptionalDateField(handle: $0, coder: OptionalOf(wrapped: DateCoder())) }
        case is Int64.Type: return make { IntegerField<Int64>(handle: $0, member: .int64($0, IntegerCoder())) }
        case is Int32.Type: return make { IntegerField<Int32>(handle: $0, member: .int32($0, IntegerCoder())) }
        case is Int16.Type: return make { IntegerField<Int16>(handle: $0, member: .int16($0, IntegerCoder())) }
        case is Int8.Type: return make { IntegerField<Int8>(handle: $0, member: .int8($0, IntegerCoder())) }
        case is UInt.Type: return make { IntegerField<UInt>(handle: $0, member: .uint($0, IntegerCoder())) }
        case is UInt64.Type: return make { IntegerField<UInt64>(handle: $0, member: .uint64($0, IntegerCoder())) }
        case is UInt32.Type: return make { IntegerField<UInt32>(handle: $0, member: .uint32($0, IntegerCoder())) }
        case is UInt16.Type: return make { IntegerField<UInt16>(handle: $0, member: .uint16($0, IntegerCoder())) }
        case is UInt8.Type: return make { IntegerField<UInt8>(handle: $0, member: .uint8($0, IntegerCoder())) }
        default: return nil
        }
    }
}

/// How the streaming member loop decodes one field: the common scalar types, integers of every width,
/// epoch dates and learned enum cases in place, with their coders known at compile time, and every
/// other field through its access object.
///
/// The cases hold only a field offset and a coder of plain values (or an unowned reference), so the
/// loop touches no reference count. Calling the access object retained and released it for every
/// member: 16 million atomic operations in 20 decodes of the odds feed, besides the protocol witness
/// call.
enum StreamedMember: Sendable {
    case string(FieldHandle<String>, StringCoder)
    case optionalString(FieldHandle<String?>, OptionalOf<StringCoder>)
    case int(FieldHandle<Int>, IntegerCoder<Int>)
    case optionalInt(FieldHandle<Int?>, OptionalOf<IntegerCoder<Int>>)
    case double(FieldHandle<Double>, DoubleCoder)
    case optionalDouble(FieldHandle<Double?>, OptionalOf<DoubleCoder>)
    case bool(FieldHandle<Bool>, BoolCoder)
    case optionalBool(FieldHandle<Bool?>, OptionalOf<BoolCoder>)
    case date(FieldHandle<Date>, DateCoder)
    case optionalDate(FieldHandle<Date?>, OptionalOf<DateCoder>)
    /// An integer of another fixed width (`IntegerField`), decoded out of line (as nine cases here,
    /// the integers made `decode` too large to be inlined into the member loop).
    case integer(IntegerMember)
    case epochDate(FieldHandle<Date>, EpochDateCoder)
    case optionalEpochDate(FieldHandle<Date?>, OptionalOf<EpochDateCoder>)
    /// An enum property whose coder learns its cases (`MappedField.learnedEnum`): a learned case is
    /// stored as its byte here; anything else goes through the access.
    // Sound: the cases are held unowned; the access, which the same table holds, owns them.
    case learnedEnum(FieldHandle<UInt8>, Unmanaged<LearnedEnumCases>, nilBits: UInt8?)
    /// Any other access: decoded through the object.
    case access

    /// The member for `access`: a scalar case with the access's own handle and coder when it is one
    /// of the specialised fields.
    init(_ access: any MappedFieldAccess) {
        switch access {
        case let field as StringField: self = .string(field.handle, field.coder)
        case let field as OptionalStringField: self = .optionalString(field.handle, field.coder)
        case let field as IntField: self = .int(field.handle, field.coder)
        case let field as OptionalIntField: self = .optionalInt(field.handle, field.coder)
        case let field as DoubleField: self = .double(field.handle, field.coder)
        case let field as OptionalDoubleField: self = .optionalDouble(field.handle, field.coder)
        case let field as BoolField: self = .bool(field.handle, field.coder)
        case let field as OptionalBoolField: self = .optionalBool(field.handle, field.coder)
        case let field as DateField: self = .date(field.handle, field.coder)
        case let field as OptionalDateField: self = .optionalDate(field.handle, field.coder)
        case let field as EpochDateField: self = .epochDate(field.handle, field.coder)
        case let field as OptionalEpochDateField: self = .optionalEpochDate(field.handle, field.coder)
        default:
            if let member = access.integerMember {
                self = .integer(member)
                return
            }
            guard let learned = access.learnedEnum else { self = .access; return }
            // Sound: unretained, as the case says; its owner outlives every use.
            self = .learnedEnum(learned.field, Unmanaged.passUnretained(learned.cases), nilBits: learned.nilBits)
        }
    }

    /// Sets the property of `object` from the JSON at the parser's position, exactly as the access's
    /// `decode(from:into:session:)` does; returns `false`, reading nothing, for `.access`.
    @inline(__always)
    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws -> Bool {
        switch self {
        case .string(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .optionalString(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .int(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .optionalInt(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .double(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .optionalDouble(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .bool(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .optionalBool(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .date(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .optionalDate(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .integer(let member): try member.decode(from: &parser, into: object, session: session)
        case .epochDate(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .optionalEpochDate(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .learnedEnum(let field, let cases, let nilBits):
            // Sound: the access that owns the cases lives as long as the table that holds this member.
            guard let bits = cases._withUnsafeGuaranteedRef({ $0.bits(at: &parser, nilBits: nilBits) }) else { return false }
            storeCase(bits: bits, in: field, of: object, session: session)
        case .access: return false
        }
        return true
    }

    /// Writes `"key":value` for the property as the access's `write(from:key:isFirst:to:session:)`
    /// does, returning whether it wrote; `nil`, writing nothing, for `.access`.
    @inline(__always)
    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool? {
        switch self {
        case .string(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .optionalString(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .int(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .optionalInt(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .double(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .optionalDouble(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .bool(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .optionalBool(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .date(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .optionalDate(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .integer(let member): return try member.write(from: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .epochDate(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .optionalEpochDate(let handle, let coder): return try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .learnedEnum(let field, let cases, let nilBits):
            guard writer.writesCompactly else { return nil }
            let bits = field.read(from: object)
            if bits == nilBits { return writeNilMember(key: key, isFirst: isFirst, to: &writer, session: session) }
            // Sound: as in `decode`. A case not written yet goes through the access, which remembers it.
            return cases._withUnsafeGuaranteedRef { $0.written.writeCase(bits: bits, key: key, isFirst: isFirst, to: &writer) } ? true : nil
        case .access: return nil
        }
    }
}

/// The integer fields of fixed widths other than `Int` in the member loop (`StreamedMember.integer`).
enum IntegerMember: Sendable {
    case int64(FieldHandle<Int64>, IntegerCoder<Int64>)
    case int32(FieldHandle<Int32>, IntegerCoder<Int32>)
    case int16(FieldHandle<Int16>, IntegerCoder<Int16>)
    case int8(FieldHandle<Int8>, IntegerCoder<Int8>)
    case uint(FieldHandle<UInt>, IntegerCoder<UInt>)
    case uint64(FieldHandle<UInt64>, IntegerCoder<UInt64>)
    case uint32(FieldHandle<UInt32>, IntegerCoder<UInt32>)
    case uint16(FieldHandle<UInt16>, IntegerCoder<UInt16>)
    case uint8(FieldHandle<UInt8>, IntegerCoder<UInt8>)

    @inline(never)
    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        switch self {
        case .int64(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .int32(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .int16(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .int8(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .uint(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .uint64(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .uint32(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .uint16(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        case .uint8(let handle, let coder): try decodeMember(from: &parser, by: coder, into: handle, of: object, session: session)
        }
    }

    @inline(never)
    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        switch self {
        case .int64(let handle, let coder): try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .int32(let handle, let coder): try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .int16(let handle, let coder): try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .int8(let handle, let coder): try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .uint(let handle, let coder): try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .uint64(let handle, let coder): try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .uint32(let handle, let coder): try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .uint16(let handle, let coder): try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .uint8(let handle, let coder): try writeMember(by: coder, from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        }
    }
}
