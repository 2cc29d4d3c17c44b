/// Mapped properties that live inside one nested JSON object: the map entries `"s.h": "homeScore"`
/// and `"s.a": "awayScore"` make one `NestedFields` for the key `"s"`, which reads
/// `{"s":{"h":2,"a":1}}` into both properties and writes them back into one object. Deeper paths
/// (`"a.b.c"`) nest a `NestedFields` inside another.
///
/// Keys inside the nested object that no entry names are unknown keys, as anywhere else. A
/// `null` in place of the nested object changes nothing with lenient coercion and is an error with
/// strict coercion; on output, the nested object is left out when none of its properties is written.
final class NestedFields: MappedFieldAccess {
    struct Member: Sendable {
        /// The key inside the nested object.
        let key: String
        let keyBytes: [UInt8]
        let quotedKey: [UInt8]
        /// The property, or `nil` for a deeper nested object.
        let property: String?
        let access: any MappedFieldAccess
    }

    /// The model's name, for messages.
    let modelName: String
    /// In declaration order of their properties.
    let members: [Member]

    init(modelName: String, members: [Member]) {
        self.modelName = modelName
        self.members = members
    }

    private func index(matching bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        members.firstIndex { ByteScanning.equal(bytes, from: start, to: end, $0.keyBytes) }
    }

    /// `error` from member `index`, with the member's property and key.
    private func error(_ error: MappingError, atMember index: Int) -> MappingError {
        let member = members[index]
        let attributed = member.property.map { error.attributed(model: modelName, property: $0) } ?? error
        return attributed.prefixed(by: .key(member.key))
    }

    private func refuse(_ found: JSON, session: DecodingSession) throws {
        if case .null = found, session.isLenient {
            session.noteIgnoredNull()
            return
        }
        throw MappingError(.typeMismatch(expected: "an object", found: found.foundDescription))
    }

    func decode(_ json: JSON, into object: AnyObject, session: DecodingSession) throws {
        guard case .object(let nested) = json else { return try refuse(json, session: session) }
        for (key, value) in nested {
            guard let index = members.firstIndex(where: { $0.key == key }) else {
                try session.sawUnknownKey(key, model: modelName)
                continue
            }
            session.enter(.key(key))
            defer { session.leave() }
            do {
                try members[index].access.decode(value, into: object, session: session)
            } catch let error as MappingError {
                throw self.error(error, atMember: index)
            }
        }
    }

    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        guard parser.peekToken() == UInt8(ascii: "{") else { return try refuse(try parser.readValue(), session: session) }
        try parser.enterContainer()
        if parser.closesImmediately(UInt8(ascii: "}")) { return }
        repeat {
            let index: Int?
            switch try parser.readStreamingKey() {
            case .raw(let start, let end):
                index = self.index(matching: parser.bytes, from: start, to: end)
                if index == nil, session.watchesUnknownKeys {
                    try session.sawUnknownKey(String(decoding: parser.bytes[start..<end], as: UTF8.self), model: modelName)
                }
            case .decoded(let key):
                index = members.firstIndex { $0.key == key }
                if index == nil, session.watchesUnknownKeys { try session.sawUnknownKey(key, model: modelName) }
            }
            guard let index else {
                try parser.skipValue()
                continue
            }
            session.enter(.key(members[index].key))
            defer { session.leave() }
            do {
                try members[index].access.decode(from: &parser, into: object, session: session)
            } catch let error as MappingError {
                throw self.error(error, atMember: index)
            }
        } while try parser.nextMember(closing: UInt8(ascii: "}"))
    }

    func encode(from object: AnyObject, session: EncodingSession) throws -> JSON? {
        var nested = JSONObject()
        for (index, member) in members.enumerated() {
            do {
                if let value = try member.access.encode(from: object, session: session) {
                    nested[member.key] = value
                } else if member.property != nil, session.options.nilEncoding == .null {
                    nested[member.key] = .null
                }
            } catch let error as MappingError {
                throw self.error(error, atMember: index)
            }
        }
        return nested.isEmpty ? nil : .object(nested)
    }

    func write(from object: AnyObject, key: [UInt8], isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        let start = writer.mark
        writer.writeKey(quoted: key, isFirst: isFirst)
        writer.beginObject()
        var isEmpty = true
        for (index, member) in members.enumerated() {
            do {
                if try member.access.write(from: object, key: member.quotedKey, isFirst: isEmpty, to: &writer, session: session) {
                    isEmpty = false
                }
            } catch let error as MappingError {
                throw self.error(error, atMember: index)
            }
        }
        guard !isEmpty else {
            writer.rewind(to: start)
            return false
        }
        writer.endObject(isEmpty: false)
        return true
    }
}
