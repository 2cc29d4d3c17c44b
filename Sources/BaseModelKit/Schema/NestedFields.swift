/// Mapped properties that live inside one nested JSON object: the map entries `"s.h": "homeScore"`
/// and `"s.a": "awayScore"` make one `NestedFields` for the key `"s"`, which reads
/// `{"s":{"h":2,"a":1}}` into both properties and writes them back into one object. Deeper paths
/// (`"a.b.c"`) nest a `NestedFields` inside another. Its members go through the same member loop and
/// writer as a model's (`MemberTable`).
///
/// Keys inside the nested object that no entry names are unknown keys, as anywhere else. A
/// `null` in place of the nested object changes nothing with lenient coercion and is an error with
/// strict coercion; on output, the nested object is left out when none of its properties is written.
final class NestedFields: MappedFieldAccess {
    let members: MemberTable

    init(members: MemberTable) {
        self.members = members
    }

    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        guard parser.peekToken() == UInt8(ascii: "{") else {
            let found = try parser.readValue()
            if case .null = found, session.isLenient {
                session.noteIgnoredNull()
                return
            }
            throw MappingError(.typeMismatch(expected: "an object", found: found.foundDescription))
        }
        try members.decodeMembers(from: &parser, into: object, session: session)
    }

    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        let start = writer.mark
        writer.writeKey(quoted: key, isFirst: isFirst)
        writer.beginObject()
        guard try members.writeMembers(of: object, to: &writer, session: session) else {
            writer.rewind(to: start)
            return false
        }
        writer.endObject(isEmpty: false)
        return true
    }
}
