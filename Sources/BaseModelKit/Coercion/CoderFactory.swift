import BaseModelKitJSON
import Foundation

/// Chooses the coder for a property's type, once, when a class's plan is built.
///
/// The ladder, tried in this order:
/// 1. the type a property transformer converts (`transformers`), wherever it appears in the type;
/// 2. the built-in scalars: `Bool`, `String`, `Character`, every `Int`/`UInt` width (`Int128` and
///    `UInt128` where the platform has them), `Float`, `Double`, `Float16` (where the processor has
///    it), `Decimal`, `Date` (by the call's `dateStrategy`), `URL`, `UUID`, `Data` (base64) and `JSON`;
/// 3. `Optional` of a mappable type;
/// 4. `Array`, `Set` and dictionaries of a mappable type, keyed by `String`, an integer, a
///    raw-value enum or any `LosslessStringConvertible` key (written as JSON object keys);
/// 5. `BaseModel` subclasses (the class to build may be replaced by a constructor);
/// 6. `RawRepresentable` types whose raw value is mappable (enums with `String` or `Int` raw values);
/// 7. any other `Codable` type (a struct, an enum with associated values, a `Codable` class), through
///    its own `init(from:)` and `encode(to:)` over `JSON` values (`CodableCoder`).
///
/// Anything else is not mappable and the schema reports it.
struct CoderFactory {
    /// A transformer's coder, used for the type it converts.
    var transformer: (any LeafCoderProviding)?
    /// The class to build for model values (from a constructor), instead of the declared one.
    var modelClass: ModelCoderProviding.Type?
    /// Whether the property's collections drop elements that fail (the class's `lossyCollections`).
    var lossyCollections = false
    /// Whether an unknown raw value of the property's enum keeps its default (the class's
    /// `forwardCompatibleEnums`), whatever the call's options say.
    var keepsUnknownEnumCases = false
    /// For an array of models declared in the class's `identities`: how its elements are matched on
    /// an update.
    var identity: ElementIdentity?
    /// Whether an update replaces the models of the property rather than merging into them
    /// (`BaseModel.replacedOnUpdate`).
    var replacesModels = false
    /// Whether an update merges the property's dictionary by key (`BaseModel.mergedDictionaries`):
    /// applies to the outermost dictionary only.
    var mergesDictionaryValues = false

    /// A type that has no coder, named for the schema's message.
    struct Unsupported: Error {
        let typeName: String
    }

    func coder<T>(for type: T.Type) throws(Unsupported) -> any ValueCoding<T> {
        if let transformer, let coder = transformer.coder(for: T.self) {
            return coder
        }
        if let coder = scalarCoder(for: T.self) {
            return coder
        }
        if let container = T.self as? any StandardContainer.Type {
            guard let coder = container.makeCoder(using: self) as? any ValueCoding<T> else {
                throw Unsupported(typeName: String(describing: T.self))
            }
            return coder
        }
        if let model = T.self as? ModelCoderProviding.Type {
            let built = modelClass.flatMap { $0.isSubclass(of: model) ? $0 : nil } ?? model
            if let coder = built.makeModelCoder(declaredType: T.self, replaces: replacesModels) as? any ValueCoding<T> {
                return coder
            }
        }
        if let rawRepresentable = T.self as? any RawRepresentable.Type,
           let coder = rawValueCoder(for: rawRepresentable) as? any ValueCoding<T> {
            return coder
        }
        if let codable = T.self as? any Codable.Type, let coder = codableCoder(for: codable) as? any ValueCoding<T> {
            return coder
        }
        throw Unsupported(typeName: String(describing: T.self))
    }

    private func codableCoder<Value: Codable>(for type: Value.Type) -> Any {
        CodableCoder<Value>()
    }

    private func rawValueCoder<Wrapped: RawRepresentable>(for type: Wrapped.Type) -> Any? {
        guard let raw = try? coder(for: Wrapped.RawValue.self) else { return nil }
        return RawValueCoder<Wrapped>(raw: raw, keepsUnknownCases: keepsUnknownEnumCases)
    }

    func scalarCoder<T>(for type: T.Type) -> (any ValueCoding<T>)? {
        scalarCoder(of: type) as? any ValueCoding<T>
    }

    /// The coder of a scalar type, as an unconstrained existential: for code that keeps coders by
    /// type (the cast to `any ValueCoding<T>` asks the runtime for that existential's shape each time).
    func scalarCoder(of type: Any.Type) -> (any ValueCoding)? {
        let coder: (any ValueCoding)?
        switch type {
        case is Bool.Type: coder = BoolCoder()
        case is String.Type: coder = StringCoder()
        case is Character.Type: coder = CharacterCoder()
        case is Int.Type: coder = IntegerCoder<Int>()
        case is Int8.Type: coder = IntegerCoder<Int8>()
        case is Int16.Type: coder = IntegerCoder<Int16>()
        case is Int32.Type: coder = IntegerCoder<Int32>()
        case is Int64.Type: coder = IntegerCoder<Int64>()
        case is UInt.Type: coder = IntegerCoder<UInt>()
        case is UInt8.Type: coder = IntegerCoder<UInt8>()
        case is UInt16.Type: coder = IntegerCoder<UInt16>()
        case is UInt32.Type: coder = IntegerCoder<UInt32>()
        case is UInt64.Type: coder = IntegerCoder<UInt64>()
        case is Double.Type: coder = DoubleCoder()
        case is Float.Type: coder = NarrowFloatCoder<Float>()
        case is Decimal.Type: coder = DecimalCoder()
        case is Date.Type: coder = DateCoder()
        case is URL.Type: coder = TextFormCoder<URL>()
        case is UUID.Type: coder = TextFormCoder<UUID>()
        case is Data.Type: coder = TextFormCoder<Data>()
        case is JSON.Type: coder = RawJSONCoder()
        default: coder = Self.newerScalarCoder(for: type)
        }
        return coder
    }

    /// The coders of scalars that exist only on newer platforms or some processors: `Int128` and
    /// `UInt128` (macOS 15 / iOS 18), `Float16` (arm64, and Linux; macOS 11 / iOS 14).
    private static func newerScalarCoder(for type: Any.Type) -> (any ValueCoding)? {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            if type == Int128.self { return IntegerCoder<Int128>() }
            if type == UInt128.self { return IntegerCoder<UInt128>() }
        }
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            if type == Float16.self { return NarrowFloatCoder<Float16>() }
        }
        #endif
        return nil
    }
}
