import BaseModelKitJSON
/// Mapped properties that live inside one nested JSON value: the map entries `"s.h": "homeScore"` and
/// `"s.a": "awayScore"` make one `NestedMembers` for the key `"s"`, which reads `{"s":{"h":2,"a":1}}`
/// into both properties and writes them back into one object; the entries `"sc.0": "home"` and
/// `"sc.1": "away"` make one whose members are array positions, which reads `{"sc":[2,1]}` and writes
/// one array. Deeper paths (`"a.b.c"`, `"legs.0.s"`) nest a `NestedMembers` inside another. Its members
/// go through the same member loop and writer as a model's (`MemberTable`), so decoding, updates and
/// their change sets, snapshots and PATCH bodies treat them as any other member.
///
/// Keys inside a nested object that no entry names are unknown keys, as anywhere else. Elements at
/// positions no entry names are skipped; an array shorter than a mapped position leaves that property
/// as it is, like a missing key; a JSON object in place of the array is read as an object whose keys
/// are the positions (`{"sc":{"0":2}}`). A `null` in place of the nested value changes nothing with
/// lenient coercion and is an error with strict coercion. On output, a nested object is left out when
/// none of its properties is written; an array is written up to its highest mapped position, with
/// `null` at positions no entry names (or whose property is `nil` and omitted), and left out when no
/// property is written.
final class NestedMembers: MemberAccess {
    let members: MemberTable

    init(members: MemberTable) {
        self.members = members
    }

    var mergesOnUpdate: Bool { true }

    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        let token = parser.peekToken()
        guard token == UInt8(ascii: "{") || (token == UInt8(ascii: "[") && members.arrayPositions != nil) else {
            let found = try parser.readValue()
            if case .null = found, session.isLenient {
                session.noteIgnoredNull()
                return
            }
            throw MappingError(.typeMismatch(expected: members.arrayPositions == nil ? "an object" : "an array", found: found.foundDescription))
        }
        try members.decodeMembers(from: &parser, into: object, session: session)
    }

    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        let start = writer.mark
        writer.writeKey(quoted: key, isFirst: isFirst)
        if let positions = members.arrayPositions {
            writer.beginArray()
            guard try members.writeElements(of: object, positions: positions, to: &writer, session: session) else {
                writer.rewind(to: start)
                return false
            }
            writer.endArray(isEmpty: false)
            return true
        }
        writer.beginObject()
        guard try members.writeMembers(of: object, to: &writer, session: session) else {
            writer.rewind(to: start)
            return false
        }
        writer.endObject(isEmpty: false)
        return true
    }
}
