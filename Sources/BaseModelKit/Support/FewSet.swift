/// A set that mostly holds a few elements: compared in turn while there are few, hashed once there
/// are many. What a delta lists, which a merge checks for repeats (hashing each of a few identities
/// cost more than comparing them).
struct FewSet<Element: Hashable> {
    private var few: [Element] = []
    private var many: Set<Element>?
    private static var fewCount: Int { 16 }

    /// Adds `element`; `false` when it was there already.
    mutating func insert(_ element: Element) -> Bool {
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
