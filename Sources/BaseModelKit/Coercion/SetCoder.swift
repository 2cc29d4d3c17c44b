import BaseModelKitJSON
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

    /// Read as an array is, with the same rules; a repeated element is kept once. Not specialised for
    /// the scalar element types (`ArrayCoder`'s decode, which it calls, is): no benchmark row gains 5 % by it.
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> Set<Element> {
        guard parser.peekToken() == UInt8(ascii: "[") else { throw try containerMismatch(at: &parser) }
        return Set(try elements.decode(from: &parser, session: session))
    }

    func decode(_ json: JSON, existing: Set<Element>?, session: DecodingSession) throws -> Set<Element> {
        try decodeByReading(json, existing: existing, session: session)
    }

    /// Written in the order of the elements' compact text. Not specialised for the scalar element
    /// types: no benchmark row gains 5 % by it.
    func write(_ value: Set<Element>, to writer: inout JSONWriter, session: EncodingSession) throws {
        // The order of the elements' compact text, all written into one writer (a writer and an
        // array per element were two allocations each); then the texts copied in that order, or
        // each element written again where the writer lays values out otherwise. Read from the set
        // itself, not copied into an array first: a set not mutated gives its elements in the same
        // order each time, so `items` lines up with the texts.
        var compact = JSONWriter(formatting: [])
        var ends: [Int] = []
        ends.reserveCapacity(value.count)
        for item in value {
            try element.write(item, to: &compact, session: session)
            ends.append(compact.count)
        }
        let texts = WrittenTexts(bytes: compact.output, ends: ends)
        let order = texts.order
        let items = writer.writesCompactly ? [] : Array(value)
        writer.beginArray()
        for (position, index) in order.enumerated() {
            writer.writeElementSeparator(isFirst: position == 0)
            if writer.writesCompactly {
                writer.writeCompactValue(texts[index])
            } else {
                try element.write(items[index], to: &writer, session: session)
            }
        }
        writer.endArray(isEmpty: order.isEmpty)
    }

    func encode(_ value: Set<Element>, session: EncodingSession) throws -> JSON {
        try encodeByWriting(value, session: session)
    }
}

/// Texts written one after another: text `i` ends at `ends[i]`. (Not generic, so that reading them
/// looks nothing up at run time.)
private struct WrittenTexts {
    let bytes: [UInt8]
    let ends: [Int]

    subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
    }

    /// The texts' indices in the order of their bytes.
    var order: [Int] {
        ends.indices.sorted { self[$0].lexicographicallyPrecedes(self[$1]) }
    }
}
