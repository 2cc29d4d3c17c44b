import BaseModelKit
import Foundation

/// Turns sample documents and a glossary into the Swift source of `BaseModel` classes.
///
/// Every sample is a document of the root class. The samples are read together: a member's type
/// covers every value it had in every sample of its class, and it is optional when some object of
/// its class lacks it or holds `null`. With a type key, each sample is a message: the members every
/// message has stay on the root class, and each value of the type key gets a subclass with the rest,
/// which the root's `modelClass(for:)` picks.
public struct Generator {
    /// The name of the class every sample is an object of.
    public var rootName: String
    /// What the keys mean (see `Glossary`).
    public var glossary: Glossary
    /// The key whose value names each message's subclass (`--type-key`), if the samples are messages.
    public var typeKey: String?
    /// Whether the classes are `public` (`open`) rather than internal.
    public var isPublic: Bool
    /// What the header says the classes were generated from (`Samples/, 12 samples`).
    public var source: String

    /// A generator of the classes under `rootName`; `source` is what the header names.
    public init(rootName: String, glossary: Glossary = Glossary(), typeKey: String? = nil, isPublic: Bool = false, source: String) {
        self.rootName = rootName
        self.glossary = glossary
        self.typeKey = typeKey
        self.isPublic = isPublic
        self.source = source
    }

    /// The Swift source for `samples`, each the JSON of one root object.
    public func generate(samples: [JSON]) throws(GenerationError) -> String {
        try run(samples: samples).source
    }

    /// `generate(samples:)`, with a warning for each glossary entry that names nothing the samples
    /// have (a key no class has, a class or message no sample makes): a misspelt key is otherwise
    /// silently left out.
    public func generateWithWarnings(samples: [JSON]) throws(GenerationError) -> (source: String, warnings: [String]) {
        let run = try run(samples: samples)
        return (run.source, run.warnings)
    }

    /// What one run makes of `samples`: the source, the warnings, and a summary of what was decided
    /// and why. `origins` names each sample in errors (`trades.json`, `klines.json[2]`).
    public func run(samples: [JSON], origins: [String]? = nil) throws(GenerationError) -> GenerationRun {
        var model = ClassModel(generator: self)
        try model.infer(samples: samples, origins: origins ?? samples.indices.map { "sample \($0 + 1)" })
        return GenerationRun(source: Emitter(generator: self, model: model).source(), warnings: model.unusedGlossaryEntries(),
                             summary: model.summary())
    }
}

/// What a run of the generator made.
public struct GenerationRun: Sendable {
    /// The Swift source.
    public let source: String
    /// A line for each glossary entry that names nothing the samples have.
    public let warnings: [String]
    /// The classes, each key's type with the reason it was chosen, and the enums with theirs: what a
    /// reader checks before trusting the file.
    public let summary: [String]
}

/// A Swift type the generator gives a member.
indirect enum GeneratedType: Equatable {
    case bool, int, int64, uint64, double, decimal, decimalText, string, json
    case date(Glossary.DateFormat)
    /// ISO 8601 text always written with milliseconds, as the samples write it.
    case dateWithMilliseconds
    case model(String)
    case enumeration(String)
    case array(GeneratedType)
    case dictionary(GeneratedType)

    var spelled: String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .int64: "Int64"
        case .uint64: "UInt64"
        case .double: "Double"
        case .decimal, .decimalText: "Decimal"
        case .string: "String"
        case .json: "JSON"
        case .date, .dateWithMilliseconds: "Date"
        case .model(let name), .enumeration(let name): name
        case .array(let element): "[\(element.spelled)]"
        case .dictionary(let value): "[String: \(value.spelled)]"
        }
    }

    /// The value a non-optional member starts with.
    func initialValue(firstCase: (String) -> String?) -> String {
        switch self {
        case .bool: "false"
        case .int, .int64, .uint64, .double, .decimal, .decimalText: "0"
        case .string: "\"\""
        case .json: ".null"
        case .date, .dateWithMilliseconds: "Date(timeIntervalSince1970: 0)"
        case .model(let name): "\(name)()"
        case .enumeration(let name): ".\(firstCase(name) ?? "other(\"\")")"
        case .array: "[]"
        case .dictionary: "[:]"
        }
    }

    /// The member's transformer, as Swift spells it (`.iso8601`), for a type that has one inside.
    var transformer: String? {
        switch self {
        case .date(.iso8601): ".iso8601"
        case .date(.milliseconds): ".millisecondsSince1970"
        case .date(.seconds): ".secondsSince1970"
        case .dateWithMilliseconds: ".dateFormat(\"\(ISO8601Text.millisecondFormat)\")"
        case .decimalText: ".decimalString"
        case .array(let element): element.transformer
        case .dictionary(let value): value.transformer
        default: nil
        }
    }
}

struct GeneratedProperty {
    let key: String
    let name: String
    let type: GeneratedType
    let isOptional: Bool
    let doc: String?
    /// Why the type is what it is, for the summary.
    var reason = ""
}

final class GeneratedClass {
    let name: String
    let shape: ObjectShape
    var superclass: String?
    /// Type-key value (as written: a string, or an integer) → subclass, for a root with subclasses.
    var subclasses: [(value: String, isNumber: Bool, name: String)] = []
    var properties: [GeneratedProperty] = []
    /// Array property → identity property.
    var identities: [(property: String, identity: String)] = []
    /// The keys a decode requires (the glossary's `required`).
    var requiredKeys: [String] = []
    /// The keys this class does not declare: those a subclass inherits, and those of a message root
    /// that only some messages have (its subclasses declare them).
    var inheritedKeys: Set<String> = []
    /// Every place of the samples whose objects this class stands for: `shape` first, then those
    /// the same name was given again (`ClassModel.modelClass`), each once. The class is typed from
    /// all of them together, none changed.
    private(set) var places: [ObjectShape]
    /// `places`, as a set, to tell in constant time whether the class stands for a place already.
    private var placeSet: Set<ObjectIdentifier>
    /// How many places this class's properties were typed from (`ClassModel.infer` types a class
    /// again when it stands for more places since).
    var typedPlaces = 0
    /// Why string members are not enums, for the summary.
    var notEnums: [String] = []

    init(name: String, shape: ObjectShape) {
        self.name = name
        self.shape = shape
        places = [shape]
        placeSet = [ObjectIdentifier(shape)]
    }

    /// Adds `place`, unless the class stands for it already.
    func add(_ place: ObjectShape) {
        if placeSet.insert(ObjectIdentifier(place)).inserted { places.append(place) }
    }
}

struct GeneratedEnum {
    let name: String
    let cases: [(name: String, raw: String)]
}

/// The classes and enums the samples call for, found from the root down.
struct ClassModel {
    let generator: Generator
    private(set) var classes: [GeneratedClass] = []
    private(set) var enums: [GeneratedEnum] = []
    private var byName: [String: GeneratedClass] = [:]
    /// What every value of each key showed, in every class: one key gets one numeric type.
    private var numbersByKey: [String: KeyNumbers] = [:]
    /// Why each enum is one, by name.
    private var enumReasons: [String: String] = [:]
    /// The glossary's names that are not Swift names, with what they became, as warnings.
    private var renamed: Set<String> = []

    /// A name the glossary gives, made a valid Swift name when it is not one (`Naming.given`), which
    /// is then a warning.
    private mutating func given(_ name: String?, asType: Bool) -> String? {
        guard let name else { return nil }
        let made = Naming.given(name, asType: asType)
        if made != name { renamed.insert("The glossary's name \"\(name)\" is not one the generated code can use: it is \(made).") }
        return made
    }

    init(generator: Generator) {
        self.generator = generator
    }

    private var glossary: Glossary { generator.glossary }

    mutating func infer(samples: [JSON], origins: [String]) throws(GenerationError) {
        guard !samples.isEmpty else { throw GenerationError("There is no sample.") }
        if let bad = samples.firstIndex(where: { $0.object == nil }) {
            throw GenerationError("\(origins[bad]) is \(samples[bad].kindDescription), not an object: every sample must be a JSON object (or a file of an array of objects).")
        }
        let objects = samples.compactMap(\.object)
        for (index, sample) in samples.enumerated() {
            KeyNumbers.note(sample, under: nil, into: &numbersByKey)
            try Self.checkKeys(of: sample, at: MappingPath(), origin: origins[index])
        }
        let rootShape = ObjectShape()
        for object in objects { rootShape.observe(object) }
        let root = GeneratedClass(name: generator.rootName, shape: rootShape)
        register(root)
        if let typeKey = generator.typeKey {
            try splitMessages(objects, origins: origins, root: root, typeKey: typeKey)
        }
        // Each class's members, in the order the classes were found (nested classes are found as
        // their parents' members are typed). A place merged into a class typed already (the same
        // name met again, deeper) may bring keys and values: the class is typed again, until no
        // class has a merge it was not typed after.
        var changed = true
        while changed {
            changed = false
            var index = 0
            while index < classes.count {
                let generated = classes[index]
                if generated.typedPlaces != generated.places.count {
                    generated.typedPlaces = generated.places.count
                    generated.properties = []
                    generated.identities = []
                    generated.requiredKeys = []
                    generated.notEnums = []
                    type(generated)
                    changed = true
                }
                index += 1
            }
        }
        optionalizeCycles()
    }

    /// Refuses two keys of one object that Swift's `String` holds equal though their scalars differ
    /// (`"é"` and `"e\u{301}"`): a map, a `[String: String]`, cannot tell them apart, so the classes
    /// could keep only one of the values.
    private static func checkKeys(of value: JSON, at path: MappingPath, origin: String) throws(GenerationError) {
        switch value {
        case .object(let members):
            var seen: [String: String] = [:]
            for (key, member) in members {
                if let first = seen[key], !first.unicodeScalars.elementsEqual(key.unicodeScalars) {
                    func scalars(_ text: String) -> String { text.unicodeScalars.map { String(format: "U+%04X", $0.value) }.joined(separator: " ") }
                    throw GenerationError("\(origin) has the keys \"\(first)\" (\(scalars(first))) and \"\(key)\" (\(scalars(key))) in one object at \(path): Swift's String holds them equal, so a map cannot tell them apart. Rename one on the server, or keep the object as JSON.")
                }
                seen[key] = key
                var inner = path
                inner.components.append(.key(key))
                try checkKeys(of: member, at: inner, origin: origin)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                var inner = path
                inner.components.append(.index(index))
                try checkKeys(of: element, at: inner, origin: origin)
            }
        default:
            break
        }
    }

    /// The glossary's entries that name nothing the samples have, as warnings.
    func unusedGlossaryEntries() -> [String] {
        var allKeys: Set<String> = []
        var classKeys: Set<String> = []
        for generated in classes {
            for place in generated.places {
                for key in place.keys {
                    allKeys.insert(key)
                    classKeys.insert("\(generated.name).\(key)")
                }
            }
        }
        let classNames = Set(classes.map(\.name))
        let messageValues = Set(classes.flatMap { $0.subclasses.map(\.value) })
        func isKnown(_ entry: String) -> Bool { allKeys.contains(entry) || classKeys.contains(entry) }
        var warnings: [String] = []
        func check(_ section: String, _ entries: some Sequence<String>, _ known: (String) -> Bool) {
            for entry in entries.sorted() where !known(entry) {
                warnings.append("The glossary's \"\(section)\" names \"\(entry)\", which no sample has.")
            }
        }
        check("keys", glossary.keys.keys, allKeys.contains)
        check("classes", glossary.classes.keys, allKeys.contains)
        check("formats", glossary.formats.keys, isKnown)
        check("types", glossary.types.keys, isKnown)
        check("required", glossary.required.filter { $0 != "*" }, isKnown)
        check("docs", glossary.docs.keys) { isKnown($0) || classNames.contains($0) }
        check("messages", glossary.messages.keys, messageValues.contains)
        for (name, overrides) in glossary.overrides.sorted(by: { $0.key < $1.key }) {
            check("overrides.\(name)", overrides.keys) { classKeys.contains("\(name).\($0)") }
        }
        return warnings + renamed.sorted()
    }

    /// A model property that starts as a new object (`var a: A = A()`) whose class leads back, through
    /// such properties, to the class that holds it would make `init()` recurse without end: such a
    /// property is optional instead (a recursive shape, `{"n":1,"chain":{"n":2}}`).
    private mutating func optionalizeCycles() {
        func startsWithObject(_ property: GeneratedProperty) -> String? {
            guard !property.isOptional, case .model(let name) = property.type else { return nil }
            return name
        }
        func leadsBack(from start: String, to owner: String) -> Bool {
            var seen: Set<String> = []
            var pending = [start]
            while let name = pending.popLast() {
                if name == owner { return true }
                guard seen.insert(name).inserted, let generated = byName[name] else { continue }
                pending += generated.properties.compactMap(startsWithObject)
                if let superclass = generated.superclass { pending.append(superclass) }
            }
            return false
        }
        for generated in classes {
            generated.properties = generated.properties.map { property in
                guard let target = startsWithObject(property), leadsBack(from: target, to: generated.name) else { return property }
                return GeneratedProperty(key: property.key, name: property.name, type: property.type, isOptional: true, doc: property.doc)
            }
        }
    }

    /// With a type key: one subclass per type value, with the members not every message has. The
    /// type key may be a dotted path (`data.e`); a value is kept as written (the string `"7"` and
    /// the number `7` are two types). A sample without a type (the key missing, or `null`) is the
    /// root's own: the root declares its members too.
    private mutating func splitMessages(_ objects: [JSONObject], origins: [String], root: GeneratedClass, typeKey: String) throws(GenerationError) {
        var groups: [(value: String, isNumber: Bool, shape: ObjectShape)] = []
        var untypedKeys: Set<String> = []
        let path = JSONKeyPath(typeKey).segments
        for (index, object) in objects.enumerated() {
            var found: JSON? = .object(object)
            for segment in path { found = found?.object?[segment] }
            let value: String
            let isNumber: Bool
            switch found {
            case .string(let text)?: (value, isNumber) = (text, false)
            case .number(let number)? where number.int64 != nil: (value, isNumber) = (number.text, true)
            case nil, .null?:
                untypedKeys.formUnion(object.keys)
                continue
            case let other?:
                throw GenerationError("\(origins[index]) has \(other.kindDescription) at \(typeKey), the type key: a message type is a string or an integer.")
            }
            if let group = groups.first(where: { $0.value == value && $0.isNumber == isNumber }) {
                group.shape.observe(object)
            } else {
                let shape = ObjectShape()
                shape.observe(object)
                groups.append((value, isNumber, shape))
            }
        }
        // The root declares what every message has, and what the samples without a type have.
        let declaredByRoot = Set(root.shape.keys.filter(root.shape.isAlwaysPresent)).union(untypedKeys)
        for (value, isNumber, shape) in groups {
            var name = given(glossary.messages[value], asType: true) ?? Naming.type(from: value) + generator.rootName
            if glossary.messages[value] == nil {
                // Values that make one name (the string "7" and the number 7) are numbered apart.
                let derived = name
                var suffix = 2
                while byName[name] != nil {
                    name = "\(derived)\(suffix)"
                    suffix += 1
                }
            }
            guard byName[name] == nil else { throw GenerationError("Two classes would be named \(name); name the message \"\(value)\" in the glossary's \"messages\".") }
            let subclass = GeneratedClass(name: name, shape: shape)
            subclass.superclass = root.name
            subclass.inheritedKeys = declaredByRoot
            register(subclass)
            root.subclasses.append((value, isNumber, name))
        }
        root.inheritedKeys = Set(root.shape.keys).subtracting(declaredByRoot)
    }

    private mutating func register(_ generated: GeneratedClass) {
        classes.append(generated)
        byName[generated.name] = generated
    }

    /// The class for the objects of `places` named `name`: a new one, or the one of that name already
    /// found, which then stands for these places too.
    private mutating func modelClass(named wanted: String, places: [ObjectShape]) -> String {
        // A name an enum has already (`EcStatus` for the enum of `Ec.status`, and for the object
        // under `ecStatus`) is the class's with `Object` after it.
        let name = byName[wanted] == nil && enums.contains(where: { $0.name == wanted }) ? wanted + "Object" : wanted
        let generated: GeneratedClass
        if let existing = byName[name] {
            generated = existing
        } else {
            generated = GeneratedClass(name: name, shape: places[0])
            register(generated)
        }
        for place in places { generated.add(place) }
        return name
    }

    private mutating func type(_ generated: GeneratedClass) {
        var used: Set<String> = []
        var keys: [String] = []
        var seen: Set<String> = []
        for place in generated.places {
            for key in place.keys where seen.insert(key).inserted { keys.append(key) }
        }
        let objects = generated.places.reduce(0) { $0 + $1.count }
        for key in keys where !generated.inheritedKeys.contains(key) {
            let originals = generated.places.compactMap { $0.members[key] }
            let presence = generated.places.reduce(0) { $0 + ($1.presence[key] ?? 0) }
            let shape = ValueShape.combining(originals)
            var name = given(glossary.overrides[generated.name]?[key] ?? glossary.keys[key], asType: false) ?? Naming.property(from: key)
            if used.contains(name) {
                var suffix = 2
                while used.contains("\(name)\(suffix)") { suffix += 1 }
                name = "\(name)\(suffix)"
            }
            used.insert(name)
            let (type, why) = valueType(of: shape, places: originals, key: key, property: name, owner: generated)
            let isOptional = shape.nulls > 0 || presence < objects || !shape.hasValues
            let requires = glossary.requires(key, owner: generated.name, always: presence == objects)
            var reason = why
            if !shape.hasValues {
                reason += "; optional: only null"
            } else if presence < objects {
                reason += "; optional: absent from \(objects - presence) of \(objects) objects"
            } else if shape.nulls > 0 {
                reason += "; optional: null in \(shape.nulls) of \(shape.count)"
            }
            if requires { reason += "; required (glossary)" }
            generated.properties.append(GeneratedProperty(
                key: key, name: name, type: type, isOptional: isOptional,
                doc: glossary.docs["\(generated.name).\(key)"] ?? glossary.docs[key], reason: reason))
            if requires { generated.requiredKeys.append(key) }
            if case .array(.model(let element)) = type, let identity = identity(of: shape, places: originals, elementClass: element) {
                generated.identities.append((name, identity))
            }
        }
    }

    /// The element member that identifies the elements of the arrays of `shape` (the values of
    /// `places` together): present in every element, unique within every array, and named like an
    /// identity (`id`, `i`, or a property ending in `Id`).
    private func identity(of shape: ValueShape, places: [ValueShape], elementClass: String) -> String? {
        let elements = places.filter { $0.arrays > 0 && $0.element.objects > 0 }.map(\.element.object)
        var keys: [String] = []
        for element in elements { for key in element.keys where !keys.contains(key) { keys.append(key) } }
        let count = elements.reduce(0) { $0 + $1.count }
        for key in keys where shape.uniqueInEveryArray[key] == true && elements.reduce(0, { $0 + ($1.presence[key] ?? 0) }) == count {
            let property = (glossary.overrides[elementClass]?[key] ?? glossary.keys[key]).map { Naming.given($0, asType: false) } ?? Naming.property(from: key)
            if key == "id" || key == "i" || key == "_id" || property == "id" || property.hasSuffix("Id") || property.hasSuffix("ID") {
                return property
            }
        }
        return nil
    }

    /// The type of a member whose values, at every place of its class, are `places`, and all
    /// together `shape` (`ValueShape.combining`), with the reason for the summary.
    private mutating func valueType(of shape: ValueShape, places: [ValueShape], key: String, property: String,
                                    owner: GeneratedClass) -> (GeneratedType, String) {
        let format = glossary.entry(glossary.formats, key: key, owner: owner.name)
        if shape.objects == 0, shape.arrays == 0, let forced = glossary.entry(glossary.types, key: key, owner: owner.name) {
            let given = "the glossary's types"
            switch forced {
            case .string: return (.string, given)
            case .int: return (.int, given)
            case .int64: return (.int64, given)
            case .double: return (.double, given)
            case .bool: return (.bool, given)
            case .decimal: return shape.strings > 0 ? (.decimalText, given + ", read and written as strings") : (.decimal, given)
            case .date:
                let unit = format ?? (shape.strings > 0 ? .iso8601 : .seconds)
                return (.date(unit), given + ", \(unit.rawValue)")
            case .enumeration:
                if let enumeration = enumeration(of: shape, property: property, owner: owner, forced: true) { return (.enumeration(enumeration), given) }
                return (.string, given + " asked for an enum, but its values cannot all be cases")
            }
        }
        guard shape.hasValues else { return (.json, "no value but null") }
        guard shape.kinds == 1 else { return (.json, "values of several JSON types") }
        if shape.bools > 0 { return (.bool, "booleans") }
        if shape.integers + shape.fractions > 0 {
            switch format {
            case .milliseconds?: return (.date(.milliseconds), "the glossary's formats: milliseconds")
            case .seconds?: return (.date(.seconds), "the glossary's formats: seconds")
            default: break
            }
            // Beyond `Int64`: `UInt64` for large counts and ids, `Decimal` for what it holds exactly,
            // `JSON` (which keeps any number as written) for the rest; fractions beyond `Double`'s
            // range likewise.
            if shape.fractions == 0, shape.integerOverflow {
                if !shape.beyondUInt64, shape.smallest >= 0 || shape.integers == 0 { return (.uint64, "integers beyond Int64") }
                return shape.beyondDecimal ? (.json, "integers beyond Decimal") : (.decimal, "integers beyond UInt64")
            }
            if shape.beyondDouble { return shape.beyondDecimal ? (.json, "numbers beyond Double and Decimal") : (.decimal, "numbers beyond Double") }
            // One key, one numeric type, in every class: a fraction in any sample of the key makes it
            // a `Double`; a value beyond 32 bits anywhere, or a name that says identifier, time or
            // version (which APIs define as 64 bits), an `Int64`.
            let across = numbersByKey[key] ?? KeyNumbers()
            if shape.fractions > 0 { return (.double, "fractions") }
            if across.fractions { return (.double, "integers here, fractions under this key elsewhere") }
            if shape.smallest < Int64(Int32.min) || shape.largest > Int64(Int32.max) { return (.int64, "integers beyond 32 bits") }
            if across.beyond32Bits { return (.int64, "integers beyond 32 bits under this key elsewhere") }
            if Naming.isIdentifier(property) || Naming.isWideInteger(property) { return (.int64, "integers, named as an identifier, time or version") }
            return (.int, "integers within 32 bits")
        }
        if shape.strings > 0 {
            if format == .iso8601 { return (.date(.iso8601), "the glossary's formats: iso8601") }
            if shape.allDates, shape.allMillisecondText {
                return (.dateWithMilliseconds, "every string an ISO 8601 date with milliseconds, written so")
            }
            if shape.allDates { return (.date(.iso8601), "every string an ISO 8601 date") }
            if let enumeration = enumeration(of: shape, property: property, owner: owner) { return (.enumeration(enumeration), "an enum") }
            return (.string, "strings")
        }
        if shape.objects > 0 {
            let objects = places.filter { $0.objects > 0 }.map(\.object)
            // Objects keyed by ids, whose values are objects: a dictionary of them.
            if objects.allSatisfy({ $0.allKeysNumeric && $0.allValuesAreObjects }), objects.contains(where: { !$0.keys.isEmpty }) {
                let name = given(glossary.classes[key], asType: true) ?? Naming.type(from: property, singular: true)
                let values = objects.map(\.anyValue).filter { $0.objects > 0 }.map(\.object)
                return (.dictionary(.model(modelClass(named: name, places: values))), "objects keyed by ids")
            }
            return (.model(modelClass(named: given(glossary.classes[key], asType: true) ?? Naming.type(from: property), places: objects)), "objects")
        }
        let elements = places.filter { $0.arrays > 0 }.map(\.element)
        let element = ValueShape.combining(elements)
        guard element.hasValues, element.kinds == 1, element.nulls == 0 else { return (.array(.json), "arrays of mixed or null elements") }
        if element.objects > 0 {
            let objects = elements.filter { $0.objects > 0 }.map(\.object)
            return (.array(.model(modelClass(named: given(glossary.classes[key], asType: true) ?? Naming.type(from: property, singular: true), places: objects))), "arrays of objects")
        }
        let (type, reason) = valueType(of: element, places: elements, key: key, property: Naming.type(from: property, singular: true), owner: owner)
        return (.array(type), "arrays of " + reason)
    }

    /// A string member that repeats a few distinct values becomes an enum with a case for each, and
    /// one for values a newer server adds; why one does not is noted on `owner` for the summary.
    private mutating func enumeration(of shape: ValueShape, property: String, owner: GeneratedClass, forced: Bool = false) -> String? {
        let values = shape.distinctStrings
        func refuse(_ reason: String) -> String? {
            owner.notEnums.append("\(owner.name).\(property): \(reason)")
            return nil
        }
        // An identifier is never an enum (a few samples are no evidence of a closed set of ids,
        // symbols or codes), unless the glossary says so; nor are values that barely repeat.
        if !forced {
            if Naming.isIdentifier(property) { return refuse("an identifier") }
            if shape.tooManyDistinct { return refuse("more than \(ValueShape.distinctLimit) distinct values") }
            if values.count < 2 || shape.strings < 2 * values.count {
                return refuse("\(values.count) distinct of \(shape.strings) strings: too few repeats to show a closed set")
            }
        }
        guard !shape.tooManyDistinct, !values.isEmpty else { return refuse("more than \(ValueShape.distinctLimit) distinct values") }
        var cases: [(name: String, raw: String)] = []
        for raw in values {
            guard let name = Naming.enumCase(from: raw), name != "other", !cases.contains(where: { $0.name == name }) else {
                return refuse("the value \"\(raw)\" makes no case of its own")
            }
            cases.append((name, raw))
        }
        let wanted = owner.name + Naming.type(from: property)
        // A name a class has already is the enum's with `Value` after it.
        let name = byName[wanted] != nil ? wanted + "Value" : wanted
        if let existing = enums.firstIndex(where: { $0.name == name }) {
            var merged = enums[existing].cases
            for item in cases where !merged.contains(where: { $0.raw == item.raw }) { merged.append(item) }
            enums[existing] = GeneratedEnum(name: name, cases: merged)
        } else {
            enums.append(GeneratedEnum(name: name, cases: cases))
        }
        enumReasons[name] = forced ? "the glossary's types" : "\(values.count) distinct values over \(shape.strings) strings"
        return name
    }

    /// What the run decided: each class with its keys' types and reasons, the enums and why, and why
    /// string members that could have been enums are not.
    func summary() -> [String] {
        var lines: [String] = []
        for generated in classes {
            let objects = generated.places.reduce(0) { $0 + $1.count }
            let lineage = generated.superclass.map { ": \($0)" } ?? ""
            lines.append("\(generated.name)\(lineage) — \(objects) object\(objects == 1 ? "" : "s")")
            for property in generated.properties {
                let optional = property.isOptional ? "?" : ""
                lines.append("  \(property.key) → \(property.name): \(property.type.spelled)\(optional) — \(property.reason)")
            }
            for (property, identity) in generated.identities {
                lines.append("  \(property) merges by identity \(identity) (present and unique in every array)")
            }
        }
        for generated in enums {
            lines.append("enum \(generated.name): \(generated.cases.map(\.raw).joined(separator: ", ")) — \(enumReasons[generated.name] ?? "")")
        }
        let notEnums = classes.flatMap(\.notEnums)
        if !notEnums.isEmpty {
            lines.append("Strings, not enums:")
            lines += notEnums.map { "  " + $0 }
        }
        return lines
    }
}

/// What the numbers under one key showed, in every class and array of the samples.
struct KeyNumbers {
    var fractions = false
    var beyond32Bits = false

    /// Notes every number under every key of `value`, found under `key`.
    static func note(_ value: JSON, under key: String?, into table: inout [String: KeyNumbers]) {
        switch value {
        case .object(let members):
            for (member, value) in members { note(value, under: member, into: &table) }
        case .array(let elements):
            for element in elements { note(element, under: key, into: &table) }
        case .number(let number):
            guard let key else { return }
            var numbers = table[key] ?? KeyNumbers()
            if !number.isInteger { numbers.fractions = true }
            if let integer = number.int64, integer < Int64(Int32.min) || integer > Int64(Int32.max) { numbers.beyond32Bits = true }
            table[key] = numbers
        default:
            break
        }
    }
}

/// The samples of a directory: every `*.json` file, in the order of their names; a file whose
/// document is an array holds one sample per element.
public struct SampleSet {
    /// The samples, in the order of their files (an array file's elements in order).
    public let samples: [JSON]
    /// The names of the `*.json` files read, sorted.
    public let files: [String]
    /// Where each sample came from, for errors: its file's name, with its place in an array file
    /// (`klines.json[2]`).
    public let origins: [String]
    /// What the header of the generated file names as its source.
    public let description: String

    /// Reads every `*.json` file of `directory`; a file that is not JSON, or no file at all, is an error.
    public init(directory: URL) throws(GenerationError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw GenerationError("Cannot read the directory \(directory.path): \(error.localizedDescription)")
        }
        guard !names.isEmpty else { throw GenerationError("\(directory.path) holds no *.json sample.") }
        var samples: [JSON] = []
        var origins: [String] = []
        for name in names {
            let json: JSON
            do {
                json = try JSON(parsing: try Data(contentsOf: directory.appendingPathComponent(name)))
            } catch {
                throw GenerationError("\(name) is not JSON: \(error)")
            }
            if case .array(let elements) = json {
                samples += elements
                origins += elements.indices.map { "\(name)[\($0)]" }
            } else {
                samples.append(json)
                origins.append(name)
            }
        }
        self.samples = samples
        self.origins = origins
        self.files = names
        let sampleCount = samples.count == 1 ? "1 sample" : "\(samples.count) samples"
        let fileCount = names.count == 1 ? "1 file" : "\(names.count) files"
        description = "\(sampleCount) in \(fileCount) of \(directory.lastPathComponent)/"
    }
}

extension JSON {
    /// The value as an error names it: `an array`, `the number 1.5`.
    var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "the Boolean \(value)"
        case .number(let number): "the number \(number.text)"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
