import Foundation

/// `Set` of any hashable mapped type: a JSON array, written in the order of its elements' JSON text (a
/// set has none of its own, and output stays deterministic).
struct SetCoder<Element: Hashable>: ValueCoding {
    let element: any ValueCoding<Element>
    /// The array the set is read as.
    private let elements: ArrayCoder<Element>

    init(element: any ValueCoding<Element>, isLossy: Bool = false) {
        self.element = element
        elements = ArrayCoder(element: element, isLossy: isLossy)
    }

    var typeName: String { "Set<\(element.typeName)>" }

    /// Read as an array is, with the same rules; a repeated element is kept once. Specialised for the
    /// scalar element types (see `ArrayCoder.decode(from:session:)`).
    @_specialize(where Element == Int)
    @_specialize(where Element == Int8)
    @_specialize(where Element == Int16)
    @_specialize(where Element == Int32)
    @_specialize(where Element == Int64)
    @_specialize(where Element == UInt)
    @_specialize(where Element == UInt8)
    @_specialize(where Element == UInt16)
    @_specialize(where Element == UInt32)
    @_specialize(where Element == UInt64)
    @_specialize(where Element == Float)
    @_specialize(where Element == Double)
    @_specialize(where Element == Decimal)
    @_specialize(where Element == Bool)
    @_specialize(where Element == String)
    @_specialize(where Element == Character)
    @_specialize(where Element == Date)
    @_specialize(where Element == URL)
    @_specialize(where Element == UUID)
    @_specialize(where Element == Data)
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Set<Element> {
        try readSet(from: &parser, session: session)
    }

    @inline(never)
    private func readSet(from parser: inout JSONParser, session: DecodingSession) throws -> Set<Element> {
        guard parser.peekToken() == UInt8(ascii: "[") else { throw try containerMismatch(at: &parser) }
        return Set(try elements.decode(from: &parser, session: session))
    }

    func decode(_ json: JSON, existing: Set<Element>?, session: DecodingSession) throws -> Set<Element> {
        try decodeByReading(json, existing: existing, session: session)
    }

    @_specialize(where Element == Int)
    @_specialize(where Element == Int8)
    @_specialize(where Element == Int16)
    @_specialize(where Element == Int32)
    @_specialize(where Element == Int64)
    @_specialize(where Element == UInt)
    @_specialize(where Element == UInt8)
    @_specialize(where Element == UInt16)
    @_specialize(where Element == UInt32)
    @_specialize(where Element == UInt64)
    @_specialize(where Element == Float)
    @_specialize(where Element == Double)
    @_specialize(where Element == Decimal)
    @_specialize(where Element == Bool)
    @_specialize(where Element == String)
    @_specialize(where Element == Character)
    @_specialize(where Element == Date)
    @_specialize(where Element == URL)
    @_specialize(where Element == UUID)
    @_specialize(where Element == Data)
    func write(_ value: Set<Element>, to writer: inout JSONWriter, session: EncodingSession) throws {
        try writeElements(value, to: &writer, session: session)
    }

    @inline(never)
    private func writeElements(_ value: Set<Element>, to writer: inout JSONWriter, session: EncodingSession) throws {
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
