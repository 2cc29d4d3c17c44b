// Coders for the containers of DESIGN.md §2: `Optional`, `Array`, `Set` and `[String: T]`, nested to
// any depth. Elements are decoded by the element's coder; an error in one element carries its index
// or key in the path.

struct OptionalCoder<Wrapped>: ValueCoding {
    let wrapped: any ValueCoding<Wrapped>

    var typeName: String { wrapped.typeName }
    var acceptsNull: Bool { true }
    var mergesIntoExisting: Bool { wrapped.mergesIntoExisting }

    func decode(_ json: JSON, existing: Wrapped??, session: DecodingSession) throws -> Wrapped? {
        if case .null = json { return nil }
        return try wrapped.decode(json, existing: existing ?? nil, session: session)
    }

    func encode(_ value: Wrapped?, session: EncodingSession) throws -> JSON {
        guard let value else { return .null }
        return try wrapped.encode(value, session: session)
    }

    func isNil(_ value: Wrapped?) -> Bool { value == nil }
}

struct ArrayCoder<Element>: ValueCoding {
    let element: any ValueCoding<Element>
    /// Drops elements that fail to map, whatever `DecodingOptions.collections` says.
    var isLossy = false

    var typeName: String { "[\(element.typeName)]" }

    func decode(_ json: JSON, existing: [Element]?, session: DecodingSession) throws -> [Element] {
        guard case .array(let items) = json else { throw mismatch(json) }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let value = try decodeElement(item, at: .index(index), by: element, lossy: isLossy, session: session) {
                result.append(value)
            }
        }
        return result
    }

    func encode(_ value: [Element], session: EncodingSession) throws -> JSON {
        var items: [JSON] = []
        items.reserveCapacity(value.count)
        for (index, item) in value.enumerated() {
            do {
                items.append(try element.encode(item, session: session))
            } catch let error as MappingError {
                throw error.prefixed(by: .index(index))
            }
        }
        return .array(items)
    }
}

struct SetCoder<Element: Hashable>: ValueCoding {
    let element: any ValueCoding<Element>
    var isLossy = false

    var typeName: String { "Set<\(element.typeName)>" }

    func decode(_ json: JSON, existing: Set<Element>?, session: DecodingSession) throws -> Set<Element> {
        guard case .array(let items) = json else { throw mismatch(json) }
        var result = Set<Element>(minimumCapacity: items.count)
        for (index, item) in items.enumerated() {
            if let value = try decodeElement(item, at: .index(index), by: element, lossy: isLossy, session: session) {
                result.insert(value)
            }
        }
        return result
    }

    func encode(_ value: Set<Element>, session: EncodingSession) throws -> JSON {
        var items: [JSON] = []
        items.reserveCapacity(value.count)
        for item in value {
            items.append(try element.encode(item, session: session))
        }
        // A set has no order; sort the written elements so that output stays deterministic.
        let keyed = try items.map { (try $0.serializedBytes(options: EncodingOptions()), $0) }
        return .array(keyed.sorted { $0.0.lexicographicallyPrecedes($1.0) }.map(\.1))
    }
}

struct DictionaryCoder<Value>: ValueCoding {
    let value: any ValueCoding<Value>
    var isLossy = false

    var typeName: String { "[String: \(value.typeName)]" }

    func decode(_ json: JSON, existing: [String: Value]?, session: DecodingSession) throws -> [String: Value] {
        guard case .object(let object) = json else { throw mismatch(json) }
        var result = [String: Value](minimumCapacity: object.count)
        for (key, item) in object {
            if let decoded = try decodeElement(item, at: .dictionaryKey(key), by: value, lossy: isLossy, session: session) {
                result[key] = decoded
            }
        }
        return result
    }

    func encode(_ dictionary: [String: Value], session: EncodingSession) throws -> JSON {
        var object = JSONObject()
        // A dictionary has no order; write its keys sorted so that output stays deterministic.
        for key in dictionary.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            do {
                object[key] = try value.encode(dictionary[key]!, session: session)
            } catch let error as MappingError {
                throw error.prefixed(by: .dictionaryKey(key))
            }
        }
        return .object(object)
    }
}

/// Decodes one element of a collection, putting its index or key in front of the path of any error.
/// `null` is an element only of types that accept it: it cannot be "left unchanged" inside a new
/// collection. Returns `nil` for an element that a lossy collection leaves out.
private func decodeElement<Element>(_ item: JSON, at place: MappingPath.Component, by element: any ValueCoding<Element>, lossy: Bool, session: DecodingSession) throws -> Element? {
    session.enter(place)
    defer { session.leave() }
    do {
        if case .null = item, !element.acceptsNull {
            throw element.mismatch(item)
        }
        return try element.decode(item, existing: nil, session: session)
    } catch let error as MappingError {
        let located = error.prefixed(by: place)
        guard session.dropsFailedElements(lossy: lossy, after: located) else { throw located }
        return nil
    }
}
