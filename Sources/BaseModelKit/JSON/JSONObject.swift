/// A JSON object: string keys in the order they were read or inserted, each with one value.
///
/// It reads like a dictionary (`object["fn"]`, `object["fn"] = "Ann"`), keeps its keys in order for
/// deterministic output, and compares like a dictionary: two objects with the same keys and values are
/// equal whatever their order. Setting a key that exists replaces its value in place; setting `nil`
/// removes the key. When a document repeats a key, the last value wins and the key keeps the position
/// of its first appearance.
public struct JSONObject: Sendable {
    /// Objects up to this size are searched linearly; larger ones keep a key index.
    static let indexThreshold = 12

    public private(set) var keys: [String]
    public private(set) var values: [JSON]
    /// Position of each key, present only when the object is larger than `indexThreshold`.
    private var index: [String: Int]?

    /// An empty object.
    public init() {
        keys = []
        values = []
        index = nil
    }

    /// An object with these entries in this order; a repeated key keeps its first position and its
    /// last value.
    public init<S: Sequence>(_ entries: S) where S.Element == (String, JSON) {
        self.init()
        for (key, value) in entries {
            self[key] = value
        }
    }

    /// Builds an object from keys and values read in order, applying "last one wins" to repeated keys.
    init(readKeys: ArraySlice<String>, values readValues: ArraySlice<JSON>) {
        if readKeys.count <= JSONObject.indexThreshold {
            var keys = [String]()
            var values = [JSON]()
            keys.reserveCapacity(readKeys.count)
            values.reserveCapacity(readKeys.count)
            outer: for (key, value) in zip(readKeys, readValues) {
                for position in keys.indices where keys[position] == key {
                    values[position] = value
                    continue outer
                }
                keys.append(key)
                values.append(value)
            }
            self.keys = keys
            self.values = values
            self.index = nil
        } else {
            var index = [String: Int](minimumCapacity: readKeys.count)
            var keys = [String]()
            var values = [JSON]()
            keys.reserveCapacity(readKeys.count)
            values.reserveCapacity(readKeys.count)
            for (key, value) in zip(readKeys, readValues) {
                if let position = index[key] {
                    values[position] = value
                } else {
                    index[key] = keys.count
                    keys.append(key)
                    values.append(value)
                }
            }
            self.keys = keys
            self.values = values
            self.index = index
        }
    }

    /// The number of keys.
    public var count: Int { keys.count }

    /// Whether the object has no keys.
    public var isEmpty: Bool { keys.isEmpty }

    /// The position of `key`, or `nil` when the object does not have it.
    func position(of key: String) -> Int? {
        if let index {
            return index[key]
        }
        return keys.firstIndex(of: key)
    }

    /// The value for `key`, or `nil` when the object does not have it. Setting a value replaces the
    /// existing one in place or appends the key; setting `nil` removes the key.
    public subscript(key: String) -> JSON? {
        get {
            guard let position = position(of: key) else { return nil }
            return values[position]
        }
        set {
            if let newValue {
                if let position = position(of: key) {
                    values[position] = newValue
                } else {
                    keys.append(key)
                    values.append(newValue)
                    if index != nil {
                        index![key] = keys.count - 1
                    } else if keys.count > JSONObject.indexThreshold {
                        rebuildIndex()
                    }
                }
            } else if let position = position(of: key) {
                keys.remove(at: position)
                values.remove(at: position)
                index = nil
                if keys.count > JSONObject.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    private mutating func rebuildIndex() {
        var index = [String: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() {
            index[key] = position
        }
        self.index = index
    }
}

extension JSONObject: Sequence {
    /// Iterates over `(key, value)` pairs in key order.
    public func makeIterator() -> Zip2Sequence<[String], [JSON]>.Iterator {
        zip(keys, values).makeIterator()
    }

    /// The number of keys.
    public var underestimatedCount: Int { keys.count }
}

extension JSONObject: Hashable {
    /// Objects are equal when they have the same keys with equal values, in any order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        if lhs.keys == rhs.keys {
            return lhs.values == rhs.values
        }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    /// Hashes the entries independently of their order, to agree with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in self {
            var entryHasher = Hasher()
            entryHasher.combine(key)
            entryHasher.combine(value)
            combined ^= entryHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object with the literal's entries in the literal's order.
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }
}

extension JSONObject: CustomStringConvertible {
    /// The object as compact JSON text.
    public var description: String { JSON.object(self).description }
}
