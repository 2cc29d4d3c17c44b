/// Mapped properties at fixed positions of a nested JSON array: the map entries `"sc.0": "home"` and
/// `"sc.1": "away"` make one `IndexedFields` for the key `"sc"`, which reads `{"sc":[2,1]}` into both
/// properties and writes them back as one array; `"legs.0.s": "firstSelection"` reads a member of
/// the array's first element (an element that is an object of mapped keys is a `NestedFields`).
///
/// Decoding: elements at positions no entry names are skipped; an array shorter than a mapped
/// position leaves that property as it is, like a missing key. A JSON object in place of the array
/// is read as an object whose keys are the positions (`{"sc":{"0":2}}`), as maps read digits before
/// arrays were supported. Encoding: an array up to the highest mapped position, `null` at positions
/// no entry names (or whose property is `nil` and omitted).
final class IndexedFields: MappedFieldAccess {
    /// The mapped positions in increasing order, each with its plan (a property's, or a nested
    /// object's).
    let elements: [(index: Int, plan: FieldPlan)]
    /// The same entries by their position's text, for an object in place of the array.
    let asObject: NestedFields
    let modelName: String

    init(elements: [(index: Int, plan: FieldPlan)], asObject: NestedFields, modelName: String) {
        self.elements = elements.sorted { $0.index < $1.index }
        self.asObject = asObject
        self.modelName = modelName
    }

    func decode(from parser: inout JSONParser, into object: AnyObject, session: DecodingSession) throws {
        switch parser.peekToken() {
        case UInt8(ascii: "{"):
            try asObject.decode(from: &parser, into: object, session: session)
            return
        case UInt8(ascii: "["):
            break
        default:
            let found = try parser.readValue()
            if case .null = found, session.isLenient {
                session.noteIgnoredNull()
                return
            }
            throw MappingError(.typeMismatch(expected: "an array", found: found.foundDescription))
        }
        try parser.enterContainer()
        if parser.closesImmediately(UInt8(ascii: "]")) { return }
        var position = 0
        var next = 0
        repeat {
            if next < elements.count, elements[next].index == position {
                let plan = elements[next].plan
                session.enter(.index(position))
                do {
                    try plan.access.decode(from: &parser, into: object, session: session)
                } catch let unknown as UnknownEnumCase {
                    // An enum case this build does not know, where the default is kept: the
                    // property stays as it was; the coder read the value.
                    unknown.note(in: session)
                } catch var error as MappingError {
                    session.leave()
                    if !plan.property.isEmpty { error = error.attributed(model: modelName, property: plan.property) }
                    throw error.prefixed(by: .index(position))
                }
                session.leave()
                next += 1
            } else {
                try parser.skipValue()
            }
            position += 1
        } while try parser.nextMember(closing: UInt8(ascii: "]"))
    }

    func write(from object: AnyObject, key: QuotedKey, isFirst: Bool, to writer: inout JSONWriter, session: EncodingSession) throws -> Bool {
        let start = writer.mark
        writer.writeKey(quoted: key, isFirst: isFirst)
        writer.beginArray()
        var wroteAny = false
        var next = 0
        for position in 0...(elements.last?.index ?? -1) {
            var wrote = false
            if next < elements.count, elements[next].index == position {
                let plan = elements[next].plan
                next += 1
                do {
                    wrote = try writer.writeElement(isFirst: position == 0) { writer, placeholder in
                        try plan.access.write(from: object, key: placeholder, isFirst: true, to: &writer, session: session)
                    }
                } catch let error as MappingError {
                    throw error.prefixed(by: .index(position))
                }
            }
            if !wrote {
                writer.writeElementSeparator(isFirst: position == 0)
                writer.writeNull()
            }
            wroteAny = wroteAny || wrote
        }
        guard wroteAny else {
            writer.rewind(to: start)
            return false
        }
        writer.endArray(isEmpty: false)
        return true
    }
}
