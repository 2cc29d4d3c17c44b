import BaseModelKitJSON
extension ArrayCoder {
    /// An update of an array in `partialCollections`, in place: listed elements merge into the
    /// element of their identity, or are added at the end; an element with the removal marker
    /// (`"$remove": true`, or the class's `removalMarkers`) removes its identity's element; one with
    /// the class's `replacementMarkers` replaces it with a new object in its place; elements not
    /// listed stay, in their order. An element the merge leaves holding every removal marker's
    /// value (`[1.5]` adding a level whose size stays 0) is removed, or not added.
    /// An identity listed twice is refused (`MappingError.Reason.repeatedIdentity`): which listing
    /// to apply is ambiguous, as a repeated key's value is.
    /// `editing` hears of each change to the array right before it is made (a change cannot fail),
    /// so that an error thrown later leaves every change told; a merge that changes nothing of the
    /// array hears nothing.
    ///
    /// Each element is read where it stands, once: its identity from its first member when that is
    /// it (`ElementIdentity.firstMemberKey`) and no removal marker can follow — no `removalMarkers`, and
    /// the element within the document's tail that holds no `$` and no escape
    /// (`JSONParser.plainTailStart`); otherwise identity and marker from a pass over the element.
    ///
    /// `positions` is the index of the array's identities, complete for `elements` (`nil`: none, or
    /// not known to be complete): used and kept up to date, so that a merge costs what the JSON lists.
    /// Removals keep it while it holds each element under an identity of its own (see
    /// `IdentityPositions.count`), and leave `nil` otherwise (a new index at the next merge); the
    /// elements after them move once, however many are removed. An array of at most
    /// `IdentityIndex.shortCount` elements is searched without one.
    func mergePart(from parser: inout JSONParser, into elements: inout [AnyObject], positions: inout IdentityPositions?, by identity: ElementIdentity,
                   session: DecodingSession, editing: (PartialEdit) -> Void) throws {
        guard parser.peekToken() == UInt8(ascii: "[") else { throw try containerMismatch(at: &parser) }
        var cursor = try ElementCursor(array: &parser, lossy: isLossy)
        if cursor.isEmpty { return }
        // What was listed so far: elements found in the array by position, new ones by identity
        // as a merge matches it (`ElementIdentity.merged`).
        var listedPositions = SeenIndices()
        var listedNew = FewSet<IdentityKey>()
        var removed: [Int] = []
        var added: [AnyObject] = []
        // No mark is left past the array (see `JSONParser.passableValue`).
        defer { parser.passableValue = nil }
        while try cursor.next(in: &parser, session: session, entersStep: false) {
            var position: Int?
            // Where the element's leading identity is, when the element it merges into holds
            // exactly it (see `merge(from:into:…)`).
            var sameIdentity: Range<Int>?
            do {
                let leading = identity.removalMarkers.isEmpty && parser.position >= parser.plainTailStart()
                    ? identity.firstMemberKey(ofElementAt: &parser) : nil
                // The element's path, with its identity when it is read first (`Change.identityPath`).
                cursor.enterStep(session: session, identity: leading?.key)
                let leadingValue = leading?.value
                // The identity moved out of `leading`, and then out of `id`, rather than copied
                // (a retain and a release each, for a `String`).
                let (id, removes, rulesOutMarkers): (IdentityKey?, Bool, Bool)
                if case .some((let key, _)) = consume leading {
                    (id, removes, rulesOutMarkers) = (key, false, false)
                } else {
                    (id, removes, rulesOutMarkers) = try identity.listing(ofElementAt: &parser, session: session)
                }
                if let id = consume id {
                    if leadingValue == nil { session.noteIdentity(id) }
                    let found = find(id, in: elements, positions: &positions, by: identity, session: session)
                    guard found.map({ listedPositions.insert($0.position) }) ?? listedNew.insert(identity.merged(id, session: session)) else {
                        throw MappingError(.repeatedIdentity(id.json.description)).prefixed(by: .key(identity.key))
                    }
                    position = found?.position
                    if let found, found.asWritten, identity.holdsAsWritten(elements[found.position], id) { sameIdentity = leadingValue }
                }
                if removes {
                    if let position { removed.append(position) }
                    try parser.skipValue()
                    continue
                }
                if let position, identity.isReplacement(elementAt: &parser, session: session) {
                    // A full image: a new object in the element's place.
                    let replacement = ReferenceCollections.object(try element.decodeElement(from: &parser, session: session))
                    editing(.replaced(position: position, old: elements[position], new: replacement))
                    elements[position] = replacement
                    if identity.holdsRemovalMarkers(replacement, session: session) { removed.append(position) }
                } else if let position {
                    // Lent, as in `decodeWhole`. Sound: `elements` holds the element until the
                    // assignment below, after the merge returns.
                    let lent = elements.withUnsafeBufferPointer { Unmanaged.passUnretained($0[position]) }
                    if let replacement = try merge(from: &parser, into: lent, firstMemberOnly: leadingValue != nil, sameIdentity: sameIdentity,
                                                   by: identity, session: session) {
                        editing(.replaced(position: position, old: elements[position], new: replacement))
                        elements[position] = replacement
                    }
                    // (Tested first without reading the element: most classes have no markers.)
                    if !identity.removalMarkers.isEmpty, !rulesOutMarkers, identity.holdsRemovalMarkers(elements[position], session: session) {
                        removed.append(position)
                    }
                } else {
                    let new = ReferenceCollections.object(try element.decodeElement(from: &parser, session: session))
                    // One the removal markers would remove is not added (a size of 0 left by `[1.5]`).
                    if rulesOutMarkers || !identity.holdsRemovalMarkers(new, session: session) { added.append(new) }
                }
            } catch {
                // An element merged in place fails the update rather than leave the array.
                try cursor.drop(after: error, mayDrop: position == nil, in: &parser, session: session)
            }
        }
        if !removed.isEmpty {
            removed.sort()
            // Taken out, so that the index is changed where it is rather than copied.
            var index = positions.take()
            // An index that holds fewer identities than there are elements (one held twice, or an
            // element without one) cannot tell where the other holder is once one is removed.
            if index?.count != elements.count { index = nil }
            // An index that does not hold each removed element where it is, is dropped.
            if index != nil, !index!.remove(removed.map { (identity.keyOf(elements[$0]), $0) }) { index = nil }
            for position in removed.reversed() {
                editing(.removed(position: position, old: elements[position]))
            }
            elements.removeElements(atIncreasing: removed)
            positions = index
        }
        for object in added {
            if positions != nil, let id = identity.keyOf(object), positions!.position(of: id) == nil { positions!.add(id, at: elements.count) }
            editing(.appended(object))
            elements.append(object)
        }
        if positions?.isWorn == true { positions = nil }
    }

    /// The position of the element whose identity is `id` (as written, or as the identity property
    /// reads it: `"7"` for an `Int` is `7`), and whether it holds `id` as written. A long array is looked up in `positions`, made when `nil`;
    /// a position whose element no longer has the identity (code changed it in place) makes the index
    /// anew.
    private func find(_ id: IdentityKey, in elements: [AnyObject], positions: inout IdentityPositions?, by identity: ElementIdentity,
                      session: DecodingSession) -> (position: Int, asWritten: Bool)? {
        if let position = search(id, in: elements, positions: &positions, by: identity) { return (position, true) }
        guard let canonical = identity.canonical(id.json, session).map(IdentityKey.init), canonical != id else { return nil }
        return search(canonical, in: elements, positions: &positions, by: identity).map { ($0, false) }
    }

    /// `find`'s look-up of one identity. (A function of its own: a nested function that captured
    /// `positions` copied the index, three references retained and released, per look-up.)
    private func search(_ wanted: IdentityKey, in elements: [AnyObject], positions: inout IdentityPositions?, by identity: ElementIdentity) -> Int? {
        func holds(_ position: Int) -> Bool {
            // Sound: lent for the call; `elements` holds the element throughout.
            let lent = elements.withUnsafeBufferPointer { Unmanaged.passUnretained($0[position]) }
            return lent._withUnsafeGuaranteedRef { identity.identifies($0, as: wanted) }
        }
        if elements.count <= IdentityIndex.shortCount {
            return elements.indices.first { holds($0) }
        }
        if positions == nil { positions = IdentityPositions(of: elements, by: identity) }
        guard let position = positions?.position(of: wanted) else { return nil }
        if position < elements.count, holds(position) { return position }
        positions = IdentityPositions(of: elements, by: identity)
        return positions?.position(of: wanted)
    }
}
