/// A set that mostly holds a few elements: compared in turn while there are few, hashed once there
/// are many. What a delta lists, which a merge checks for repeats (hashing each of a few identities
/// cost more than comparing them).
@usableFromInline package struct FewSet<Element: Hashable> {
    @usableFromInline package var few: [Element] = []
    @usableFromInline package var many: Set<Element>?

    @inlinable package init() {}
    @usableFromInline package static var fewCount: Int { 16 }

    /// Adds `element`; `false` when it was there already.
    @inlinable package mutating func insert(_ element: Element) -> Bool {
        if many != nil { return many!.insert(element).inserted }
        if few.contains(element) { return false }
        if few.count < Self.fewCount {
            if few.isEmpty { few.reserveCapacity(4) }
            few.append(element)
        } else {
            many = Set(few)
            many!.insert(element)
        }
        return true
    }
}
