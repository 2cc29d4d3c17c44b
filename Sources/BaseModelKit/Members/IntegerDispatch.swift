import BaseModelKitJSON
import Foundation

/// The integer fields of fixed widths other than `Int` in the member loop (`MemberDispatch.integer`).
enum IntegerDispatch: Sendable {
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
