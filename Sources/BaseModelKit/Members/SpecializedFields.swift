import Foundation

/// The accesses of the common scalars, one final class per type: the member loop and the writer
/// handle these in place (`StreamedMember`), with their coders known at compile time.
enum SpecializedFields {
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


extension SpecializedFields.IntField {
    var identityField: IdentityField? { .int(handle) }
}

extension SpecializedFields.StringField {
    var identityField: IdentityField? { .string(handle) }
}
