import BaseModelKitJSON
/// Input that cannot be mapped: JSON that is malformed, of the wrong type, a value that JSON or the
/// target type cannot hold, or one that a transformer or `didDeserialize` refused. It says where (the
/// JSON path), into what (model and property), and what was expected and found:
///
///     Expected Double at b[3].a (Bet.amount) but found a string "abc".
public struct MappingError: Error, CustomStringConvertible {
    /// What went wrong, as data; `description` turns it into text.
    public enum Reason: Sendable {
        /// The document is not JSON, or breaks a limit of the options (`maxDepth`,
        /// `maxStreamedValueBytes`) as it is read.
        case malformedJSON(JSONSyntaxError)
        /// A value of another JSON type than the property accepts. `found` describes the value.
        case typeMismatch(expected: String, found: String)
        /// A value that the property's type cannot hold exactly (1.5 into `Int`, 300 into `Int8`).
        case notExact(expected: String, found: String)
        /// A value that JSON cannot represent (NaN, infinity).
        case notRepresentable(String)
        /// A transformer threw this error while converting the value.
        case transformFailed(any Error)
        /// The model's `didDeserialize()` threw this error.
        case rejected(any Error)
        /// The model's overridden `deserialize(_:)` or `serialize()` (named in `hook`) threw this
        /// error of its own (errors of the engine that a hook passes on keep their own reason).
        case hookFailed(hook: String, error: any Error)
        /// Objects nested deeper than the limit while writing (most often a cycle of references).
        case tooDeep(limit: Int)
        /// Models or values nested so deep that going one level further would overflow the thread's
        /// stack (possible only with `maxDepth` raised far above its default, or on a small stack).
        case stackExhausted
        /// Nothing at a path the caller named: a designated path or a message's type key. The text
        /// says what is missing (`key "events"`, `element 5 (the array has 3)`).
        case notFound(String)
        /// A message whose type no class is registered for in a `MessageRouter`.
        case unknownMessageType(String)
        /// A key that the model's map does not name, with `DecodingOptions.unknownKeys` set to `.reject`.
        case unknownKey
        /// The model (named) is being updated by another thread at this moment, or is being encoded
        /// by another thread while this call wanted to update it — like Swift's exclusivity checks
        /// for variables, for a model graph. The call made no change.
        case concurrentUpdate(String)
        /// A key the class requires (`requiredKeys`, or a non-optional property with
        /// `DecodingOptions.missingKeys` set to `.errorForNonOptional`) is missing from an object; the
        /// path is the object's.
        case missingKey(String)
        /// An update gives another value to a key the class's `fixedKeys` names, in an object that
        /// exists: the key, its value now and the value the update gives (as JSON text).
        case fixedKeyChanged(key: String, current: String, found: String)
        /// An update meets a key twice in one object where it merges the key's value into what the
        /// model holds — a nested model, a collection of models, an identity: which value to merge is
        /// ambiguous (RFC 8259 leaves objects with repeated names unpredictable). The path ends at the
        /// key.
        case repeatedKey
        /// An update lists one identity twice in a partial collection (`BaseModel.partialCollections`):
        /// which listing to apply is ambiguous, as with a repeated key. The identity as JSON text; the
        /// path ends at the second listing's identity.
        case repeatedIdentity(String)
    }

    /// What went wrong.
    public let reason: Reason
    /// Where in the JSON document.
    public internal(set) var path: MappingPath
    /// The model class whose property was being mapped, when there was one.
    public internal(set) var model: String?
    /// The property being mapped, when there was one.
    public internal(set) var property: String?

    /// An error with its reason and place.
    init(_ reason: Reason, path: MappingPath = MappingPath(), model: String? = nil, property: String? = nil) {
        self.reason = reason
        self.path = path
        self.model = model
        self.property = property
    }

    /// The JSON syntax error, when the document was not JSON.
    public var syntaxError: JSONSyntaxError? {
        if case .malformedJSON(let error) = reason { return error }
        return nil
    }

    /// The error a transformer, a hook or `didDeserialize()` threw, when one did.
    public var underlyingError: (any Error)? {
        switch reason {
        case .transformFailed(let error), .rejected(let error), .hookFailed(_, let error): return error
        default: return nil
        }
    }

    /// The error as one sentence.
    public var description: String {
        var place = "at \(path)"
        if let model, let property {
            place += " (\(model).\(property))"
        } else if let model {
            place += " (\(model))"
        }
        switch reason {
        case .malformedJSON(let error):
            return error.isLimit ? error.description : "The data is not valid JSON. \(error)"
        case .typeMismatch(let expected, let found):
            return "Expected \(expected) \(place) but found \(found)."
        case .notExact(let expected, let found):
            return "Expected \(expected) \(place) but found \(found), which \(expected) cannot hold exactly."
        case .notRepresentable(let value):
            return "Cannot write \(value) \(place): JSON has no representation for it."
        case .transformFailed(let error):
            return "Could not convert the value \(place): \(error)"
        case .hookFailed(let hook, let error):
            return "The object \(place) was refused by its \(hook) override: \(error)"
        case .rejected(let error):
            return "The object \(place) was rejected by didDeserialize(): \(error)"
        case .tooDeep(let limit):
            return "Cannot write the object \(place): models nest deeper than \(limit) levels (a cycle of references?); raise EncodingOptions.maxDepth if the nesting is real."
        case .unknownKey:
            return "Unexpected key \(place): the map does not name it, and DecodingOptions.unknownKeys is .reject."
        case .unknownMessageType(let type):
            return "No class is registered for the message type \"\(type)\" \(place)."
        case .notFound(let what):
            return "Found no \(what) \(place)."
        case .missingKey(let key):
            return "Missing key \"\(key)\" \(place)."
        case .fixedKeyChanged(let key, let current, let found):
            return "The key \"\(key)\" \(place) cannot change in an update: it is \(current), and the update says \(found)."
        case .repeatedKey:
            return "Repeated key \(place) in an update: an update merges this key's value into what the model holds, so the key must appear once in its object."
        case .repeatedIdentity(let id):
            return "Repeated identity \(id) \(place) in an update: a partial collection's update lists each element once."
        case .concurrentUpdate(let model):
            return "Concurrent update of \(model) \(place): another thread is updating or encoding this object at the same moment. Let one owner (an actor, a serial queue) apply the updates to a shared model, or update a copy."
        case .stackExhausted:
            return "Cannot go deeper \(place): the nesting would overflow this thread's stack; lower maxDepth, or run the call on a thread with a larger stack."
        }
    }

    /// The error with `component` put in front of its path (used while an error travels outwards).
    func prefixed(by component: MappingPath.Component) -> MappingError {
        var copy = self
        copy.path.components.insert(component, at: 0)
        return copy
    }

    /// Refuses to enter one more nested model when the thread's stack is nearly used up (see
    /// `StackGuard.Limit`, found once per call for its thread; `nil`: unknown, no check): an error
    /// instead of a crash, whatever `maxDepth` allows.
    @inline(__always)
    static func checkStackRoom(_ limit: StackGuard.Limit?) throws(MappingError) {
        guard limit?.allowsDeeper() ?? true else { throw MappingError(.stackExhausted) }
    }

    /// The error attributed to `model`, unless a deeper level already named one.
    func attributed(model: String) -> MappingError {
        guard self.model == nil else { return self }
        var copy = self
        copy.model = model
        return copy
    }

    /// The error attributed to `property` of `model`, unless a deeper level already named one.
    func attributed(model: String, property: String) -> MappingError {
        guard self.model == nil else { return self }
        var copy = self
        copy.model = model
        copy.property = property
        return copy
    }
}

extension MappingError {
    /// The error for a number that JSON cannot represent: named in messages as `NaN`, `infinity`,
    /// `-infinity`.
    static func nonFinite(_ value: Double) -> MappingError {
        MappingError(.notRepresentable(value.isNaN ? "NaN" : value < 0 ? "-infinity" : "infinity"))
    }

    /// What the JSON writer could not write, with its path inside the value written.
    init(_ unwritable: JSONWritingError) {
        switch unwritable.reason {
        case .notRepresentable(let value): self = MappingError.nonFinite(value)
        case .stackExhausted: self = MappingError(.stackExhausted)
        }
        path = MappingPath(unwritable.path.map { step -> MappingPath.Component in
            switch step {
            case .key(let key): .key(key)
            case .index(let index): .index(index)
            }
        })
    }
}

extension JSON {
    /// How a found value is named in messages: `a string "abc"`, `the number 1.5`, `null`.
    var foundDescription: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return "the Boolean \(value)"
        case .number(let number): return "the number \(number.text)"
        case .string(let string):
            let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
            return "a string \"\(shown)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension MappingError.Reason {
    /// Whether the error concerns one value — which a lossy collection may leave out — rather than
    /// the document, the limits or the program.
    var isAboutTheValue: Bool {
        switch self {
        case .typeMismatch, .notExact, .notRepresentable, .transformFailed, .rejected, .hookFailed, .notFound, .unknownMessageType, .unknownKey,
             .missingKey, .fixedKeyChanged, .repeatedKey, .repeatedIdentity:
            return true
        case .malformedJSON, .tooDeep, .stackExhausted, .concurrentUpdate:
            return false
        }
    }
}
