import BaseModelKitJSON
import Foundation

/// The accesses of the common scalars, one final class per type: the member loop and the writer
/// handle these in place, each through its case of `MemberDispatch`, with their coders known at
/// compile time.
enum ScalarMemberAccesses {
    // Each restates `@unchecked Sendable` from `CodedMemberAccess` (see there why it is unchecked).
    final class StringAccess: CodedMemberAccess<StringCoder, String>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .string(handle, coder) } }
    final class OptionalStringAccess: CodedMemberAccess<OptionalOf<StringCoder>, String?>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .optionalString(handle, coder) } }
    final class IntAccess: CodedMemberAccess<IntegerCoder<Int>, Int>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .int(handle, coder) } }
    final class OptionalIntAccess: CodedMemberAccess<OptionalOf<IntegerCoder<Int>>, Int?>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .optionalInt(handle, coder) } }
    final class DoubleAccess: CodedMemberAccess<DoubleCoder, Double>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .double(handle, coder) } }
    final class OptionalDoubleAccess: CodedMemberAccess<OptionalOf<DoubleCoder>, Double?>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .optionalDouble(handle, coder) } }
    final class BoolAccess: CodedMemberAccess<BoolCoder, Bool>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .bool(handle, coder) } }
    final class OptionalBoolAccess: CodedMemberAccess<OptionalOf<BoolCoder>, Bool?>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .optionalBool(handle, coder) } }
    final class DateAccess: CodedMemberAccess<DateCoder, Date>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .date(handle, coder) } }
    final class OptionalDateAccess: CodedMemberAccess<OptionalOf<DateCoder>, Date?>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .optionalDate(handle, coder) } }
    // The integers of fixed widths other than `Int`, each a class of its own as the types above are,
    // so that every path through the access (a change set's comparison, an identity) is specialised;
    // as one generic class, those paths asked the runtime for its metadata at each value.
    final class Int64Access: CodedMemberAccess<IntegerCoder<Int64>, Int64>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .integer(.int64(handle)) } }
    final class Int32Access: CodedMemberAccess<IntegerCoder<Int32>, Int32>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .integer(.int32(handle)) } }
    final class Int16Access: CodedMemberAccess<IntegerCoder<Int16>, Int16>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .integer(.int16(handle)) } }
    final class Int8Access: CodedMemberAccess<IntegerCoder<Int8>, Int8>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .integer(.int8(handle)) } }
    final class UIntAccess: CodedMemberAccess<IntegerCoder<UInt>, UInt>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .integer(.uint(handle)) } }
    final class UInt64Access: CodedMemberAccess<IntegerCoder<UInt64>, UInt64>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .integer(.uint64(handle)) } }
    final class UInt32Access: CodedMemberAccess<IntegerCoder<UInt32>, UInt32>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .integer(.uint32(handle)) } }
    final class UInt16Access: CodedMemberAccess<IntegerCoder<UInt16>, UInt16>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .integer(.uint16(handle)) } }
    final class UInt8Access: CodedMemberAccess<IntegerCoder<UInt8>, UInt8>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .integer(.uint8(handle)) } }
    // Optional integers of those widths, `Decimal` (a number, or a string with `decimalString`) and
    // `Float`: decoded and written through the access (no case of their own in the member loop),
    // with their coders known at compile time. A speed path, kept while a benchmark row gains at
    // least 5 % by it.
    final class OptionalInt64Access: CodedMemberAccess<OptionalOf<IntegerCoder<Int64>>, Int64?>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalInt32Access: CodedMemberAccess<OptionalOf<IntegerCoder<Int32>>, Int32?>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalInt16Access: CodedMemberAccess<OptionalOf<IntegerCoder<Int16>>, Int16?>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalInt8Access: CodedMemberAccess<OptionalOf<IntegerCoder<Int8>>, Int8?>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalUIntAccess: CodedMemberAccess<OptionalOf<IntegerCoder<UInt>>, UInt?>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalUInt64Access: CodedMemberAccess<OptionalOf<IntegerCoder<UInt64>>, UInt64?>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalUInt32Access: CodedMemberAccess<OptionalOf<IntegerCoder<UInt32>>, UInt32?>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalUInt16Access: CodedMemberAccess<OptionalOf<IntegerCoder<UInt16>>, UInt16?>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalUInt8Access: CodedMemberAccess<OptionalOf<IntegerCoder<UInt8>>, UInt8?>, ScalarMemberAccess, @unchecked Sendable {}
    final class DecimalAccess: CodedMemberAccess<DecimalCoder, Decimal>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalDecimalAccess: CodedMemberAccess<OptionalOf<DecimalCoder>, Decimal?>, ScalarMemberAccess, @unchecked Sendable {}
    final class DecimalTextAccess: CodedMemberAccess<DecimalTextCoder, Decimal>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalDecimalTextAccess: CodedMemberAccess<OptionalOf<DecimalTextCoder>, Decimal?>, ScalarMemberAccess, @unchecked Sendable {}
    final class FloatAccess: CodedMemberAccess<NarrowFloatCoder<Float>, Float>, ScalarMemberAccess, @unchecked Sendable {}
    final class OptionalFloatAccess: CodedMemberAccess<OptionalOf<NarrowFloatCoder<Float>>, Float?>, ScalarMemberAccess, @unchecked Sendable {}
    final class EpochDateAccess: CodedMemberAccess<EpochDateCoder, Date>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .epochDate(handle, coder) } }
    final class OptionalEpochDateAccess: CodedMemberAccess<OptionalOf<EpochDateCoder>, Date?>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .optionalEpochDate(handle, coder) } }

    /// Whether `access` reads a `Decimal` (from a number, or a decimal string): exactly, so that two
    /// numbers of different values are different `Decimal`s.
    static func readsDecimalsExactly(_ access: any MemberAccess) -> Bool {
        access is DecimalAccess || access is OptionalDecimalAccess || access is DecimalTextAccess || access is OptionalDecimalTextAccess
    }

    /// A specialised access for `field` when no transformer applies and its type is one of the common
    /// scalars, an integer of any fixed width, `Decimal` or `Float` (or an optional of one); or when
    /// it is a `Date` (or `Date?`) with an epoch transformer, or a `Decimal` (or `Decimal?`) with
    /// `decimalString` (`transformer`); `nil` otherwise.
    static func access(for field: StoredField, transformer: JSONTransformer?) -> (any MemberAccess)? {
        func make<Access: ScalarMemberAccess>(_ build: (FieldHandle<Access.Coder.Value>) -> Access) -> Access? {
            FieldHandle<Access.Coder.Value>(field: field).map(build)
        }
        if let transformer {
            if case .custom(let provider) = transformer.kind, provider is DecimalTextCoder {
                switch field.type {
                case is Decimal.Type: return make { DecimalTextAccess(handle: $0, coder: DecimalTextCoder()) }
                case is Decimal?.Type: return make { OptionalDecimalTextAccess(handle: $0, coder: OptionalOf(wrapped: DecimalTextCoder())) }
                default: return nil
                }
            }
            guard let epoch = TransformedDateCoder(kind: transformer.kind).epoch else { return nil }
            switch field.type {
            case is Date.Type: return make { EpochDateAccess(handle: $0, coder: epoch) }
            case is Date?.Type: return make { OptionalEpochDateAccess(handle: $0, coder: OptionalOf(wrapped: epoch)) }
            default: return nil
            }
        }
        switch field.type {
        case is String.Type: return make { StringAccess(handle: $0, coder: StringCoder()) }
        case is String?.Type: return make { OptionalStringAccess(handle: $0, coder: OptionalOf(wrapped: StringCoder())) }
        case is Int.Type: return make { IntAccess(handle: $0, coder: IntegerCoder<Int>()) }
        case is Int?.Type: return make { OptionalIntAccess(handle: $0, coder: OptionalOf(wrapped: IntegerCoder<Int>())) }
        case is Double.Type: return make { DoubleAccess(handle: $0, coder: DoubleCoder()) }
        case is Double?.Type: return make { OptionalDoubleAccess(handle: $0, coder: OptionalOf(wrapped: DoubleCoder())) }
        case is Bool.Type: return make { BoolAccess(handle: $0, coder: BoolCoder()) }
        case is Bool?.Type: return make { OptionalBoolAccess(handle: $0, coder: OptionalOf(wrapped: BoolCoder())) }
        case is Date.Type: return make { DateAccess(handle: $0, coder: DateCoder()) }
        case is Date?.Type: return make { OptionalDateAccess(handle: $0, coder: OptionalOf(wrapped: DateCoder())) }
        case is Int64.Type: return make { Int64Access(handle: $0, coder: IntegerCoder()) }
        case is Int32.Type: return make { Int32Access(handle: $0, coder: IntegerCoder()) }
        case is Int16.Type: return make { Int16Access(handle: $0, coder: IntegerCoder()) }
        case is Int8.Type: return make { Int8Access(handle: $0, coder: IntegerCoder()) }
        case is UInt.Type: return make { UIntAccess(handle: $0, coder: IntegerCoder()) }
        case is UInt64.Type: return make { UInt64Access(handle: $0, coder: IntegerCoder()) }
        case is UInt32.Type: return make { UInt32Access(handle: $0, coder: IntegerCoder()) }
        case is UInt16.Type: return make { UInt16Access(handle: $0, coder: IntegerCoder()) }
        case is UInt8.Type: return make { UInt8Access(handle: $0, coder: IntegerCoder()) }
        case is Int64?.Type: return make { OptionalInt64Access(handle: $0, coder: OptionalOf(wrapped: IntegerCoder())) }
        case is Int32?.Type: return make { OptionalInt32Access(handle: $0, coder: OptionalOf(wrapped: IntegerCoder())) }
        case is Int16?.Type: return make { OptionalInt16Access(handle: $0, coder: OptionalOf(wrapped: IntegerCoder())) }
        case is Int8?.Type: return make { OptionalInt8Access(handle: $0, coder: OptionalOf(wrapped: IntegerCoder())) }
        case is UInt?.Type: return make { OptionalUIntAccess(handle: $0, coder: OptionalOf(wrapped: IntegerCoder())) }
        case is UInt64?.Type: return make { OptionalUInt64Access(handle: $0, coder: OptionalOf(wrapped: IntegerCoder())) }
        case is UInt32?.Type: return make { OptionalUInt32Access(handle: $0, coder: OptionalOf(wrapped: IntegerCoder())) }
        case is UInt16?.Type: return make { OptionalUInt16Access(handle: $0, coder: OptionalOf(wrapped: IntegerCoder())) }
        case is UInt8?.Type: return make { OptionalUInt8Access(handle: $0, coder: OptionalOf(wrapped: IntegerCoder())) }
        case is Decimal.Type: return make { DecimalAccess(handle: $0, coder: DecimalCoder()) }
        case is Decimal?.Type: return make { OptionalDecimalAccess(handle: $0, coder: OptionalOf(wrapped: DecimalCoder())) }
        case is Float.Type: return make { FloatAccess(handle: $0, coder: NarrowFloatCoder()) }
        case is Float?.Type: return make { OptionalFloatAccess(handle: $0, coder: OptionalOf(wrapped: NarrowFloatCoder())) }
        default: return nil
        }
    }
}


extension ScalarMemberAccess {
    /// An identity held in an integer of any width, a `String` or a `Double` is read in place, from the
    /// field its member loop case names; any other scalar's identity is read through its JSON.
    var identityField: IdentityField? {
        switch dispatch {
        case .int(let handle, _): .int(handle)
        case .string(let handle, _): .string(handle)
        case .integer(let field): .integer(field)
        case .double(let handle, _): .double(handle)
        default: nil
        }
    }
}
