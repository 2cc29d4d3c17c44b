import BaseModelKitJSON
import Foundation

/// A JSON Schema (2020-12) of a model class and every class it reaches, from their plans: keyed by
/// the JSON keys, with each property's type as the engine reads and writes it.
///
/// Each class is one entry of `$defs`, named by the class; a model property refers to it with
/// `$ref`. Optionals admit `null`; arrays, sets and dictionaries give their elements' schema; a
/// nested key path (`"s.h"`) is an object of its keys, array positions (`"sc.0"`) an array of
/// `prefixItems`. `required` lists the class's `requiredKeys`. Dates follow their transformer (or,
/// without one, `DecodingOptions`' default `dateStrategy`).
struct JSONSchemaExport {
    private var definitions: [(name: String, schema: JSON)] = []
    private var pending: [BaseModel.Type] = []
    private var named: [ObjectIdentifier: String] = [:]

    static func document(for root: BaseModel.Type) throws -> JSON {
        var export = JSONSchemaExport()
        let rootName = export.reference(to: root)
        while !export.pending.isEmpty {
            let type = export.pending.removeFirst()
            let schema = try export.classSchema(type)
            export.definitions.append((export.named[ObjectIdentifier(type)]!, schema))
        }
        return .object([
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": .string(String(describing: root)),
            "$ref": .string("#/$defs/\(rootName)"),
            "$defs": .object(JSONObject(export.definitions.map { ($0.name, $0.schema) })),
        ])
    }

    /// The name of `type`'s entry in `$defs`, queued for writing when first asked for. Two classes
    /// with one name (nested in different types) get a number.
    private mutating func reference(to type: BaseModel.Type) -> String {
        if let name = named[ObjectIdentifier(type)] { return name }
        var name = String(describing: type)
        if named.values.contains(name) {
            var suffix = 2
            while named.values.contains("\(name)\(suffix)") { suffix += 1 }
            name = "\(name)\(suffix)"
        }
        named[ObjectIdentifier(type)] = name
        pending.append(type)
        return name
    }

    private mutating func classSchema(_ type: BaseModel.Type) throws -> JSON {
        let plan = try PlanRegistry.plan(for: type)
        var transformers: [String: JSONTransformer] = [:]
        var chain: [BaseModel.Type] = []
        var current: AnyClass? = type
        while let model = current as? BaseModel.Type, model != BaseModel.self {
            chain.insert(model, at: 0)
            current = RuntimeFields.superclass(of: model)
        }
        for model in chain { transformers.merge(model.transformers) { _, subclass in subclass } }
        var schema = try tableSchema(plan.members, plan: plan, transformers: transformers)
        if case .object(var object) = schema {
            object["title"] = .string(String(describing: type))
            if plan.isPositional {
                // A required position is one the array reaches.
                if let last = plan.requiredKeys.compactMap({ Int($0.key) }).max() { object["minItems"] = .number(JSONNumber(last + 1)) }
                return .object(object)
            }
            // A required key that has alternatives is present when any of them is.
            var required: [JSON] = []
            var eachOf: [JSON] = []
            for key in plan.requiredKeys.map(\.key) {
                let others = plan.members.alternatives.filter { plan.members.keys[$0.member] == key }.map(\.key)
                if others.isEmpty {
                    required.append(.string(key))
                } else {
                    eachOf.append(.object(["anyOf": .array(([key] + others).map { .object(["required": [.string($0)]]) })]))
                }
            }
            if !required.isEmpty { object["required"] = .array(required) }
            if !eachOf.isEmpty { object["allOf"] = .array(eachOf) }
            schema = .object(object)
        }
        return schema
    }

    /// The schema of one member table: an object of its keys, or an array of its positions.
    private mutating func tableSchema(_ table: MemberTable, plan: ModelPlan, transformers: [String: JSONTransformer]) throws -> JSON {
        var members: [(key: String, schema: JSON)] = []
        for index in table.keys.indices {
            let schema: JSON
            if let nested = table.nestedTables[index] {
                schema = try tableSchema(nested, plan: plan, transformers: transformers)
            } else if let property = table.properties[index], let field = plan.storedFields.last(where: { $0.name == property || $0.name == "_" + property }) {
                schema = valueSchema(field.type, transformer: transformers[property])
            } else {
                schema = .object([:])
            }
            members.append((table.keys[index], schema))
        }
        // The other keys that stand for a member's key read what it reads.
        for alternative in table.alternatives {
            members.append((alternative.key, members[alternative.member].schema))
        }
        if let positions = table.arrayPositions {
            var items: [JSON] = []
            for (position, member) in zip(positions, members) {
                while items.count < position { items.append(.object([:])) }
                items.append(member.schema)
            }
            return .object(["type": "array", "prefixItems": .array(items)])
        }
        return .object(["type": "object", "properties": .object(JSONObject(members.map { ($0.key, $0.schema) }))])
    }

    /// The schema of a value of `type` (with the property's `transformer`, which reaches the elements
    /// of a collection).
    private mutating func valueSchema(_ type: Any.Type, transformer: JSONTransformer?) -> JSON {
        if let container = type as? any StandardContainer.Type {
            let element = valueSchema(container.elementType, transformer: transformer)
            if container.isOptional { return nullable(element) }
            if type is any SetMarker.Type { return .object(["type": "array", "items": element, "uniqueItems": true]) }
            if let dictionary = type as? any DictionaryMarker.Type {
                var schema: JSONObject = ["type": "object", "additionalProperties": element]
                if let names = keySchema(dictionary.keyType) { schema["propertyNames"] = names }
                return .object(schema)
            }
            return .object(["type": "array", "items": element])
        }
        if let model = type as? BaseModel.Type { return .object(["$ref": .string("#/$defs/\(reference(to: model))")]) }
        if type == Date.self { return dateSchema(transformer ?? DecodingOptions().dateStrategy) }
        if let transformer, case .custom(let provider) = transformer.kind, provider is DecimalTextCoder {
            return .object(["anyOf": [["type": "string", "pattern": #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#], ["type": "number"]]])
        }
        if let transformer, case .custom = transformer.kind {
            return .object(["description": "read and written by a custom transformer"])
        }
        if let integer = type as? any FixedWidthInteger.Type, let bounds = Self.integerBounds(integer) {
            var schema: JSONObject = ["type": "integer", "minimum": .number(bounds.minimum), "maximum": .number(bounds.maximum)]
            if type == Int64.self || type == Int.self && Int.bitWidth == 64 { schema["format"] = "int64" }
            if type == Int32.self || type == Int.self && Int.bitWidth == 32 { schema["format"] = "int32" }
            return .object(schema)
        }
        switch type {
        case is Bool.Type: return .object(["type": "boolean"])
        case is Double.Type:
            // Beyond the greatest finite value a number is refused (`1e400`).
            let greatest = Double.greatestFiniteMagnitude
            return .object(["type": "number", "format": "double", "minimum": .number(JSONNumber(-greatest)), "maximum": .number(JSONNumber(greatest))])
        case is Float.Type:
            // Refused from halfway past the greatest finite Float, where rounding gives infinity.
            let limit = Double(Float.greatestFiniteMagnitude) + Double(Float.greatestFiniteMagnitude.ulp) / 2
            return .object(["type": "number", "format": "float", "exclusiveMinimum": .number(JSONNumber(-limit)), "exclusiveMaximum": .number(JSONNumber(limit))])
        case is Decimal.Type: return .object(["type": "number"])
        case is String.Type: return .object(["type": "string"])
        case is Character.Type: return .object(["type": "string", "minLength": 1])
        case is URL.Type: return .object(["type": "string", "format": "uri-reference"])
        case is UUID.Type: return .object(["type": "string", "format": "uuid"])
        case is Data.Type: return .object(["type": "string", "contentEncoding": "base64"])
        case is JSON.Type: return .object([:])
        default: break
        }
        if let raw = type as? any RawRepresentable.Type {
            return enumSchema(raw)
        }
        return .object([:])
    }

    /// The least and greatest value of an integer type, as JSON numbers; `nil` beyond 64 bits.
    private static func integerBounds<Integer: FixedWidthInteger>(_: Integer.Type) -> (minimum: JSONNumber, maximum: JSONNumber)? {
        guard Integer.bitWidth <= 64 else { return nil }
        return Integer.isSigned
            ? (JSONNumber(Int64(Integer.min)), JSONNumber(Int64(Integer.max)))
            : (JSONNumber(UInt64(Integer.min)), JSONNumber(UInt64(Integer.max)))
    }

    /// The schema of the keys of a dictionary keyed by `type` (`propertyNames`): the texts its key
    /// reader accepts; `nil` for `String` keys.
    private func keySchema(_ type: Any.Type) -> JSON? {
        if type == String.self { return nil }
        if let raw = type as? any RawRepresentable.Type {
            let schema = enumSchema(raw)
            let isInteger = schema.object?["type"] == "integer"
            guard case .array(let values)? = schema.object?["enum"] else {
                return isInteger ? .object(["pattern": .string(Self.integerPattern(Int.self))]) : nil
            }
            // A text raw value is its key as it is; an integer one is any text `Int` reads as it.
            return isInteger ? .object(["pattern": .string(Self.integerPattern(matching: values))]) : .object(["enum": .array(values)])
        }
        if let integer = type as? any FixedWidthInteger.Type {
            return .object(["pattern": .string(Self.integerPattern(integer))])
        }
        switch type {
        case is Bool.Type: return .object(["enum": ["true", "false"]])
        case is Double.Type, is Float.Type:
            // What `Double(_:)` and `Float(_:)` read, hexadecimal too, but NaN, which no key equals
            // (`DictionaryKeys`).
            return .object(["pattern": #"^[+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|0[xX](?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+)(?:[pP][+-]?[0-9]+)?|[iI][nN][fF](?:[iI][nN][iI][tT][yY])?)$"#])
        case is Character.Type: return .object(["minLength": 1])
        default: return nil
        }
    }

    /// A pattern for the texts an integer type reads as a key (`Int(text)`): an optional sign, any
    /// leading zeros, and digits no larger than the type's bounds.
    private static func integerPattern<Integer: FixedWidthInteger>(_: Integer.Type) -> String {
        let positive = "\\+?0*(?:0|\(digitsAtMost(String(Integer.max))))"
        let negative = Integer.isSigned ? "-0*(?:0|\(digitsAtMost(String(Integer.min).dropFirst())))" : "-0+"
        return "^(?:\(positive)|\(negative))$"
    }

    /// A pattern for the texts `Int` reads as one of `values` (integers): a sign, leading zeros.
    private static func integerPattern(matching values: [JSON]) -> String {
        let choices = values.compactMap { $0.number?.int64 }.map { value in
            value == 0 ? "[+-]?0+" : value > 0 ? "\\+?0*\(value)" : "-0*\(value.magnitude)"
        }
        return "^(?:\(choices.joined(separator: "|")))$"
    }

    /// A pattern for the decimal numbers from 1 to `bound` written without leading zeros.
    private static func digitsAtMost<Digits: StringProtocol>(_ bound: Digits) -> String {
        let digits = Array(bound.utf8).map { Int($0 - UInt8(ascii: "0")) }
        var choices: [String] = []
        // Fewer digits than the bound: any.
        if digits.count > 1 { choices.append("[1-9][0-9]{0,\(digits.count - 2)}") }
        // As many digits: a smaller digit at some place after the same ones before it.
        for place in digits.indices {
            let lowest = place == 0 ? 1 : 0
            guard digits[place] > lowest else { continue }
            let prefix = digits[..<place].map(String.init).joined()
            let rest = digits.count - place - 1
            choices.append(prefix + "[\(lowest)-\(digits[place] - 1)]" + (rest > 0 ? "[0-9]{\(rest)}" : ""))
        }
        choices.append(digits.map(String.init).joined())
        return choices.joined(separator: "|")
    }

    private func nullable(_ schema: JSON) -> JSON {
        if case .object(var object) = schema, case .string(let kind)? = object["type"], object["enum"] == nil {
            object["type"] = .array([.string(kind), "null"])
            return .object(object)
        }
        return .object(["anyOf": .array([schema, .object(["type": "null"])])])
    }

    private func dateSchema(_ transformer: JSONTransformer) -> JSON {
        switch transformer.kind {
        case .iso8601: .object(["type": "string", "format": "date-time"])
        case .secondsSince1970: .object(["type": "number", "description": "seconds since 1970-01-01T00:00:00Z"])
        case .millisecondsSince1970: .object(["type": "number", "description": "milliseconds since 1970-01-01T00:00:00Z"])
        case .dateFormat: .object(["type": "string", "description": "a date in a fixed format"])
        case .custom: .object(["description": "read and written by a custom transformer"])
        }
    }

    /// A raw-value enum: its raw values when it is `CaseIterable`, else the raw type's schema.
    private func enumSchema(_ type: any RawRepresentable.Type) -> JSON {
        func describe<Enum: RawRepresentable>(_: Enum.Type) -> JSON {
            let kind: JSON = Enum.RawValue.self == String.self ? "string" : "integer"
            guard let iterable = Enum.self as? any CaseIterable.Type else { return .object(["type": kind]) }
            let cases = allCases(iterable)
            let values = cases.compactMap { ($0 as? Enum).map { rawJSON($0.rawValue) } ?? nil }
            return .object(["type": kind, "enum": .array(values)])
        }
        return describe(type)
    }
}

private func allCases<Cases: CaseIterable>(_: Cases.Type) -> [Any] {
    Array(Cases.allCases)
}

/// A raw value as JSON: text or an integer.
private func rawJSON(_ raw: Any) -> JSON? {
    switch raw {
    case let text as String: .string(text)
    case let number as any BinaryInteger: .number(JSONNumber(Int64(truncatingIfNeeded: number)))
    default: nil
    }
}

/// Sets and dictionaries, whatever their elements: how the export tells them from arrays.
private protocol SetMarker {}
extension Set: SetMarker {}
private protocol DictionaryMarker {
    static var keyType: Any.Type { get }
}
extension Dictionary: DictionaryMarker {
    static var keyType: Any.Type { Key.self }
}
