import BaseModelKitJSON
/// Models through `Codable` coders: a model decodes from, and encodes to, the JSON value its maps
/// make — its minified keys, transformers and hooks — carried by the coder's own containers.
///
/// Decoding reads the coder's value into a `JSON` object (`JSON.init(from:)`) and fills the model
/// from it with the engine's member loop; encoding writes what `serialize()` makes
/// (`JSON.encode(to:)`). A `MappingError` becomes the coder's error (`DecodingError.dataCorrupted` or
/// `EncodingError.invalidValue`) with the whole path — the coder's, then the model's — and the
/// `MappingError` as its underlying error.
enum CodableBridge {
    /// Fills `model`, just made with `init()`, from the value `decoder` holds: read with what its
    /// class's values showed before (`CodableReading.memory`), so that a list of models asks the
    /// decoder for each value's kind once.
    static func fill(_ model: BaseModel, from decoder: any Decoder) throws {
        let memory = (try? PlanRegistry.plan(for: type(of: model)))?.codableReading
        var value = try CodableReading.$memory.withValue(memory ?? CodableReading.memory) { try JSON(from: decoder) }
        // A positional model's array, as its tree form: an object keyed by the positions' text.
        if case .array(let elements) = value, type(of: model).isPositional {
            value = .object(ModelDecoding.positionalObject(elements))
        }
        guard case .object(let object) = value else {
            throw DecodingError.typeMismatch(JSONObject.self, DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Expected an object for \(type(of: model)) but found \(value.foundDescription)."))
        }
        let options = decoder.userInfo[.decodingOptions] as? DecodingOptions ?? DecodingOptions()
        let session = DecodingSession(options: options, isUpdate: false)
        do {
            try CurrentSession.$decoding.withValue(session) {
                try ModelDecoding.fill(model, from: object, session: session, isExisting: false)
            }
        } catch let error as MappingError {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath + error.path.codingKeys,
                debugDescription: error.description,
                underlyingError: error))
        }
    }

    /// Writes the JSON value of `model` (an object, or a positional model's array) with `encoder`'s containers.
    static func encode(_ model: BaseModel, to encoder: any Encoder) throws {
        let options = encoder.userInfo[.encodingOptions] as? EncodingOptions ?? EncodingOptions()
        let value: JSON
        do {
            value = try ModelEncoding.jsonTopLevel(model, session: EncodingSession(options: options))
        } catch let error as MappingError {
            throw EncodingError.invalidValue(model, EncodingError.Context(
                codingPath: encoder.codingPath + error.path.codingKeys,
                debugDescription: error.description,
                underlyingError: error))
        }
        try value.encode(to: encoder)
    }
}

extension MappingPath {
    /// The path as coding keys, for a coder's error.
    var codingKeys: [any CodingKey] {
        components.map { component -> any CodingKey in
            switch component {
            case .key(let key), .dictionaryKey(let key): return AnyCodingKey(stringValue: key)
            case .index(let index): return AnyCodingKey(intValue: index)
            }
        }
    }
}

extension CodingUserInfoKey {
    /// The `DecodingOptions` models decode with inside a `Codable` decoder:
    /// `decoder.userInfo[.decodingOptions] = options`. The default options otherwise.
    public static let decodingOptions = CodingUserInfoKey(rawValue: "BaseModelKit.DecodingOptions")!

    /// The `EncodingOptions` models encode with inside a `Codable` encoder (`nilEncoding`, dates):
    /// `encoder.userInfo[.encodingOptions] = options`. The default options otherwise.
    public static let encodingOptions = CodingUserInfoKey(rawValue: "BaseModelKit.EncodingOptions")!
}
