import BaseModelKitJSON
import Foundation

/// How the streaming member loop decodes one field: the common scalar types, integers of every width,
/// epoch dates and learned enum cases in place, with their coders known at compile time, and every
/// other field through its access object.
///
/// The cases hold only a field offset and a coder of plain values (or an unowned reference), so the
/// loop touches no reference count. Calling the access object retains and releases it for every
/// member (two atomic operations), besides the protocol witness call.
enum MemberDispatch: Sendable {
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
    /// An integer of another fixed width (`Int64Access` and the like), decoded out of line (as nine
    /// cases here, the integers made `decode` too large to be inlined into the member loop).
    case integer(IntegerField)
    case epochDate(FieldHandle<Date>, EpochDateCoder)
    case optionalEpochDate(FieldHandle<Date?>, OptionalOf<EpochDateCoder>)
    /// An enum property whose coder learns its cases (`GenericMemberAccess.learnedEnum`): a learned case is
    /// stored as its byte here; anything else goes through the access.
    // Sound: the cases are held unowned; the access, which the same table holds, owns them.
    case learnedEnum(FieldHandle<UInt8>, Unmanaged<LearnedEnumCases>, nilBits: UInt8?)
    /// Any other access: decoded through the object.
    case access

    /// The member for `access`: its own case when it is one of the scalar member accesses, a learned
    /// enum's case for an enum that learns its cases, `.access` otherwise.
    init(_ access: any MemberAccess) {
        if let scalar = access as? any ScalarMemberAccess {
            self = scalar.dispatch
        } else if let learned = access.learnedEnum {
            // Sound: unretained, as the case says; its owner outlives every use.
            self = .learnedEnum(learned.field, Unmanaged.passUnretained(learned.cases), nilBits: learned.nilBits)
        } else {
            self = .access
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
