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

    var typeName: String { "[\(element.typeName)]" }

    func decode(_ json: JSON, existing: [Element]?, session: DecodingSession) throws -> [Element] {
        guard case .array(let items) = json else { throw mismatch(json) }
        var result: [Element] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            result.append(try decodeElement(item, index: index, by: element, session: session))
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

    var typeName: String { "Set<\(element.typeName)>" }

    func decode(_ json: JSON, existing: Set<Element>?, session: DecodingSession) throws -> Set<Element> {
        guard case .array(let items) = json else { throw mismatch(json) }
        var result = Set<Element>(minimumCapacity: items.count)
        for (index, item) in items.enumerated() {
            result.insert(try decodeElement(item, index: index, by: element, session: session))
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

    var typeName: String { "[String: \(value.typeName)]" }

    func decode(_ json: JSON, existing: [String: Value]?, session: DecodingSession) throws -> [String: Value] {
        guard case .object(let object) = json else { throw mismatch(json) }
        var result = [String: Value](minimumCapacity: object.count)
        for (key, item) in object {
            if case .null = item, !value.acceptsNull {
                throw value.mismatch(item).prefixed(by: .dictionaryKey(key))
            }
            do {
                result[key] = try value.decode(item, existing: nil, session: session)
            } catch let error as MappingError {
                throw error.prefixed(by: .dictionaryKey(key))
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

/// Decodes one element of an array, putting its index in front of the path of any error. `null` is
/// an element only of types that accept it: it cannot be "left unchanged" inside a new array.
private func decodeElement<Element>(_ item: JSON, index: Int, by element: any ValueCoding<Element>, session: DecodingSession) throws -> Element {
    if case .null = item, !element.acceptsNull {
        throw element.mismatch(item).prefixed(by: .index(index))
    }
    do {
        return try element.decode(item, existing: nil, session: session)
    } catch let error as MappingError {
        throw error.prefixed(by: .index(index))
    }
}
