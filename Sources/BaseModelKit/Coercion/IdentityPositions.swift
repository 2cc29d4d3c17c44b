import BaseModelKitJSON
/// The index of an array's identities — each element's position by its identity — kept from one use
/// to the next by the model that holds the array (`IdentityIndexes`). A partial collection's merges
/// (`ArrayCoder.mergePart`) and the steps of identity paths into the array (`ModelAddressing`) share
/// one, so that either costs what it looks up: a merge's additions and removals keep it, and it is
/// made anew only after code changed the array, or once the removals since it was made outnumber
/// the elements.
///
/// A removal moves the elements after it down, which would move every position after it in the
/// index. So the index holds each element's position as if no element had been removed since it was
/// made, and keeps those removed positions (`RemovedPositions`): an element's position now is the one
/// held less the removed positions before it, and a removal changes only its own entry.
struct IdentityPositions {
    /// Each identity's position, counted as if no element removed since the index was made had been.
    private(set) var held: [IdentityKey: Int]
    /// The positions removed since the index was made, counted as `held` counts.
    private var removed = RemovedPositions()
    /// The array the index was made for, when one is known: a partial collection's merge takes the
    /// index as complete only for that buffer (`IdentityIndexes.take`), since code that changes the
    /// array copies the buffer first. Left `nil` while a merge holds the index, which would otherwise
    /// share the buffer it changes in place.
    var source: [AnyObject]?

    /// The index of `elements` (the first position, for an identity held twice).
    init(of elements: [AnyObject], by identity: ElementIdentity) {
        IndexingWork.noteIndexed(elements.count)
        var held = [IdentityKey: Int](minimumCapacity: elements.count)
        for position in elements.indices.reversed() {
            if let id = identity.keyOf(elements[position]) { held[id] = position }
        }
        self.held = held
    }

    /// The number of elements indexed: the array's count when each element has an identity of its
    /// own, which a removal needs (an identity held twice is indexed at its first position only, and
    /// removing that element would leave the second one unindexed).
    var count: Int { held.count }

    /// Whether the removals since the index was made outnumber the elements it holds: then it is made
    /// anew, so that its removed positions stay fewer than the elements (and a removal's cost in
    /// making it again, one element's).
    var isWorn: Bool { removed.count > held.count }

    /// The position now of the element whose identity is `id`, if the index holds one.
    func position(of id: IdentityKey) -> Int? {
        guard let held = held[id] else { return nil }
        return held - removed.count(before: held)
    }

    /// Notes `id` added at `position`, the array's end.
    mutating func add(_ id: IdentityKey, at position: Int) {
        // Every removed position is before the end, so each counts.
        held[id] = position + removed.count
    }

    /// Notes the removal of the elements `removals` names — each by its identity and its position
    /// now — returning `false` when the index does not hold one of them there (or one has no
    /// identity): the caller then drops the index. Each is checked against the positions
    /// removed by earlier merges before any of these is noted, since the positions given are those
    /// before this merge removes any.
    mutating func remove(_ removals: [(id: IdentityKey?, position: Int)]) -> Bool {
        var kept: [(id: IdentityKey, held: Int)] = []
        kept.reserveCapacity(removals.count)
        for (id, position) in removals {
            guard let id, let held = held[id], held - removed.count(before: held) == position else { return false }
            kept.append((id, held))
        }
        for entry in kept {
            held[entry.id] = nil
            removed.insert(entry.held)
        }
        return true
    }
}
