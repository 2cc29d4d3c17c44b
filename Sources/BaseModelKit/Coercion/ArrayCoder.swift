import BaseModelKitJSON
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
        try collect(from: &parser, session: session) { $0 }
    }

    /// `decodeValues` for elements that are references, made as `[AnyObject]`. A speed path, kept
    /// while a benchmark row gains at least 5 % by it, as `writeObjects` is.
    @inline(never)
    private func decodeObjects(from parser: inout JSONParser, session: DecodingSession) throws -> [AnyObject] {
        try collect(from: &parser, session: session) { ReferenceCollections.object($0) }
    }

    /// The elements of the array at the parser's position, each decoded and made a `Member` by `make`.
    @inline(__always)
    private func collect<Member>(from parser: inout JSONParser, session: DecodingSession, _ make: (Element) -> Member) throws -> [Member] {
        guard parser.peekToken() == UInt8(ascii: "[") else { throw try containerMismatch(at: &parser) }
        var elements = try ElementCursor(array: &parser, lossy: isLossy)
        // An empty array allocates nothing (documents such as citm_catalog.json hold many `[]`).
        if elements.isEmpty { return [] }
        // Appended to an array with room reserved: one allocation for most arrays, grown by doubling.
        // (Collecting elements in a separate buffer and moving them into an exact array costs an
        // allocation and a free more per array, and leaves the decoded objects slower to release.)
        var result: [Member] = []
        result.reserveCapacity(8)
        while try elements.next(in: &parser, session: session) {
            do {
                result.append(make(try element.decodeElement(from: &parser, session: session)))
            } catch {
                try elements.drop(after: error, in: &parser, session: session)
            }
        }
        return result
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
            // Where that member's value is, when the element merged into holds exactly it
            // (`ElementIdentity.holdsAsWritten`).
            var sameIdentity: Range<Int>?
            // The element's path is entered with its identity (`Change.identityPath`).
            if let leading = identity.leadingKey(ofElementAt: &parser, session: session) {
                elements.enterStep(session: session, identity: leading.key)
                let taken = identity.takeNoting(leading.key, from: &byIdentity, session: session)
                match = taken?.position
                firstMemberOnly = leading.firstMemberOnly
                if let taken, taken.asWritten, identity.holdsAsWritten(current[taken.position], leading.key) { sameIdentity = leading.value }
            } else {
                elements.enterStep(session: session, identity: nil)
            }
            // The object made for the element; `nil` when it merged into `current[match]` in place.
            let made: AnyObject?
            do {
                if match != nil, identity.isReplacement(elementAt: &parser, session: session) {
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

    func decode(_ json: JSON, existing: [Element]?, session: DecodingSession) throws -> [Element] {
        try decodeByReading(json, existing: existing, session: session)
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

    /// Not specialised for the scalar element types, unlike `decode`: no benchmark row gains 5 % by it.
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

extension ArrayCoder: ModelArrayMerging {
    var mergesModels: Bool { identity != nil && holdsReferences }
    var modelArrayMerging: (any ModelArrayMerging)? { mergesModels ? self : nil }

    /// An update of a whole list of models declared in `identities`: an element whose identity
    /// matches an element already there updates that object in place; any other is a new object; the
    /// order is the JSON's, and elements the JSON no longer lists are removed. (The schema admits
    /// identities only for arrays of models, so the merges work on references.)
    func mergeModels(from parser: inout JSONParser, into current: [AnyObject], session: DecodingSession) throws -> [AnyObject]? {
        // Only coders that merge (`mergesModels`) are asked.
        guard let identity else { preconditionFailure("mergeModels(from:into:session:) of an array coder without identity") }
        guard parser.peekToken() == UInt8(ascii: "[") else { throw try containerMismatch(at: &parser) }
        return try decodeWhole(from: &parser, merging: current, by: identity, session: session)
    }

    var mergesInPart: Bool { identity?.isPartial == true && holdsReferences }

    func identity(of element: AnyObject) -> JSON? {
        identity?.keyOf(element)?.json
    }

    func mergePart(from parser: inout JSONParser, into elements: inout [AnyObject], positions: inout IdentityPositions?, session: DecodingSession,
                   editing: (PartialEdit) -> Void) throws {
        // Only coders that merge in part (`mergesInPart`) are asked.
        guard let identity else { preconditionFailure("mergePart(from:into:positions:session:editing:) of an array coder without identity") }
        try mergePart(from: &parser, into: &elements, positions: &positions, by: identity, session: session, editing: editing)
    }

    /// The model `id` names in `elements`, the array as its references, for a coder that
    /// `mergesModels` (see `ModelCollectionMerge`), and for `ModelAddressing` on the array.
    func addressModel(_ id: JSON?, among elements: [AnyObject], positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        // Only coders that merge models (and so have an identity) are asked.
        guard let identity else { preconditionFailure("addressModel(_:among:positions:session:) of an array coder without identity") }
        guard let id else { return .notAddressable(Self.stepWithoutIdentity) }
        return address(id, among: elements, by: identity, positions: &positions, session: session)
    }

    static var stepWithoutIdentity: String { "an array: the step needs the identity of an element" }

    /// The element of `elements` whose identity is `id`.
    private func address(_ id: JSON, among elements: [AnyObject], by identity: ElementIdentity, positions: inout IdentityPositions?, session: DecodingSession) -> AddressedModel {
        func element(at position: Int, is wanted: IdentityKey) -> AnyObject? {
            guard position < elements.count, identity.keyOf(elements[position]) == wanted else { return nil }
            return elements[position]
        }
        // The identity as given, then as the identity property reads and writes it (`"7"` for an
        // `Int` identity is `7`): made only when the first is not in the index.
        let given = IdentityKey(id)
        if let position = positions?.position(of: given), let object = element(at: position, is: given) {
            return .found(object, .index(position))
        }
        let canonical = identity.canonical(id, session).map(IdentityKey.init)
        if let canonical, canonical != given, let position = positions?.position(of: canonical), let object = element(at: position, is: canonical) {
            return .found(object, .index(position))
        }
        var rebuilt = IdentityPositions(of: elements, by: identity)
        // Made for these elements, which a partial collection's merge can then use (kept only for one).
        rebuilt.source = elements
        positions = rebuilt
        for wanted in [given, canonical] {
            if let wanted, let found = rebuilt.position(of: wanted), let object = element(at: found, is: wanted) { return .found(object, .index(found)) }
        }
        return .absent
    }
}
