import BaseModelKitJSON
import Foundation

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
    /// Where the elements' usual class keeps an integer, `String` or `Double` identity, once
    /// `readKey` has published it: `keyOf` reads it there.
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
    /// How a member tells numbers apart, for those that read two numbers of different values as
    /// different values (a `Float` may not), so that they need no canonical form. A speed path, kept
    /// while a benchmark row gains at least 5 % by it.
    private let numberReading: @Sendable (String) -> NumberReading?
    /// A member's value in a model of the elements' class, as the maps write it; `nil` for a key
    /// its class does not map.
    private let memberValue: @Sendable (AnyObject, String) -> JSON?

    init(key: String, isPartial: Bool, of: @escaping @Sendable (AnyObject) -> JSON?, canonical: @escaping @Sendable (JSON, DecodingSession) -> JSON?,
         keyOf: (@Sendable (AnyObject) -> IdentityKey?)? = nil, usualField: PublishedReference<UsualIdentityField> = PublishedReference(),
         modelName: String? = nil, propertyName: String? = nil, position: Int? = nil, removalMarkers: [String: JSON] = [:], replacementMarkers: [String: JSON] = [:],
         canonicalMember: @escaping @Sendable (String, JSON, DecodingSession) -> JSON? = { _, _, _ in nil },
         numberReading: @escaping @Sendable (String) -> NumberReading? = { _ in nil },
         memberValue: @escaping @Sendable (AnyObject, String) -> JSON? = { _, _ in nil }) {
        self.memberValue = memberValue
        self.position = position
        self.removalMarkers = removalMarkers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        self.replacementMarkers = replacementMarkers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        self.canonicalMember = canonicalMember
        self.numberReading = numberReading
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
    /// of an integer, `String` or `Double` identity (`usualField`), otherwise through `readKey`.
    /// (Through the closure and the property's access, each identity read retained and released the
    /// closure's context and the element.)
    @inline(__always)
    func keyOf(_ object: AnyObject) -> IdentityKey? {
        let type = ObjectIdentifier(Swift.type(of: object))
        if let known = usualField.withPublished({ $0.type == type ? $0.field.key(of: object) : nil }), let known { return known }
        return readKey(object)
    }

    /// Whether the identity of `object`, a model, is `wanted`: as `keyOf(object) == wanted`, with an
    /// integer, a `String` or a `Double` of the usual class compared where it stands, making no `JSON`
    /// (a short array's search compares several elements' identities for each one listed).
    @inline(__always)
    func identifies(_ object: AnyObject, as wanted: IdentityKey) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: object))
        let compared = usualField.withPublished { usual -> Bool? in
            guard usual.type == type else { return nil }
            switch (usual.field, wanted) {
            case (.int(let handle), .int(let value)): return handle.read(from: object) == value
            case (.string(let handle), .string(let text)): return handle.read(from: object) == text
            // A price with a fraction: its key is `.double` of the price itself. (A speed path, kept
            // while a benchmark row gains at least 5 % by it.)
            case (.double(let handle), .double(let price)): return handle.read(from: object) == price
            default: return usual.field.key(of: object) == wanted
            }
        }
        if let compared, let compared { return compared }
        return readKey(object) == wanted
    }

    /// Whether `object`, which `identifies` as `id`, holds exactly the bytes `id` was read from, so
    /// that reading its identity member again would write nothing (`JSONParser.passableValue`): an
    /// integer always (a `Double` identity is never read from the first member alone: see
    /// `firstMemberKey`); a `String` of the usual class when its UTF-8 is `id`'s, since strings equal
    /// as Swift compares them may differ in their bytes (`"K"` and the Kelvin sign).
    @inline(__always)
    func holdsAsWritten(_ object: AnyObject, _ id: IdentityKey) -> Bool {
        switch id {
        case .int: true
        case .string(let text): holdsBytes(of: text, object)
        case .double, .json: false
        }
    }

    private func holdsBytes(of text: String, _ object: AnyObject) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: object))
        return usualField.withPublished { usual -> Bool in
            guard usual.type == type, case .string(let handle) = usual.field else { return false }
            return handle.read(from: object).utf8Equals(text)
        } == true
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
    /// `rulesOutMarkers`: for a positional element, that it lists a removal marker's member with a
    /// value its class reads as another, so that the element the listing leaves (merged or new) does
    /// not hold all of them — a positional class runs none of its own code as it is read, and what
    /// its coder reads it writes back as it would read the value listed — and need not be read for
    /// them (`holdsRemovalMarkers`).
    func listing(ofElementAt parser: inout JSONParser, session: DecodingSession) throws -> (key: IdentityKey?, removes: Bool, rulesOutMarkers: Bool) {
        var listing: (key: IdentityKey?, removes: Bool)
        var rulesOutMarkers = false
        if position != nil {
            guard parser.peekToken() == UInt8(ascii: "[") else { return (nil, false, false) }
            listing = (key(ofElementAt: &parser), false)
        } else if removalMarkers.isEmpty, let compact = parser.compactIdentityAndRemoval(key: keyBytes, removal: Self.removalKeyBytes) {
            listing = compact
        } else {
            guard parser.peekToken() == UInt8(ascii: "{") else { return (nil, false, false) }
            let removes: Bool
            switch try parser.identity(named: Self.removalKey) {
            case nil, .null: removes = false
            case .bool(let marked): removes = marked
            case let marker?:
                throw MappingError(.typeMismatch(expected: "Bool", found: marker.foundDescription), path: MappingPath([.key(Self.removalKey)]))
            }
            listing = (key(ofElementAt: &parser), removes)
        }
        if !listing.removes, !removalMarkers.isEmpty {
            let found = holds(removalMarkers, elementAt: &parser, session: session)
            listing.removes = found == .same
            rulesOutMarkers = found == .different && position != nil
        }
        switch listing.key {
        case nil:
            throw MappingError(.missingKey(key), model: modelName)
        case .json(.null)?:
            throw MappingError(.typeMismatch(expected: "an identity", found: JSON.null.foundDescription), path: MappingPath([.key(key)]),
                               model: modelName, property: propertyName)
        default:
            return (listing.key, listing.removes, rulesOutMarkers)
        }
    }

    /// Whether `one` and `other` are numbers whose nearest `Double`s differ: different values, as
    /// equal values round alike.
    private static func differAsDoubles(_ one: JSON, _ other: JSON) -> Bool {
        guard case .number(let first) = one, case .number(let second) = other, let near = first.double, let far = second.double else { return false }
        return near != far && !near.isNaN && !far.isNaN
    }

    /// The exact value of a number or a decimal string of at most 19 significant digits.
    private static func shortValue(of json: JSON) -> (significand: UInt64, exponent: Int, isNegative: Bool)? {
        switch json {
        case .number(let number): number.shortValue
        case .string(let text): JSONNumber.isValidNumberText(text) ? JSONNumber.shortValue(ofText: text) : nil
        default: nil
        }
    }

    /// Whether the element at the parser's position is a full image (it holds the
    /// `replacementMarkers`), which replaces the element of its identity.
    func isReplacement(elementAt parser: inout JSONParser, session: DecodingSession) -> Bool {
        !replacementMarkers.isEmpty && holds(replacementMarkers, elementAt: &parser, session: session) == .same
    }

    /// Whether the element at the parser's position holds every one of `markers` (`.same`), lists
    /// one with a value its class reads as another (`.different`, the first such; see `matches`), or
    /// neither.
    private func holds(_ markers: [(key: String, value: JSON)], elementAt parser: inout JSONParser, session: DecodingSession) -> MarkerMatch {
        for marker in markers {
            let listed: JSON?? = position != nil
                ? Int(marker.key).map { parser.elementValue(at: $0) }
                : try? parser.identity(named: marker.key)
            guard let listed = listed.flatMap({ $0 }) else { return .unknown }
            let match = matches(listed, marker, isRead: false, session: session)
            if match != .same { return match }
        }
        return .same
    }

    /// Whether `element`, a model of the array, holds every one of `removalMarkers`: an element a
    /// partial merge leaves so is removed, so that no state a PATCH body cannot write (its removal
    /// markers) stays.
    func holdsRemovalMarkers(_ element: AnyObject, session: DecodingSession) -> Bool {
        !removalMarkers.isEmpty && removalMarkers.allSatisfy { marker in
            memberValue(element, marker.key).map { matches($0, marker, isRead: true, session: session) } == .same
        }
    }

    /// Whether `value`, of member `marker.key`, is the marker's value: the same JSON (numbers by
    /// value), or the same once the elements' class reads both (`"0.00"` and `0` for a `Decimal`);
    /// `.different` when the class reads both, as other values; `.unknown` when it cannot read one.
    /// `isRead`: `value` is one the class wrote, read already.
    private func matches(_ value: JSON, _ marker: (key: String, value: JSON), isRead: Bool, session: DecodingSession) -> MarkerMatch {
        // Values a member tells apart as numbers need no canonical form. Numbers whose nearest
        // `Double`s differ differ exactly too.
        if Self.differAsDoubles(value, marker.value) {
            if numberReading(marker.key) != nil { return .different }
        } else if let first = Self.shortValue(of: value), let second = Self.shortValue(of: marker.value) {
            // Exact values, read once: what `sameValue` compares them by.
            if first == second { return .same }
            if numberReading(marker.key) == .exact { return .different }
        } else if Self.sameValue(value, marker.value) {
            return .same
        }
        guard let wanted = canonicalMember(marker.key, marker.value, session),
              let read = isRead ? value : canonicalMember(marker.key, value, session) else { return .unknown }
        return Self.sameValue(read, wanted) ? .same : .different
    }

    /// Whether two values are the same, numbers (and strings of decimal numbers) by value.
    static func sameValue(_ one: JSON, _ other: JSON) -> Bool {
        // Most comparisons, a level's size against a removal marker's 0, end here, before an exact one.
        if differAsDoubles(one, other) { return false }
        if one == other { return true }
        if let first = shortValue(of: one), let second = shortValue(of: other) { return first == second }
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
    /// compact form and the elements' usual class keeps it in an integer or a `String` and runs no
    /// decoding hooks: then a repeat of the identity's key further on is met by the element's member
    /// loop, which refuses a repeated key (`MappingError.Reason.repeatedKey`).
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
        // Not for a `Double`, which may hold `-0.0` where `0` is listed: its member is read again.
        guard let leadingWord, usualField.withPublished({ usual in
            if case .double = usual.field { return false }
            return !usual.runsDecodingHooks
        }) == true,
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
        if let position { return parser.elementValue(at: position).map(IdentityKey.init) }
        return parser.memberIdentity(named: key, bytes: keyBytes)
    }
}

/// How a value stands to a marker's (see `ElementIdentity.matches`).
private enum MarkerMatch {
    case same
    case different
    case unknown
}
