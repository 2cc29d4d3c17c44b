/// `Set` of any hashable mapped type: a JSON array, written in the order of its elements' JSON text (a
/// set has none of its own, and output stays deterministic).
struct SetCoder<Element: Hashable>: ValueCoding {
    let element: any ValueCoding<Element>
    var isLossy = false

    var typeName: String { "Set<\(element.typeName)>" }

    /// Read as an array is, with the same rules; a repeated element is kept once.
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Set<Element> {
        guard parser.peekToken() == UInt8(ascii: "[") else { throw try containerMismatch(at: &parser) }
        return Set(try ArrayCoder(element: element, isLossy: isLossy).decode(from: &parser, session: session))
    }

    func decode(_ json: JSON, existing: Set<Element>?, session: DecodingSession) throws -> Set<Element> {
        try decodeByReading(json, existing: existing, session: session)
    }

    func write(_ value: Set<Element>, to writer: inout JSONWriter, session: EncodingSession) throws {
        // The order of the elements' compact text, then each written as the writer lays it out.
        let items = Array(value)
        var texts: [[UInt8]] = []
        texts.reserveCapacity(items.count)
        for item in items {
            var compact = JSONWriter(formatting: [])
            try element.write(item, to: &compact, session: session)
            texts.append(compact.output)
        }
        let order = texts.indices.sorted { texts[$0].lexicographicallyPrecedes(texts[$1]) }
        writer.beginArray()
        for (position, index) in order.enumerated() {
            writer.writeElementSeparator(isFirst: position == 0)
            try element.write(items[index], to: &writer, session: session)
        }
        writer.endArray(isEmpty: order.isEmpty)
    }

    func encode(_ value: Set<Element>, session: EncodingSession) throws -> JSON {
        try encodeByWriting(value, session: session)
    }
}
