import BaseModelKitJSON
import Foundation

/// The member loop's decode and write of an integer of another fixed width
/// (`MemberDispatch.integer`), each width by its own coder.
extension IntegerField {
    @inline(never)
    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        switch self {
        case .int64(let handle): try decodeMember(from: &parser, by: IntegerCoder(), into: handle, of: object, session: session)
        case .int32(let handle): try decodeMember(from: &parser, by: IntegerCoder(), into: handle, of: object, session: session)
        case .int16(let handle): try decodeMember(from: &parser, by: IntegerCoder(), into: handle, of: object, session: session)
        case .int8(let handle): try decodeMember(from: &parser, by: IntegerCoder(), into: handle, of: object, session: session)
        case .uint(let handle): try decodeMember(from: &parser, by: IntegerCoder(), into: handle, of: object, session: session)
        case .uint64(let handle): try decodeMember(from: &parser, by: IntegerCoder(), into: handle, of: object, session: session)
        case .uint32(let handle): try decodeMember(from: &parser, by: IntegerCoder(), into: handle, of: object, session: session)
        case .uint16(let handle): try decodeMember(from: &parser, by: IntegerCoder(), into: handle, of: object, session: session)
        case .uint8(let handle): try decodeMember(from: &parser, by: IntegerCoder(), into: handle, of: object, session: session)
        }
    }

    @inline(never)
    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        switch self {
        case .int64(let handle): try writeMember(by: IntegerCoder(), from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .int32(let handle): try writeMember(by: IntegerCoder(), from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .int16(let handle): try writeMember(by: IntegerCoder(), from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .int8(let handle): try writeMember(by: IntegerCoder(), from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .uint(let handle): try writeMember(by: IntegerCoder(), from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .uint64(let handle): try writeMember(by: IntegerCoder(), from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .uint32(let handle): try writeMember(by: IntegerCoder(), from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .uint16(let handle): try writeMember(by: IntegerCoder(), from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        case .uint8(let handle): try writeMember(by: IntegerCoder(), from: handle, of: object, key: key, isFirst: isFirst, to: &writer, session: session)
        }
    }
}
