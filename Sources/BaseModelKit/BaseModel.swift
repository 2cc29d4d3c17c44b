@_exported import BaseModelKitJSON
/// The base class of models that map to and from JSON through mapping tables.
///
/// A model declares which JSON key fills which stored property, and one engine does the rest both ways:
///
///     final class Bet: BaseModel {
///         var betId: String?
///         var amount: Double = 0
///         override class var apiToLocal: [String: String] { ["i": "betId", "a": "amount"] }
///     }
///
///     let bet = try Bet.decode(from: #"{"i":"b1","a":2.5}"#)
///     try bet.update(from: #"{"a":3}"#)
///     let data = try bet.jsonData()            // {"i":"b1","a":3}
///
/// Mapped properties must be stored `var`s (not `let`, `weak`, `unowned`, `lazy` or wrapped); the
/// engine writes them directly, so `didSet` observers do not run. An `@Observable` class maps its
/// properties by their declared names and names their key paths in `observedKeyPaths`: observers are
/// told of an update's changes after it. A subclass declares only its own
/// keys: a class's effective map is the union of the maps along its superclass chain, the subclass
/// winning.
///
/// ## The order of the hooks
///
/// Decoding (`decode`, `decodeArray`, `update`), for each object, outermost first:
/// 1. **construct** — `init()` for a new object (an update uses the object already there);
/// 2. **`deserialize(_:)`** — the default sets every mapped property whose key is present, building or
///    merging nested models (each runs steps 1–3 itself) as it goes. Override it to handle special
///    keys; call `super` to keep the default walk;
/// 3. **`didDeserialize()`** — after all the object's properties are set: validate or derive. Throwing
///    rejects the object; the call fails with a `MappingError` (an update leaves the graph unchanged).
/// 4. **`didUpdate(_:)`** — after an update has succeeded as a whole, on each model with changes of its
///    own, with those changes (the observers of `@Observable` models have been told just before).
///    Never after a failed update.
///
/// Encoding calls **`serialize()`** on each object; the default writes every mapped property in
/// declaration order. Override it to add or change keys: `var object = try super.serialize()`, edit,
/// return.
///
/// A model instance is a plain mutable class: decode and encode distinct instances on any number of
/// threads, but do not share one instance between threads while it changes. An `update` that meets an
/// object another thread is updating or encoding at that moment throws `MappingError`
/// (`.concurrentUpdate`) and changes nothing, and so does an encode that meets an object being
/// updated; writes to properties by your own code are not watched.
open class BaseModel: Codable, CustomDebugStringConvertible {
    /// Which call is updating or encoding this object right now (see `ModelAccess`); only the engine
    /// touches it, atomically, through its address. Not a mapped property: the plans leave out the
    /// fields `BaseModel` declares.
    final var engineAccess: Int = 0

    /// The byte offset of `engineAccess`: it is the first stored property `BaseModel` declares, so it
    /// is the first field after the two-word object header. The plan registry checks it against the
    /// runtime's metadata before building any plan.
    static let engineAccessOffset = 2 * MemoryLayout<Int>.size

    /// The members of this object's JSON that its maps do not name, in the order first seen, for a
    /// class whose `keepsUnknownKeys` is `true` (empty otherwise): kept by a decode, merged by an
    /// update (a `null` removes one), written back after the mapped members, kept by `copy()` and the
    /// `Codable` bridge, and put back as they were when an update fails.
    public final var unknownKeys: JSONObject {
        extras?.members ?? JSONObject()
    }

    /// What the object keeps beside its mapped properties (its unknown keys, its identity indexes):
    /// `nil` until it keeps any, so that a model that keeps none pays one word (see `ModelExtras`).
    final var extras: ModelExtras?

    /// Creates an empty model; decoding builds objects with this initializer and then fills them.
    public required init() {}

    /// Decodes the model from any `Decoder` through its maps (minified keys, transformers, hooks):
    /// a model can be a property of a `Codable` type, or go through `PropertyListDecoder`. The class
    /// built is the static type (`modelClass(for:)` cannot change the class of an object being
    /// initialized); `decoder.userInfo[.decodingOptions]` sets the options. A mapping failure is a
    /// `DecodingError.dataCorrupted` with the whole path and the `MappingError` underneath.
    ///
    /// A convenience initializer: a subclass that provides `init()` (as every model does) inherits it,
    /// so subclasses write nothing for `Codable`.
    public required convenience init(from decoder: any Decoder) throws {
        self.init()
        try CodableBridge.fill(self, from: decoder)
    }

    /// Encodes the model to any `Encoder` as the JSON object its maps make (`serialize()`);
    /// `encoder.userInfo[.encodingOptions]` sets the options.
    public func encode(to encoder: any Encoder) throws {
        try CodableBridge.encode(self, to: encoder)
    }

    /// JSON key → stored property name for the keys this class adds (`["fn": "firstName"]`). The
    /// effective map is the union along the superclass chain, the subclass winning. Only mapped keys
    /// ever change a property.
    open class var apiToLocal: [String: String] { [:] }

    /// Builders for values the engine cannot infer: `"name"` builds the property's value (for a model
    /// property: the class to build, which may be a subclass), `"name."` one element of a container
    /// (`["bets.": { SystemBet() }]`). The engine looks at the class of what a builder returns, when
    /// the plan is made, and builds that class with `init()` for every value. Optional wherever the
    /// property's type says what to build.
    open class var constructors: [String: () -> Any] { [:] }

    /// Property name → two-way value transformer (`["startsAt": .iso8601]`). A transformer for `T` also
    /// serves `T?`, `[T]`, `Set<T>` and `[String: T]` properties; one for a collection type converts
    /// the whole collection (`[String]` from `"a,b"`, an enum-keyed dictionary).
    open class var transformers: [String: JSONTransformer] { [:] }

    /// Properties (by name) whose arrays, sets and dictionaries leave out elements that fail to map,
    /// as `DecodingOptions.collections = .lossy` does for every property (`["items"]`). Applies to
    /// every level of a nested collection. The union along the superclass chain.
    open class var lossyCollections: Set<String> { [] }

    /// Whether objects of this class keep the members of their JSON that the maps do not name, in
    /// `unknownKeys`, and write them back after the mapped members: a proxy, a cache or an app that
    /// sends back what it read loses nothing. An update merges them (`null` removes one). Kept keys
    /// are not unknown keys to `DecodingOptions.unknownKeys` (neither refused nor reported). Only the
    /// object's own members are kept: keys inside a nested key path's object (`"s"` of `"s.h"`) that
    /// the map does not name are not. The default is `false`: they are skipped.
    open class var keepsUnknownKeys: Bool { false }

    /// Array property → the identity property of its elements (`["markets": "marketId"]`): on an
    /// update such an array merges by identity — an element whose identity matches one already there
    /// updates that object in place, any other is a new object, the order follows the JSON, and
    /// elements the JSON no longer lists are removed. Arrays not named here are replaced. The union
    /// along the superclass chain, the subclass winning.
    open class var identities: [String: String] { [:] }

    /// Arrays named in `identities` whose updates list only the elements that changed
    /// (`["outcomes"]`): a listed element whose identity matches one already there updates it in
    /// place, any other is added at the end, an element written with `"$remove": true` beside its
    /// identity (`{"i":3,"$remove":true}`) is removed (as is one holding the element class's
    /// `removalMarkers`), and the elements the JSON does not list stay, in their order. The union
    /// along the superclass chain.
    open class var partialCollections: Set<String> { [] }

    /// Whether this class's JSON is an array whose positions are its members, as feeds send price
    /// levels (`[1.01, 200]`): the keys of `apiToLocal` are then positions (`["0": "price",
    /// "1": "size"]`, and `"2.t"` for a key inside an object at position 2). A decode reads the
    /// positions the map names and skips the others; an array shorter than a mapped position leaves
    /// that property as it is, like a missing key. An encode writes the array up to its highest mapped
    /// position, `null` where no property writes. An array of such elements may be named in
    /// `identities` by the property at one position. Errors and changes name positions: `atb[0][1]`.
    /// The class's tree form — what `dictionary()` returns, and a `JSONObject` handed to
    /// `decode(from:)` — is an object keyed by the positions' text (`{"0":1.01,"1":200}`). Such a
    /// class keeps the default `deserialize(_:)`, `serialize()` and `modelClass(for:)`, and no
    /// unknown or alternative keys (each a `SchemaError`).
    open class var isPositional: Bool { false }

    /// For elements of this class in a partial collection (`partialCollections`): the members whose
    /// values mark a listed element as a removal, besides `"$remove": true` — `["1": 0]` for price
    /// levels whose size 0 removes the level (`[1.01, 0]`), `["status": "CLOSED"]` for an object. An
    /// element whose listing holds every one of these values is removed (when its identity is there);
    /// a mapped member's value is compared as its property reads it (`"0.00"` is `0` for a
    /// `Decimal`), any other as JSON, numbers by value. An element the merge leaves holding all of
    /// them is removed too (or not added: `[1.5]` would add a level of size 0), so that every state
    /// stays one a PATCH body can write; it writes a removal the same way, the element as it was with
    /// these values in place. The subclass's table wins (not a union).
    open class var removalMarkers: [String: JSON] { [:] }

    /// For elements of this class in an array merged by identity (`identities`): the members whose
    /// values mark a listed element as a full image (`["img": true]`), which replaces the element of
    /// its identity with a new object read from the listing, in that element's place, instead of
    /// merging into it — so nothing the image leaves out stays. Compared as `removalMarkers` are. The
    /// subclass's table wins (not a union).
    open class var replacementMarkers: [String: JSON] { [:] }

    /// Properties (by name) holding models that an update replaces rather than merges into, for
    /// objects a feed sends in full whenever they change (a market's definition): a model property
    /// gets a new object read from the JSON; a dictionary of models, a new object for each key listed
    /// (keys not listed stay); an array merged by identity, a new object for each element listed, in
    /// the place of the element of its identity. A replaced model is a change of its own (old and
    /// new object as JSON), even when the two are equal. The union along the superclass chain.
    open class var replacedOnUpdate: Set<String> { [] }

    /// Dictionary properties (by name) of values other than models — `[String: Double]`,
    /// `[Double: Decimal]`, `[Int: String]` — that an update merges by key, as dictionaries of models
    /// always merge: a key listed sets its value, `null` removes the key, keys not listed stay. Each
    /// key added, removed or given another value is a change of its own (`ladder["1.01"]`). Any other
    /// such dictionary is replaced whole by an update. The union along the superclass chain.
    open class var mergedDictionaries: Set<String> { [] }

    /// For an `@Observable` model: each mapped property's key path (`["price": \Outcome.price]`), so
    /// that the engine, which writes the macro's storage (`_price`) directly, can tell the class's
    /// observers — `withObservationTracking`, SwiftUI — which properties an update changed. Swift
    /// cannot make a key path from a name at run time, so the class names them. A mapped property the
    /// macro stores without one is decoded and updated but its observers are not told, and
    /// `validateMappings()` reports it. The union along the superclass chain.
    open class var observedKeyPaths: [String: AnyKeyPath] { [:] }

    /// Properties (by name) whose raw-value enum keeps its default when the JSON holds a raw value no
    /// case has — a case a newer server added — instead of failing the decode: an optional becomes
    /// `nil`, any other property stays as it was, and a `MappingReport` records it. As
    /// `DecodingOptions.unknownEnumCases = .keepDefault` does for every property. The union along the
    /// superclass chain.
    open class var forwardCompatibleEnums: Set<String> { [] }

    /// JSON keys a decode must find in this class's objects (`["o"]`); the union along the superclass
    /// chain. A missing one fails the decode: `Missing key "o" at bets[2] (Bet.outcomeId).` Updates in
    /// place are not affected (a partial message names only what changed). A dotted key's first step
    /// (`"s"` for `"s.h"`) requires the nested object. See also `DecodingOptions.missingKeys`.
    open class var requiredKeys: Set<String> { [] }

    /// JSON keys an update may not change in an object that exists (`["id"]`: the id a store keys
    /// it by); the union along the superclass chain. An update that lists one with another value
    /// fails, changing nothing: `The key "id" at the top level (Order.orderId) cannot change in an
    /// update: it is "o1", and the update says "o2".` The same value (as the property reads it) is
    /// no change and passes; a decode of a new object is not affected.
    open class var fixedKeys: Set<String> { [] }

    /// Other JSON keys that mean what a key of `apiToLocal` means, for an API that renamed a key and
    /// sends either (`["p": ["price", "px"]]`): a decode or an update reads any of them into the
    /// property `"p"` maps, and an encode writes `"p"`. Along the superclass chain as `apiToLocal`
    /// (a subclass's list for a key wins). Each alternative is one plain key of the object itself
    /// (not a dotted path), named for one key only, and no key of the map. An object that holds two
    /// keys of one property counts as a repeated key: a decode reads the last, an update refuses it.
    open class var alternativeKeys: [String: [String]] { [:] }

    /// Fills this object from one JSON object. The default sets every property whose JSON key is in
    /// the map and present in `object`; other keys are ignored. Override to handle special keys, and
    /// call `super.deserialize(object)` for the rest. Throwing fails the decode (an update is undone).
    open func deserialize(_ object: JSONObject) throws {
        try HookHandOver.deserializeByDefault(self, from: object)
    }

    /// The JSON object of this model. The default writes every mapped property in declaration order
    /// (`nil` left out unless `EncodingOptions.nilEncoding` is `.null`). Override to add or change
    /// keys: `var object = try super.serialize()`, edit, return.
    open func serialize() throws -> JSONObject {
        try HookHandOver.serializeByDefault(self)
    }

    /// Called after an update in place succeeded, on each model with changes of its own, with those
    /// changes (outermost model first, in the order of their first change); never after an update
    /// that failed and was rolled back, and not after a decode of a new object. The default does
    /// nothing. An `ObservableObject`-style model can publish here.
    open func didUpdate(_ changes: ChangeSet) {}

    /// Called after all of this object's properties are set by a decode or update. The default does
    /// nothing. Validate or derive values here; throwing rejects the object and fails the call.
    open func didDeserialize() throws {}

    /// A deep copy of this model's graph through its maps: a new object of exactly this class whose
    /// mapped properties — nested models, arrays and dictionaries included — are new copies of these
    /// (written with `serialize()` and read back). Unmapped properties are as `init()` leaves them;
    /// references shared inside the graph become separate copies. The copy is a new graph, returned as
    /// `sending`: an actor that owns a model can hand a copy of it out (a server's route answering
    /// with the store's state).
    ///
    /// - Throws: `MappingError` or `SchemaError` when the model cannot be written (a cycle deeper than
    ///   `maxDepth`, a value JSON cannot hold).
    public func copy() throws -> sending Self {
        // The copy is made as `type(of: self)`, exactly this object's class.
        try ModelCopying.copy(of: self) as! Self
    }

    /// The class and each mapped property with its value as the maps write it:
    /// `Bet(betId: "b1", amount: 2.5)`. What `dump` or the debugger shows of a model's data.
    open var debugDescription: String {
        ModelCopying.description(of: self)
    }

    /// The class to build for `object` where this class is the declared type — for polymorphic
    /// payloads with a type key. The default, `nil`, builds the declared class.
    ///
    /// On an update, a nested object whose payload picks another class than the existing object's is
    /// replaced by a new object of that class, decoded from the payload alone; `nil` or the same class
    /// merges into the existing object. Updating a top-level object from a payload that picks another
    /// class throws (an object cannot replace itself).
    open class func modelClass(for object: JSONObject) -> BaseModel.Type? { nil }
}
