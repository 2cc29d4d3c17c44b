import Foundation

/// `Array` of any mapped type. Elements are decoded by the element's coder, appended to an array with
/// room reserved; an array of models declared in `identities` merges by identity on an update.
struct ArrayCoder<Element>: ValueCoding {
    let element: any ValueCoding<Element>
    /// Drops elements that fail to map, whatever `DecodingOptions.collections` says.
    var isLossy = false
    /// For an array of models declared in `identities`: an update merges elements by identity.
    var identity: ElementIdentity?
    /// Whether the elements are class references (models): such arrays are made as `[AnyObject]`
    /// (see `ReferenceCollections`).
    let holdsReferences = ReferenceCollections.isReference(Element.self)
    /// `[Element]`, looked up once, when the coder is made (see `references(in:)`).
    private let arrayType: Any.Type = [Element].self

    var typeName: String { "[\(element.typeName)]" }
    var mergesIntoExisting: Bool { identity != nil }

    // Specialised for the scalar element types, and made as `[AnyObject]` for models: made
    // unspecialised, an array looked up its generic metadata and its storage's (see
    // `ReferenceCollections`). The entry only dispatches; the bodies are functions of their own, whose
    // metadata lookups would otherwise run before the dispatch (see `IntegerCoder`).
    @_specialize(where Element == Int)
    @_specialize(where Element == Int8)
    @_specialize(where Element == Int16)
    @_specialize(where Element == Int32)
    @_specialize(where Element == Int64)
    @_specialize(where Element == UInt)
    @_specialize(where Element == UInt8)
    @_specialize(where Element == UInt16)
    @_specialize(where Element == UInt32)
    @_specialize(where Element == UInt64)
    @_specialize(where Element == Float)
    @_specialize(where Element == Double)
    @_specialize(where Element == Decimal)
    @_specialize(where Element == Bool)
    @_specialize(where Element == String)
    @_specialize(where Element == Character)
    @_specialize(where Element == Date)
    @_specialize(where Element == URL)
    @_specialize(where Element == UUID)
    @_specialize(where Element == Data)
    func decode(from parser: inout JSONParser, session: DecodingSession) throws -> [Element] {
        if holdsReferences { return ReferenceCollections.array(try decodeObjects(from: &parser, session: session), of: Element.self) }
        return try decodeValues(from: &parser, session: session)
    }

    @inline(never)
    private func decodeValues(from parser: inout JSONParser, session: DecodingSession) throws -> [Element] {
        guard parser.peekToken() == UInt8(ascii: "[") else { throw try containerMismatch(at: &parser) }
        var elements = try ElementCursor(array: &parser, lossy: isLossy)
        // An empty array allocates nothing (documents such as citm_catalog.json hold many `[]`).
        if elements.isEmpty { return [] }
        // Appended to an array with room reserved: one allocation for most arrays, grown by doubling.
        // (Collecting elements in a separate buffer and moving them into an exact array cost an
        // allocation and a free more per array, and left the decoded objects slower to release by a
        // factor of three: see Docs/Performance.md.)
        var result: [Element] = []
        result.reserveCapacity(8)
        while try elements.next(in: &parser, session: session) {
            do {
                result.append(try element.decodeElement(from: &parser, session: session))
            } catch {
                try elements.drop(after: error, in: &parser, session: session)
            }
        }
        return result
    }

    /// `decodeValues` for elements that are references, made as `[AnyObject]`.
    @inline(never)
    private func decodeObjects(from parser: inout JSONParser, session: DecodingSession) throws -> [AnyObject] {
        guard parser.peekToken() == UInt8(ascii: "[") else { throw try containerMismatch(at: &parser) }
        var elements = try ElementCursor(array: &parser, lossy: isLossy)
        if elements.isEmpty { return [] }
        var result: [AnyObject] = []
        result.reserveCapacity(8)
        while try elements.next(in: &parser, session: session) {
            do {
                result.append(ReferenceCollections.object(try element.decodeElement(from: &parser, session: session)))
            } catch {
                try elements.drop(after: error, in: &parser, session: session)
            }
        }
        return result
    }

    /// An update of an array of models declared in `identities`: an element whose identity matches an
    /// element already there updates that object in place; any other is a new object; the order is
    /// the JSON's, and elements the JSON no longer lists are removed. Any other array is read anew.
    /// (The schema admits identities only for arrays of models, so the merges work on references.)
    func decode(from parser: inout JSONParser, merging current: [Element], session: DecodingSession) throws -> [Element] {
        guard let identity, holdsReferences, session.undoLog != nil else { return try decode(from: &parser, session: session) }
        // `current` itself when nothing came or went (see `isUnchanged`).
        return try mergeModels(from: &parser, into: ReferenceCollections.objects(current), by: identity, session: session)
            .map { ReferenceCollections.array($0, of: Element.self) } ?? current
    }

    /// The merge of an update, on the references: `nil` when the result holds the same objects in the
    /// same order.
    private func mergeModels(from parser: inout JSONParser, into current: [AnyObject], by identity: ElementIdentity, session: DecodingSession) throws -> [AnyObject]? {
        guard parser.peekToken() == UInt8(ascii: "[") else { throw try containerMismatch(at: &parser) }
        return identity.isPartial
            ? try decodePart(from: &parser, merging: current, by: identity, session: session)
            : try decodeWhole(from: &parser, merging: current, by: identity, session: session)
    }

    /// The merge of a whole list: `nil` when the result holds the same objects in the same order.
    /// Each element's identity is read from a copy of the parser, then the element is merged or
    /// decoded where it stands.
    @inline(never)
    private func decodeWhole(from parser: inout JSONParser, merging current: [AnyObject], by identity: ElementIdentity, session: DecodingSession) throws -> [AnyObject]? {
        var elements = try ElementCursor(array: &parser, lossy: isLossy)
        if elements.isEmpty { return current.isEmpty ? nil : [] }
        var byIdentity = IdentityIndex(current, identity: identity)
        // The new array, made only once it differs from `current`: until then, the first `same`
        // elements merged are `current`'s own, in its order (an array made for every merge was an
        // allocation of every live update).
        var result: [AnyObject]?
        var same = 0
        // No mark is left past the array (see `JSONParser.passableValue`). Within it, a mark its
        // element's loop did not reach (the merge failed first) names a place already read.
        defer { parser.passableValue = nil }
        while try elements.next(in: &parser, session: session, entersStep: false) {
            var match: Int?
            // Whether the identity was read from the element's first member alone.
            var firstMemberOnly = false
            // Where that member's value is, when the element merged into holds exactly it: an `Int`
            // identity (a `String` equal as Swift compares strings may differ in its bytes).
            var sameIdentity: Range<Int>?
            // The element's path is entered with its identity (`Change.identityPath`).
            if let leading = identity.leadingKey(ofElementAt: &parser, session: session) {
                elements.enterStep(session: session, identity: leading.key)
                let taken = identity.takeNoting(leading.key, from: &byIdentity, session: session)
                match = taken?.position
                firstMemberOnly = leading.firstMemberOnly
                if case .int = leading.key, taken?.asWritten == true { sameIdentity = leading.value }
            } else {
                elements.enterStep(session: session, identity: nil)
            }
            // The object made for the element; `nil` when it merged into `current[match]` in place.
            let made: AnyObject?
            do {
                if match != nil, identity.isReplacement(elementAt: parser, session: session) {
                    // A full image: a new object where the element of its identity was.
                    made = ReferenceCollections.object(try element.decodeElement(from: &parser, session: session))
                } else if let match {
                    // Lent, not retained: `current` holds the element for the whole merge. (A retain
                    // and a release per element merged.) Sound: `current` is this call's own array,
                    // alive and unchanged until it returns.
                    let lent = current.withUnsafeBufferPointer { Unmanaged.passUnretained($0[match]) }
                    made = try merge(from: &parser, into: lent, firstMemberOnly: firstMemberOnly, sameIdentity: sameIdentity, by: identity, session: session)
                } else {
                    made = ReferenceCollections.object(try element.decodeElement(from: &parser, session: session))
                }
            } catch {
                // An element merged in place fails the update rather than leave the array.
                try elements.drop(after: error, mayDrop: match == nil, in: &parser, session: session)
                continue
            }
            // Told by position, not by comparing references: no element is loaded (and retained) to
            // compare.
            if result == nil, made == nil, match == same {
                same += 1
            } else {
                if result == nil {
                    result = Array(current[..<same])
                    result!.reserveCapacity(current.count)
                }
                // A merged element is `current[match]` (`made` is `nil` only after a match).
                result!.append(made ?? current[match!])
            }
        }
        if let result { return result }
        return same == current.count ? nil : Array(current[..<same])
    }

    /// Merges the element at the parser's position into `lent`, the element of its identity, which
    /// the caller's array holds throughout: `nil` when merged in place, or the object its class's
    /// merge made instead. `firstMemberOnly` says that the identity was read from the element's first
    /// member alone (`ElementIdentity.leadingKey`), and `sameIdentity` where that member's value is
    /// when `lent` holds that very value.
    func merge(from parser: inout JSONParser, into lent: Unmanaged<AnyObject>, firstMemberOnly: Bool, sameIdentity: Range<Int>?,
               by identity: ElementIdentity, session: DecodingSession) throws -> AnyObject? {
        // Read from the first member alone, the identity is trusted for an element of the usual
        // class, whose member loop meets any repeat of it (see `leadingKey`); an element of another
        // class must have the same identity over all its members, or the key repeats, which an
        // update refuses.
        if firstMemberOnly {
            if !identity.isUsualClass(lent._withUnsafeGuaranteedRef { ObjectIdentifier(Swift.type(of: $0)) }) {
                if identity.hasRepeatedKey(ofElementAt: &parser) { throw MappingError(.repeatedKey).prefixed(by: .key(identity.key)) }
            } else if let sameIdentity {
                // The element's member loop passes its identity without reading it: the element holds
                // that very value, so reading it would write nothing and change nothing. Its class is
                // the usual one, merged in place by its member loop, which still counts the member as
                // read (a repeat of its key is met).
                parser.passableValue = sameIdentity
            }
        }
        // Sound: the caller's array holds the element throughout, as said above.
        return try lent._withUnsafeGuaranteedRef { try element.merge(from: &parser, intoReference: $0, session: session) }
    }

    /// An update of an array in `partialCollections`, on a copy of `current` (see `mergePart`): `nil`
    /// when the result holds the same objects in the same order.
    private func decodePart(from parser: inout JSONParser, merging current: [AnyObject], by identity: ElementIdentity, session: DecodingSession) throws -> [AnyObject]? {
        var merged = current
        var positions: [IdentityKey: Int]?
        try mergePart(from: &parser, into: &merged, positions: &positions, by: identity, session: session) { _ in }
        return Self.isUnchanged(merged, from: current) ? nil : merged
    }

    func decode(_ json: JSON, existing: [Element]?, session: DecodingSession) throws -> [Element] {
        try decodeByReading(json, existing: existing, session: session)
    }

    /// Whether `merged` holds the same objects as `existing`, in the same order: then the property
    /// keeps its buffer, and a change set sees at once that no element came or went.
    static func isUnchanged(_ merged: [AnyObject], from existing: [AnyObject]) -> Bool {
        let count = merged.count
        guard count == existing.count else { return false }
        var index = 0
        while index < count {
            if merged[index] !== existing[index] { return false }
            index += 1
        }
        return true
    }

    /// The array `value` holds, as its references, when it is an `[Element]` of models
    /// (`holdsReferences`); `nil` otherwise. The `Any` is opened and its type compared with the one
    /// kept since the coder was made: a cast (`value as? [Element]`) looked up the metadata of
    /// `[Element]` on every call.
    func references(in value: Any) -> [AnyObject]? {
        guard holdsReferences else { return nil }
        return openedReferences(value)
    }

    private func openedReferences<Opened>(_ value: Opened) -> [AnyObject]? {
        guard Opened.self == arrayType else { return nil }
        // Sound: `value` is an `[Element]` (its type is `arrayType`) of references (`holdsReferences`),
        // which `[AnyObject]` represents (see `ReferenceCollections`); the size check reads the
        // metadata the opened `Any` carries.
        return unsafeBitCast(value, to: [AnyObject].self)
    }

    /// Each element's identity and object, for the change set (`nil` without `identities`).
    func identities(of value: [Element]) -> [(id: JSON, object: AnyObject)]? {
        guard let identity else { return nil }
        return value.compactMap { item in anyObject(item).flatMap { object in identity.of(object).map { ($0, object) } } }
    }

    @_specialize(where Element == Int)
    @_specialize(where Element == Int8)
    @_specialize(where Element == Int16)
    @_specialize(where Element == Int32)
    @_specialize(where Element == Int64)
    @_specialize(where Element == UInt)
    @_specialize(where Element == UInt8)
    @_specialize(where Element == UInt16)
    @_specialize(where Element == UInt32)
    @_specialize(where Element == UInt64)
    @_specialize(where Element == Float)
    @_specialize(where Element == Double)
    @_specialize(where Element == Decimal)
    @_specialize(where Element == Bool)
    @_specialize(where Element == String)
    @_specialize(where Element == Character)
    @_specialize(where Element == Date)
    @_specialize(where Element == URL)
    @_specialize(where Element == UUID)
    @_specialize(where Element == Data)
    func write(_ value: [Element], to writer: inout JSONWriter, session: EncodingSession) throws {
        try writeElements(value, to: &writer, session: session)
    }

    @inline(never)
    private func writeElements(_ value: [Element], to writer: inout JSONWriter, session: EncodingSession) throws {
        if holdsReferences { return try writeObjects(ReferenceCollections.objects(value), to: &writer, session: session) }
        writer.beginArray()
        // A counted loop: `enumerated()` in this unspecialised code built tuple metadata per element,
        // and `indices` was a generic call per array.
        let count = value.count
        var index = 0
        while index < count {
            writer.writeElementSeparator(isFirst: index == 0)
            do {
                try element.write(value[index], to: &writer, session: session)
            } catch let error as MappingError {
                throw error.prefixed(by: .index(index))
            }
            index += 1
        }
        writer.endArray(isEmpty: count == 0)
    }

    /// `writeElements` for elements that are references (models), lent to the element's coder where
    /// they stand in the array's buffer.
    // Sound: the buffer is lent for the closure, and the indices stay below its count.
    private func writeObjects(_ objects: [AnyObject], to writer: inout JSONWriter, session: EncodingSession) throws {
        writer.beginArray()
        try objects.withUnsafeBufferPointer { objects in
            for index in objects.indices {
                writer.writeElementSeparator(isFirst: index == 0)
                do {
                    try element.writeReference(objects[index], to: &writer, session: session)
                } catch let error as MappingError {
                    throw error.prefixed(by: .index(index))
                }
            }
        }
        writer.endArray(isEmpty: objects.isEmpty)
    }

    func encode(_ value: [Element], session: EncodingSession) throws -> JSON {
        try encodeByWriting(value, session: session)
    }
}

/// How the elements of an array of models are matched on an update (`BaseModel.identities`): by the
/// JSON key of their identity property, and the identity of an element already in the array, read
/// by the schema (which knows the element's plan).
final class ElementIdentity: Sendable {
    /// The identity property's JSON key in the elements' objects.
    let key: String
    /// `key`'s UTF-8 bytes, to find it in an element's object.
    let keyBytes: [UInt8]
    /// An element that starts with the identity, `{"key":`, as one word (`leadingKey`); `nil` for a
    /// key too long for one.
    private let leadingWord: LeadingKeyWord?
    /// Whether an update lists only the elements that changed (`BaseModel.partialCollections`).
    let isPartial: Bool
    /// The identity property of a model, as the maps write it; `nil` if it cannot be read.
    let of: @Sendable (AnyObject) -> JSON?
    /// An identity as found in a document, as the property would hold and write it (`"1"` read
    /// leniently for an `Int` is `1`); `nil` if the property cannot hold it.
    let canonical: @Sendable (JSON, DecodingSession) -> JSON?
    /// The identity of a model as a merge compares it: as `of` gives it, without making `JSON` for
    /// an integer or a string.
    private let readKey: @Sendable (AnyObject) -> IdentityKey?
    /// Where the elements' usual class keeps an `Int` or `String` identity, once `readKey` has
    /// published it: `keyOf` reads it there.
    private let usualField: PublishedReference<UsualIdentityField>

    /// The elements' class and its identity property, as errors name them.
    let modelName: String?
    let propertyName: String?
    /// For elements whose JSON is an array (`BaseModel.isPositional`): the identity's position.
    let position: Int?
    /// The members whose values mark a listed element as removed, besides `removalKey`
    /// (`BaseModel.removalMarkers`), in the order of their keys; empty for most classes.
    let removalMarkers: [(key: String, value: JSON)]
    /// The members whose values mark a listed element as a full image that replaces the element of
    /// its identity (`BaseModel.replacementMarkers`); empty for most classes.
    let replacementMarkers: [(key: String, value: JSON)]
    /// A member's value as the elements' class reads and writes it (`"0.00"` for a `Decimal` is
    /// `0`); `nil` for a key it does not map, or a value it cannot hold.
    private let canonicalMember: @Sendable (String, JSON, DecodingSession) -> JSON?
    /// A member's value in a model of the elements' class, as the maps write it; `nil` for a key
    /// its class does not map.
    private let memberValue: @Sendable (AnyObject, String) -> JSON?

    init(key: String, isPartial: Bool, of: @escaping @Sendable (AnyObject) -> JSON?, canonical: @escaping @Sendable (JSON, DecodingSession) -> JSON?,
         keyOf: (@Sendable (AnyObject) -> IdentityKey?)? = nil, usualField: PublishedReference<UsualIdentityField> = PublishedReference(),
         modelName: String? = nil, propertyName: String? = nil, position: Int? = nil, removalMarkers: [String: JSON] = [:], replacementMarkers: [String: JSON] = [:],
         canonicalMember: @escaping @Sendable (String, JSON, DecodingSession) -> JSON? = { _, _, _ in nil },
         memberValue: @escaping @Sendable (AnyObject, String) -> JSON? = { _, _ in nil }) {
        self.memberValue = memberValue
        self.position = position
        self.removalMarkers = removalMarkers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        self.replacementMarkers = replacementMarkers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        self.canonicalMember = canonicalMember
        self.key = key
        self.modelName = modelName
        self.propertyName = propertyName
        self.keyBytes = Array(key.utf8)
        leadingWord = LeadingKeyWord(key: keyBytes)
        self.isPartial = isPartial
        self.of = of
        self.canonical = canonical
        self.readKey = keyOf ?? { object in of(object).map(IdentityKey.init) }
        self.usualField = usualField
    }

    /// The identity of `object`, a model, as a merge compares it: read in place for the usual class
    /// of an `Int` or `String` identity (`usualField`), otherwise through `readKey`. (Through the
    /// closure and the property's access, each identity read retained and released the closure's
    /// context and the element.)
    @inline(__always)
    func keyOf(_ object: AnyObject) -> IdentityKey? {
        let type = ObjectIdentifier(Swift.type(of: object))
        if let known = usualField.withPublished({ $0.type == type ? $0.field.key(of: object) : nil }), let known { return known }
        return readKey(object)
    }

    /// Whether the identity of `object`, a model, is `wanted`: as `keyOf(object) == wanted`, with an
    /// `Int` or `String` of the usual class compared where it stands, making no `IdentityKey` (a
    /// short array's search compares several elements' identities for each one listed).
    @inline(__always)
    func identifies(_ object: AnyObject, as wanted: IdentityKey) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: object))
        let compared = usualField.withPublished { usual -> Bool? in
            guard usual.type == type else { return nil }
            switch (usual.field, wanted) {
            case (.int(let handle), .int(let value)): return handle.read(from: object) == value
            case (.string(let handle), .string(let text)): return handle.read(from: object) == text
            default: return false
            }
        }
        if let compared, let compared { return compared }
        return readKey(object) == wanted
    }

    /// The member that marks an element of a partial collection's update as removed:
    /// `{"i":3,"$remove":true}`.
    static let removalKey = "$remove"
    /// `removalKey`'s UTF-8 bytes.
    static let removalKeyBytes = Array(removalKey.utf8)

    /// For a partial collection's merge: the identity of the element at the parser's position, as
    /// `key(ofElementAt:)` reads it, and whether the element is marked removed (its last member named
    /// `removalKey` is `true`; `false`, `null` or no marker keep it). Both read in one pass over a
    /// compact element's bytes (`JSONParser.compactIdentityAndRemoval`), otherwise with copies of the
    /// parser. The identity is `nil` for an element that is not an object (its decoding says so);
    /// an object without its identity, or with `null` for it, and a marker that is not a Boolean
    /// are errors, with the path inside the element.
    func listing(ofElementAt parser: inout JSONParser, session: DecodingSession) throws -> (key: IdentityKey?, removes: Bool) {
        var listing: (key: IdentityKey?, removes: Bool)
        if position != nil {
            guard parser.peekToken() == UInt8(ascii: "[") else { return (nil, false) }
            listing = (key(ofElementAt: &parser), false)
        } else if removalMarkers.isEmpty, let compact = parser.compactIdentityAndRemoval(key: keyBytes, removal: Self.removalKeyBytes) {
            listing = compact
        } else {
            guard parser.peekToken() == UInt8(ascii: "{") else { return (nil, false) }
            let removes: Bool
            switch try parser.identity(named: Self.removalKey) {
            case nil, .null: removes = false
            case .bool(let marked): removes = marked
            case let marker?:
                throw MappingError(.typeMismatch(expected: "Bool", found: marker.foundDescription), path: MappingPath([.key(Self.removalKey)]))
            }
            listing = (key(ofElementAt: &parser), removes)
        }
        if !listing.removes, !removalMarkers.isEmpty { listing.removes = holds(removalMarkers, elementAt: parser, session: session) }
        switch listing.key {
        case nil:
            throw MappingError(.missingKey(key), model: modelName)
        case .json(.null)?:
            throw MappingError(.typeMismatch(expected: "an identity", found: JSON.null.foundDescription), path: MappingPath([.key(key)]),
                               model: modelName, property: propertyName)
        default:
            return listing
        }
    }

    /// Whether the element at the parser's position is a full image (it holds the
    /// `replacementMarkers`), which replaces the element of its identity.
    func isReplacement(elementAt parser: JSONParser, session: DecodingSession) -> Bool {
        !replacementMarkers.isEmpty && holds(replacementMarkers, elementAt: parser, session: session)
    }

    /// Whether the element at the parser's position holds every one of `markers` (see `matches`).
    private func holds(_ markers: [(key: String, value: JSON)], elementAt parser: JSONParser, session: DecodingSession) -> Bool {
        markers.allSatisfy { marker in
            var scan = parser
            let listed: JSON?? = position != nil
                ? Int(marker.key).map { scan.elementValue(at: $0) }
                : try? scan.identity(named: marker.key)
            guard let listed = listed.flatMap({ $0 }) else { return false }
            return matches(listed, marker, isRead: false, session: session)
        }
    }

    /// Whether `element`, a model of the array, holds every one of `removalMarkers`: an element a
    /// partial merge leaves so is removed, so that no state a PATCH body cannot write (its removal
    /// markers) stays.
    func holdsRemovalMarkers(_ element: AnyObject, session: DecodingSession) -> Bool {
        !removalMarkers.isEmpty && removalMarkers.allSatisfy { marker in
            memberValue(element, marker.key).map { matches($0, marker, isRead: true, session: session) } == true
        }
    }

    /// Whether `value`, of member `marker.key`, is the marker's value: the same JSON (numbers by
    /// value), or the same once the elements' class reads both (`"0.00"` and `0` for a `Decimal`).
    /// `isRead`: `value` is one the class wrote, read already.
    private func matches(_ value: JSON, _ marker: (key: String, value: JSON), isRead: Bool, session: DecodingSession) -> Bool {
        if Self.sameValue(value, marker.value) { return true }
        guard let wanted = canonicalMember(marker.key, marker.value, session),
              let read = isRead ? value : canonicalMember(marker.key, value, session) else { return false }
        return Self.sameValue(read, wanted)
    }

    /// Whether two values are the same, numbers (and strings of decimal numbers) by value.
    static func sameValue(_ one: JSON, _ other: JSON) -> Bool {
        if one == other { return true }
        func number(_ json: JSON) -> Decimal? {
            switch json {
            case .number(let number): number.decimal
            case .string(let text): JSONNumber(text: text)?.decimal
            default: nil
            }
        }
        guard let first = number(one), let second = number(other) else { return false }
        return first == second
    }

    /// The element of a partial collection's update that removes `old` (the element as it was):
    /// its identity and `"$remove": true`, or with `removalMarkers`, `old` with the markers' values
    /// in place — an array's positions, an object's members (`old`'s identity kept).
    func removal(of old: JSON) -> JSON? {
        if let position {
            guard case .array(var elements) = old, elements.indices.contains(position) else { return nil }
            for marker in removalMarkers {
                guard let at = Int(marker.key) else { continue }
                while elements.count <= at { elements.append(.null) }
                elements[at] = marker.value
            }
            return .array(elements)
        }
        guard let id = old[key] else { return nil }
        var members = JSONObject([(key, id)])
        if removalMarkers.isEmpty {
            members[Self.removalKey] = .bool(true)
        } else {
            for marker in removalMarkers { members[marker.key] = marker.value }
        }
        return .object(members)
    }

    /// The identity of `element`, an element as JSON: its member `key`, or for positional elements
    /// the value at `position`.
    func identity(of element: JSON) -> JSON? {
        guard let position else { return element[key] }
        guard case .array(let elements) = element, elements.indices.contains(position) else { return nil }
        return elements[position]
    }

    /// The identity `id` as a merge matches it: in its canonical form (`"1"` read leniently for an
    /// `Int` is `1`) when it has one. An integer for an `Int` identity, or a string for a `String`
    /// one, is its own.
    func merged(_ id: IdentityKey, session: DecodingSession) -> IdentityKey {
        let isOwnForm = usualField.withPublished { usual -> Bool in
            switch (usual.field, id) {
            case (.int, .int), (.string, .string): true
            default: false
            }
        }
        if isOwnForm == true { return id }
        return canonical(id.json, session).map(IdentityKey.init) ?? id
    }

    /// The element of `index` whose identity is `id`, taken from it: by `id` as written, else by its
    /// canonical form; and whether it was found by `id` as written (`asWritten`): then its identity
    /// property holds exactly `id`. (Inlined: it runs for every element of a whole list's merge.)
    @inline(__always)
    func takeNoting(_ id: IdentityKey, from index: inout IdentityIndex, session: DecodingSession) -> (position: Int, asWritten: Bool)? {
        if let position = index.take(id) { return (position, true) }
        guard let canonical = canonical(id.json, session).map(IdentityKey.init), canonical != id, let position = index.take(canonical) else { return nil }
        return (position, false)
    }

    /// For a whole list's merge: the identity of the element at the parser's position, and whether it
    /// was read from the element's first member alone. It is, when the first member is the identity in
    /// compact form and the elements' usual class keeps it in an `Int` or `String` and runs no decoding
    /// hooks: then a repeat of the identity's key further on is met by the element's member loop, which
    /// watches `Int` and `String` members and refuses the repeat (`MappingError.Reason.repeatedKey`).
    /// (Reading ahead over all the members of every element would cost a pass over each element.)
    /// Otherwise it is read as `key(ofElementAt:)` reads it. With the identity read from the first
    /// member alone, `value` is where that member's value starts and ends (`nil` otherwise).
    func leadingKey(ofElementAt parser: inout JSONParser, session: DecodingSession) -> (key: IdentityKey, firstMemberOnly: Bool, value: Range<Int>?)? {
        if let first = firstMemberKey(ofElementAt: &parser) { return (first.key, true, first.value) }
        return key(ofElementAt: &parser).map { ($0, false, nil) }
    }

    /// `leadingKey` when it reads the identity from the element's first member alone; `nil`
    /// otherwise, reading nothing.
    func firstMemberKey(ofElementAt parser: inout JSONParser) -> (key: IdentityKey, value: Range<Int>)? {
        guard let leadingWord, usualField.withPublished({ !$0.runsDecodingHooks }) == true,
              let first = parser.firstMemberIdentityAndEnd(leadingWord) else { return nil }
        return (first.key, parser.position + leadingWord.length..<first.end)
    }

    /// Whether the identity the element at the parser's position has over all its members differs
    /// from the one its first member has: its key repeats (see `leadingKey`).
    func hasRepeatedKey(ofElementAt parser: inout JSONParser) -> Bool {
        guard let leadingWord else { return false }
        return key(ofElementAt: &parser) != parser.firstMemberIdentity(leadingWord)
    }

    /// Whether `type` is the elements' usual class, whose member loop watches the identity's key
    /// (see `leadingKey`).
    func isUsualClass(_ type: ObjectIdentifier) -> Bool {
        usualField.withPublished({ $0.type == type }) == true
    }

    /// The identity of the element at the parser's position (an object), read ahead without moving
    /// the parser; `nil` when it has none. (The parser is passed `inout` only so that it is not
    /// copied: a copy retained and released its four references per element.)
    func key(ofElementAt parser: inout JSONParser) -> IdentityKey? {
        if let position {
            var scan = parser
            return scan.elementValue(at: position).map(IdentityKey.init)
        }
        return parser.memberIdentity(named: key, bytes: keyBytes)
    }
}

/// An identity property held as an `Int` or a `String`, read in place (see `ElementIdentity.keyOf`).
enum IdentityField: Sendable {
    case int(FieldHandle<Int>)
    case string(FieldHandle<String>)

    /// The identity of `object`, which must be of the class whose field the handle is.
    @inline(__always)
    func key(of object: AnyObject) -> IdentityKey {
        switch self {
        case .int(let handle): .int(handle.read(from: object))
        case .string(let handle): .string(handle.read(from: object))
        }
    }
}

/// The identity field of the class of elements a merge meets most (`ElementIdentity.usualField`).
final class UsualIdentityField: Sendable {
    /// The class, whose objects alone are read through `field`.
    let type: ObjectIdentifier
    let field: IdentityField
    /// Whether the class runs code of its own during a decode (overrides `deserialize(_:)`,
    /// `didDeserialize()` or `modelClass(for:)`): then its member loop may not see every member
    /// of an element, and the identity is read over all of them (`ElementIdentity.leadingKey`).
    let runsDecodingHooks: Bool

    init(type: ObjectIdentifier, field: IdentityField, runsDecodingHooks: Bool) {
        self.type = type
        self.field = field
        self.runsDecodingHooks = runsDecodingHooks
    }
}

/// An identity as a merge by identity compares it: an integer or a string held as such, so that
/// reading, comparing and hashing one makes no `JSON`; any other value as `JSON`. Two keys are equal
/// exactly when their `JSON` values are (numbers by value, strings as Swift compares them), so a merge
/// matches what it matched comparing `JSON`.
enum IdentityKey: Hashable {
    case int(Int)
    case string(String)
    case json(JSON)

    init(_ json: JSON) {
        switch json {
        case .number(let number):
            if let value = number.int(exactly: Int.self) { self = .int(value) } else { self = .json(json) }
        case .string(let text):
            self = .string(text)
        default:
            self = .json(json)
        }
    }

    /// The identity as `JSON`.
    var json: JSON {
        switch self {
        case .int(let value): .number(JSONNumber(value))
        case .string(let text): .string(text)
        case .json(let json): json
        }
    }
}

/// The elements of an array already there, by identity, for a merge to take each match from once:
/// a short array is searched in order (comparing a few identities costs less than hashing them), a
/// long one through a dictionary. An identity the array holds twice matches its elements in order,
/// whatever the array's length.
///
/// A short array keeps no index, only a bit for each position taken: documents mostly list an
/// array's elements in its order, so while every position before `next` is taken, `next` (the first
/// left) is tried first, and the array is searched from its start only when that misses. (An index
/// built for every merge was an allocation and a read of every identity per array of a live update;
/// one built at the first miss, an allocation for two deltas of three that change one outcome of a
/// market.)
///
/// It keeps positions in the array, not elements: code generic over the element type, which this
/// runs as, paid metadata lookups for every tuple and optional of an element.
struct IdentityIndex {
    private let elements: [AnyObject]
    private let identity: ElementIdentity
    /// A short array's positions taken, a bit each.
    private var taken: UInt32 = 0
    /// In a short array: the position after the last one taken, tried first.
    private var next = 0
    /// The first position not yet taken of each identity, and after each position the next one of
    /// the same identity (-1 for none).
    private var long: [IdentityKey: Int] = [:]
    private var nextOfSameIdentity: [Int] = []
    private let isShort: Bool

    init(_ elements: [AnyObject], identity: ElementIdentity) {
        self.elements = elements
        self.identity = identity
        let count = elements.count
        isShort = count <= IdentityIndex.shortCount
        if isShort { return }
        nextOfSameIdentity = [Int](repeating: -1, count: count)
        // From the end, so that each identity's chain runs in the array's order.
        var position = count - 1
        while position >= 0 {
            if let id = key(at: position) {
                nextOfSameIdentity[position] = long[id] ?? -1
                long[id] = position
            }
            position -= 1
        }
    }

    /// The position of the element whose identity is `id`, if any is left; it is not found again.
    mutating func take(_ id: IdentityKey) -> Int? {
        guard isShort else {
            guard let position = long[id] else { return nil }
            let next = nextOfSameIdentity[position]
            long[id] = next < 0 ? nil : next
            return position
        }
        // While every position before `next` is taken, `next` is the first left.
        let before: UInt32 = (1 &<< UInt32(truncatingIfNeeded: next)) &- 1
        if next < elements.count, taken & before == before, taken & (1 &<< UInt32(truncatingIfNeeded: next)) == 0, key(at: next) == id {
            return mark(next)
        }
        var position = 0
        while position < elements.count {
            if taken & (1 &<< UInt32(truncatingIfNeeded: position)) == 0, key(at: position) == id { return mark(position) }
            position += 1
        }
        return nil
    }

    /// The longest array searched without an index (its positions fit `taken`'s bits).
    static let shortCount = 16

    /// Notes that the element at `position` of a short array is taken; `position`.
    @inline(__always)
    private mutating func mark(_ position: Int) -> Int {
        taken |= 1 &<< UInt32(truncatingIfNeeded: position)
        next = position + 1
        return position
    }

    /// The identity of the element at `position`, read on the element lent.
    @inline(__always)
    private func key(at position: Int) -> IdentityKey? {
        // Sound: `elements` is this index's own array, alive and unchanged while the index is, and
        // the element is used only within the call.
        let lent = elements.withUnsafeBufferPointer { Unmanaged.passUnretained($0[position]) }
        return lent._withUnsafeGuaranteedRef { identity.keyOf($0) }
    }
}

extension ArrayCoder: ModelArrayMerging {
    var mergesModels: Bool { identity != nil && holdsReferences }
    var modelArrayMerging: (any ModelArrayMerging)? { mergesModels ? self : nil }

    func mergeModels(from parser: inout JSONParser, into current: [AnyObject], session: DecodingSession) throws -> [AnyObject]? {
        // Only coders that merge (`mergesModels`) are asked.
        guard let identity else { preconditionFailure("mergeModels(from:into:session:) of an array coder without identity") }
        return try mergeModels(from: &parser, into: current, by: identity, session: session)
    }

    var mergesInPart: Bool { identity?.isPartial == true && holdsReferences }

    func identity(of element: AnyObject) -> JSON? {
        identity?.keyOf(element)?.json
    }

    func mergePart(from parser: inout JSONParser, into elements: inout [AnyObject], positions: inout [IdentityKey: Int]?, session: DecodingSession,
                   editing: (PartialEdit) -> Void) throws {
        // Only coders that merge in part (`mergesInPart`) are asked.
        guard let identity else { preconditionFailure("mergePart(from:into:positions:session:editing:) of an array coder without identity") }
        try mergePart(from: &parser, into: &elements, positions: &positions, by: identity, session: session, editing: editing)
    }
}
