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

    /// Specialised for the scalar element types, as `ArrayCoder.decode(from:session:)` is; the entry
    /// only dispatches (see there).
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
        // The order of the elements' compact text, all written into one writer (a writer and an
        // array per element were two allocations each); then the texts copied in that order, or
        // each element written again where the writer lays values out otherwise.
        let items = Array(value)
        var compact = JSONWriter(formatting: [])
        var ends: [Int] = []
        ends.reserveCapacity(items.count)
        for item in items {
            try element.write(item, to: &compact, session: session)
            ends.append(compact.count)
        }
        let texts = WrittenTexts(bytes: compact.output, ends: ends)
        let order = texts.order
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
