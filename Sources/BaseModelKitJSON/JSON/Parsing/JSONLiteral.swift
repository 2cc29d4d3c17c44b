/// The three words JSON spells out.
@usableFromInline package enum JSONLiteral {
    case `true`, `false`, null

    @inlinable package var text: String {
        switch self {
        case .true: return "true"
        case .false: return "false"
        case .null: return "null"
        }
    }

    @usableFromInline package var length: Int { self == .false ? 5 : 4 }

    @inlinable package var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8) {
        switch self {
        case .true: return (0x74, 0x72, 0x75, 0x65, 0)
        case .false: return (0x66, 0x61, 0x6C, 0x73, 0x65)
        case .null: return (0x6E, 0x75, 0x6C, 0x6C, 0)
        }
    }
}
