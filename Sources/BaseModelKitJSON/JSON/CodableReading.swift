/// How `JSON` values are read from any `Decoder`, which cannot be asked what kind of value it holds:
/// only asked for a container or a type, failing when it holds another. A failed request costs a
/// `DecodingError` with its coding path — work that grows with the depth (`JSONDecoder`) — so trying
/// the kinds in a fixed order at every level made a deep array cost the cube of its depth.
///
/// So each value is first asked for the kind its key's values had before in the same read (`Memory`),
/// else for the kind of container its previous sibling was (the parent's kind for a first child), or
/// for a scalar after a scalar: a uniform document — arrays in arrays, objects of objects, a list of
/// records whose keys keep one kind each — makes no failed request at all once each key was met.
/// Depth is counted on the way down and bounded by `maxDepth`, which also stops a property list whose
/// references form a cycle.
package enum CodableReading {
    /// The kind of a JSON value.
    enum Kind: Sendable {
        case object, array, null, bool, number, string
    }

    /// The deepest nesting read, as `JSON(parsing:)` allows by default.
    static let maxDepth = JSON.ParsingOptions().maxDepth

    /// The depth of the value being read, on this task.
    @TaskLocal static var depth = 0

    /// What the values read on this task have shown so far, by member key (`"tags[]"` for the
    /// elements of the array at `"tags"`): the kind of each key's value, and the type its number was
    /// read as. The outermost value read makes one, unless its reader brings its own (a model class
    /// keeps one for all its reads). Behind a lock, as a task's locals are seen by the tasks it
    /// starts; what one read leaves for another is a guess, which the decoder confirms or refuses.
    @TaskLocal package static var memory: Lock<Memory>?

    package struct Memory {
        var kinds: [String: Kind] = [:]
        var numbers: [String: JSONNumber.DecodedType] = [:]
        /// The key of the value about to be read, set by its container.
        var pending: String?

        package init() {}

        /// Keys beyond this many are not remembered: input names its keys, and memory kept by a
        /// class outlives the input.
        static let capacity = 256

        mutating func remember(_ kind: Kind, forKey key: String) {
            if kinds.count < Self.capacity || kinds[key] != nil { kinds[key] = kind }
        }

        mutating func remember(_ type: JSONNumber.DecodedType, forKey key: String) {
            if numbers.count < Self.capacity || numbers[key] != nil { numbers[key] = type }
        }
    }

    /// The value `decoder` holds and its kind, asking for the kind its key had before, or `guess`,
    /// first.
    static func read(from decoder: any Decoder, guess: Kind) throws -> (value: JSON, kind: Kind) {
        guard let memory else {
            return try $memory.withValue(Lock.make(Memory())) { try read(from: decoder, guess: guess) }
        }
        guard depth < maxDepth else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "JSON values nest deeper than \(maxDepth) levels (or their references form a cycle)."))
        }
        let (key, known, number) = memory.withLock { memory in
            let key = memory.pending.take()
            return (key, key.flatMap { memory.kinds[$0] }, key.flatMap { memory.numbers[$0] })
        }
        let first = known ?? guess
        return try $depth.withValue(depth + 1) {
            var numberError: (any Error)?
            for kind in order(startingWith: first) {
                do {
                    guard var found = try value(of: kind, in: decoder, key: key, numberType: number, memory: memory) else { continue }
                    var foundKind = kind
                    // Asked before `bool`, a number 0 or 1 may be a Boolean that the decoder reads as
                    // a number too: the order `null`, `bool`, `number` decides, as without a guess.
                    if kind == .number, first == .number, case .number(let read) = found, read.int64 == 0 || read.int64 == 1,
                       let bool = try? decoder.singleValueContainer().decode(Bool.self) {
                        (found, foundKind) = (.bool(bool), .bool)
                    }
                    if let key, known != foundKind { memory.withLock { $0.remember(foundKind, forKey: key) } }
                    return (found, foundKind)
                } catch let error as NotThisKind {
                    // A number the decoder cannot represent (`1e400`) says so better than the rest.
                    if kind == .number { numberError = error.cause }
                }
            }
            if let numberError { throw numberError }
            let container = try decoder.singleValueContainer()
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a JSON value (null, a Boolean, a number, a string, an array or an object).")
        }
    }

    /// The kinds in the order to ask for them: a guessed container first; for a scalar `null` (a
    /// request that fails without an error, and a property list's `null` is a string that only it
    /// reads as `null`), then the guessed scalar, then the others in the order that decides between
    /// them (Boolean, number, string: some decoders read a Boolean as a number, which `read` checks
    /// for a number asked for before Booleans), then the containers.
    private static func order(startingWith guess: Kind) -> [Kind] {
        switch guess {
        case .object: [.object, .array, .null, .bool, .number, .string]
        case .array: [.array, .object, .null, .bool, .number, .string]
        case .number: [.null, .number, .bool, .string, .object, .array]
        case .string: [.null, .string, .bool, .number, .object, .array]
        case .null, .bool: [.null, .bool, .number, .string, .object, .array]
        }
    }

    /// A request for one kind that the decoder refused.
    private struct NotThisKind: Error {
        let cause: any Error
    }

    /// The value as `kind`, or `nil` when the decoder holds another kind. Errors inside a container
    /// (a value deeper down) are thrown. `key` is the value's key in `memory`, `numberType` the type
    /// a number there was read as before.
    private static func value(of kind: Kind, in decoder: any Decoder, key: String?, numberType: JSONNumber.DecodedType?, memory: Lock<Memory>) throws -> JSON? {
        switch kind {
        case .object:
            guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return nil }
            return .object(try object(in: container))
        case .array:
            guard var container = try? decoder.unkeyedContainer() else { return nil }
            var elements: [JSON] = []
            if let count = container.count { elements.reserveCapacity(count) }
            var guess = Kind.array
            let elementKey = key.map { $0 + "[]" }
            while !container.isAtEnd {
                memory.withLock { $0.pending = elementKey }
                let element = try container.decode(GuidedValueResult.self, guess: guess)
                elements.append(element.value)
                guess = element.kind
            }
            return .array(elements)
        case .null:
            guard let container = try? decoder.singleValueContainer(), container.decodeNil() else { return nil }
            return .null
        case .bool:
            return (try? decoder.singleValueContainer().decode(Bool.self)).map(JSON.bool)
        case .number:
            do {
                let (number, type) = try JSONNumber.decoded(from: decoder.singleValueContainer(), tryingFirst: numberType)
                if let key, type != numberType { memory.withLock { $0.remember(type, forKey: key) } }
                return .number(number)
            } catch {
                throw NotThisKind(cause: error)
            }
        case .string:
            return (try? decoder.singleValueContainer().decode(String.self)).map(JSON.string)
        }
    }

    /// The members of a keyed container, each value guessed from what its key held before, else
    /// from the one before it.
    static func object(in container: KeyedDecodingContainer<AnyCodingKey>) throws -> JSONObject {
        guard let memory else {
            return try $memory.withValue(Lock.make(Memory())) { try CodableReading.object(in: container) }
        }
        var object = JSONObject()
        var guess = Kind.object
        for key in container.allKeys {
            memory.withLock { $0.pending = key.stringValue }
            let member = try container.decode(GuidedValueResult.self, forKey: key, guess: guess)
            object[key.stringValue] = member.value
            guess = member.kind
        }
        return object
    }
}

/// A `JSON` value read with a guess of its kind: `Guess` names the kind to ask for first (a type
/// parameter, since a `Decodable` type's `init(from:)` takes nothing else).
private struct GuidedValue<Guess: KindGuess>: Decodable {
    let value: JSON
    let kind: CodableReading.Kind

    init(from decoder: any Decoder) throws {
        (value, kind) = try CodableReading.read(from: decoder, guess: Guess.kind)
    }
}

private protocol KindGuess {
    static var kind: CodableReading.Kind { get }
}

private enum GuessObject: KindGuess { static var kind: CodableReading.Kind { .object } }
private enum GuessArray: KindGuess { static var kind: CodableReading.Kind { .array } }
private enum GuessScalar: KindGuess { static var kind: CodableReading.Kind { .null } }

/// The decode calls with the guess as a type.
private struct GuidedValueResult {
    let value: JSON
    let kind: CodableReading.Kind
}

extension UnkeyedDecodingContainer {
    fileprivate mutating func decode(_: GuidedValueResult.Type, guess: CodableReading.Kind) throws -> GuidedValueResult {
        switch guess {
        case .object: return GuidedValueResult(try decode(GuidedValue<GuessObject>.self))
        case .array: return GuidedValueResult(try decode(GuidedValue<GuessArray>.self))
        case .null, .bool, .number, .string: return GuidedValueResult(try decode(GuidedValue<GuessScalar>.self))
        }
    }
}

extension KeyedDecodingContainer {
    fileprivate func decode(_: GuidedValueResult.Type, forKey key: Key, guess: CodableReading.Kind) throws -> GuidedValueResult {
        switch guess {
        case .object: return GuidedValueResult(try decode(GuidedValue<GuessObject>.self, forKey: key))
        case .array: return GuidedValueResult(try decode(GuidedValue<GuessArray>.self, forKey: key))
        case .null, .bool, .number, .string: return GuidedValueResult(try decode(GuidedValue<GuessScalar>.self, forKey: key))
        }
    }
}

extension GuidedValueResult {
    fileprivate init<Guess>(_ guided: GuidedValue<Guess>) {
        self.init(value: guided.value, kind: guided.kind)
    }
}
