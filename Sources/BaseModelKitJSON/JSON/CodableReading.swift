/// How `JSON` values are read from any `Decoder`, which cannot be asked what kind of value it holds:
/// only asked for a container or a type, failing when it holds another. A failed request costs a
/// `DecodingError` with its coding path — work that grows with the depth (`JSONDecoder`) — so trying
/// the kinds in a fixed order at every level made a deep array cost the cube of its depth.
///
/// So each value is first asked for the kind of container its previous sibling was (the parent's kind
/// for a first child), or for a scalar after a scalar: a uniform document — arrays in arrays, objects
/// of objects — makes no failed container request at all. Depth is counted on the way down and bounded by `maxDepth`, which also
/// stops a property list whose references form a cycle.
enum CodableReading {
    /// The kind of a JSON value.
    enum Kind: Sendable {
        case object, array, null, bool, number, string
    }

    /// The deepest nesting read, as `JSON(parsing:)` allows by default.
    static let maxDepth = JSON.ParsingOptions().maxDepth

    /// The depth of the value being read, on this task.
    @TaskLocal static var depth = 0

    /// The value `decoder` holds and its kind, asking for `guess` first.
    static func read(from decoder: any Decoder, guess: Kind) throws -> (value: JSON, kind: Kind) {
        guard depth < maxDepth else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "JSON values nest deeper than \(maxDepth) levels (or their references form a cycle)."))
        }
        return try $depth.withValue(depth + 1) {
            var numberError: (any Error)?
            for kind in order(startingWith: guess) {
                do {
                    if let found = try value(of: kind, in: decoder) { return (found, kind) }
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

    /// The kinds in the order to ask for them: a container first when `guess` is one, the scalars
    /// otherwise — always in the same order among themselves (`null`, Boolean, number, string), since
    /// some decoders read a Boolean as a number and a number as a Boolean.
    private static func order(startingWith guess: Kind) -> [Kind] {
        switch guess {
        case .object: [.object, .array, .null, .bool, .number, .string]
        case .array: [.array, .object, .null, .bool, .number, .string]
        default: [.null, .bool, .number, .string, .object, .array]
        }
    }

    /// A request for one kind that the decoder refused.
    private struct NotThisKind: Error {
        let cause: any Error
    }

    /// The value as `kind`, or `nil` when the decoder holds another kind. Errors inside a container
    /// (a value deeper down) are thrown.
    private static func value(of kind: Kind, in decoder: any Decoder) throws -> JSON? {
        switch kind {
        case .object:
            guard let container = try? decoder.container(keyedBy: AnyCodingKey.self) else { return nil }
            return .object(try object(in: container))
        case .array:
            guard var container = try? decoder.unkeyedContainer() else { return nil }
            var elements: [JSON] = []
            if let count = container.count { elements.reserveCapacity(count) }
            var guess = Kind.array
            while !container.isAtEnd {
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
                return .number(try decoder.singleValueContainer().decode(JSONNumber.self))
            } catch {
                throw NotThisKind(cause: error)
            }
        case .string:
            return (try? decoder.singleValueContainer().decode(String.self)).map(JSON.string)
        }
    }

    /// The members of a keyed container, each value guessed from the one before.
    static func object(in container: KeyedDecodingContainer<AnyCodingKey>) throws -> JSONObject {
        var object = JSONObject()
        var guess = Kind.object
        for key in container.allKeys {
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
