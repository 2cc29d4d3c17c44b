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
    /// An integer of a fixed width other than `Int` (`Int8` … `UInt64`), decoded and written in place by
    /// the member loop (`MemberDispatch`); not through `GenericMemberAccess` and its existential coder.
    final class IntegerAccess<Integer: FixedWidthInteger & Sendable & ExactlyComparable>: CodedMemberAccess<IntegerCoder<Integer>, Integer>, ScalarMemberAccess, @unchecked Sendable {
        /// The member loop's case for the field, made where the width is known (a cast to each
        /// `IntegerAccess<…>` demangled its type when a plan was built).
        let dispatch: MemberDispatch

        init(handle: FieldHandle<Integer>, member: IntegerDispatch) {
            dispatch = .integer(member)
            super.init(handle: handle, coder: IntegerCoder())
        }
    }
    final class EpochDateAccess: CodedMemberAccess<EpochDateCoder, Date>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .epochDate(handle, coder) } }
    final class OptionalEpochDateAccess: CodedMemberAccess<OptionalOf<EpochDateCoder>, Date?>, ScalarMemberAccess, @unchecked Sendable { var dispatch: MemberDispatch { .optionalEpochDate(handle, coder) } }

    /// A specialised access for `field` when no transformer applies and its type is one of the common
    /// scalars (or an optional of one) or an integer of any fixed width, or when it is a `Date` (or
    /// `Date?`) with an epoch transformer (`transformer`); `nil` otherwise.
    static func access(for field: StoredField, transformer: JSONTransformer?) -> (any MemberAccess)? {
        func make<Access: ScalarMemberAccess>(_ build: (FieldHandle<Access.Coder.Value>) -> Access) -> Access? {
            FieldHandle<Access.Coder.Value>(field: field).map(build)
        }
        if let transformer {
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
        case is Int64.Type: return make { IntegerAccess<Int64>(handle: $0, member: .int64($0, IntegerCoder())) }
        case is Int32.Type: return make { IntegerAccess<Int32>(handle: $0, member: .int32($0, IntegerCoder())) }
        case is Int16.Type: return make { IntegerAccess<Int16>(handle: $0, member: .int16($0, IntegerCoder())) }
        case is Int8.Type: return make { IntegerAccess<Int8>(handle: $0, member: .int8($0, IntegerCoder())) }
        case is UInt.Type: return make { IntegerAccess<UInt>(handle: $0, member: .uint($0, IntegerCoder())) }
        case is UInt64.Type: return make { IntegerAccess<UInt64>(handle: $0, member: .uint64($0, IntegerCoder())) }
        case is UInt32.Type: return make { IntegerAccess<UInt32>(handle: $0, member: .uint32($0, IntegerCoder())) }
        case is UInt16.Type: return make { IntegerAccess<UInt16>(handle: $0, member: .uint16($0, IntegerCoder())) }
        case is UInt8.Type: return make { IntegerAccess<UInt8>(handle: $0, member: .uint8($0, IntegerCoder())) }
        default: return nil
        }
    }
}


extension ScalarMemberAccesses.IntAccess {
    var identityField: IdentityField? { .int(handle) }
}

extension ScalarMemberAccesses.StringAccess {
    var identityField: IdentityField? { .string(handle) }
}
