import BaseModelKitJSON
/// Services derived from the maps: a deep copy of a model graph, and a description of a model's
/// mapped properties.
enum ModelCopying {
    /// A new graph with the same mapped values as `model`'s: `model` is written with its maps
    /// (`serialize()` hooks included, `nil` written as `null` so that the copy's defaults do not show
    /// through) and read back into a new object of exactly its class, whose nested models, arrays and
    /// dictionaries are new as well. What the maps do not name is not copied: the copy's unmapped
    /// properties are those of `init()`. References shared inside the graph become separate copies.
    static func copy(of model: BaseModel) throws -> sending BaseModel {
        var options = EncodingOptions()
        options.nilEncoding = .null
        options.maxDepth = DecodingOptions().maxDepth
        let bytes = try ModelEncoding.bytes(of: [model], asArray: false, session: EncodingSession(options: options))
        let type = Swift.type(of: model)
        let copy = type.init()
        let session = DecodingSession(options: DecodingOptions(), isUpdate: false)
        do {
            try CurrentSession.$decoding.withValue(session) {
                try DocumentBytes.reading(bytes) { document in
                    var parser = try JSONParser(bytes: document, maxDepth: session.options.maxDepth)
                    try ModelDecoding.fill(copy, parser: &parser, session: session, isExisting: false, plan: try PlanRegistry.plan(for: type))
                }
            }
        } catch let error as JSONSyntaxError {
            throw MappingError(.malformedJSON(error))
        }
        return copy
    }

    /// `Bet(betId: "b1", amount: 2.5, legs: [{"s":"Home"}])`: the class, then each mapped property in
    /// declaration order with its value as the maps write it (nested models as their JSON).
    static func description(of model: BaseModel) -> String {
        let name = String(describing: type(of: model))
        guard let plan = try? PlanRegistry.plan(for: type(of: model)) else { return "\(name)(mapping tables invalid)" }
        var options = EncodingOptions()
        options.nilEncoding = .null
        let object: JSONObject
        do {
            object = try ModelEncoding.serializeTopLevel(model, session: EncodingSession(options: options))
        } catch {
            return "\(name)(\(error))"
        }
        let properties = plan.storedFields.map(\.name).filter { plan.localToApi[$0] != nil }
        let entries = properties.map { property -> String in
            var value: JSON? = .object(object)
            for segment in JSONKeyPath(plan.localToApi[property]!).segments {
                // A step of digits is a position when the value there is an array (`"sc.0"`).
                if case .array(let elements)? = value, let position = Int(segment) {
                    value = elements.indices.contains(position) ? elements[position] : nil
                } else {
                    value = value?.object?[segment]
                }
            }
            return "\(property): \(value.map { $0 == .null ? "nil" : $0.description } ?? "nil")"
        }
        return "\(name)(\(entries.joined(separator: ", ")))"
    }
}
