/// The positions removed from an array since its identity index was made (`IdentityPositions`),
/// counted in a Fenwick tree: a removal is noted, and the removals before a position are counted, in
/// O(log n) steps each, however many removals there have been.
struct RemovedPositions {
    /// Entry 0 is how many positions are removed; from index 1, partial counts: entry `i` counts the
    /// removed positions `p` with `p + 1` in `(i - lowest bit of i) ... i`. Empty while none is (one
    /// reference, as an index that never sees a removal holds it).
    private var tree: [Int] = []

    /// How many positions are removed.
    var count: Int { tree.isEmpty ? 0 : tree[0] }

    /// Notes `position` removed; each position is noted at most once.
    mutating func insert(_ position: Int) {
        if position + 1 >= tree.count { grow(toHold: position) }
        tree[0] += 1
        var index = position + 1
        while index < tree.count {
            tree[index] += 1
            index += index & -index
        }
    }

    /// How many removed positions are before `position`.
    func count(before position: Int) -> Int {
        var index = min(position, tree.count - 1)
        var total = 0
        while index > 0 {
            total += tree[index]
            index -= index & -index
        }
        return total
    }

    /// Room for `position` and at least twice the positions held before: the tree's counts taken back
    /// to one per position, the new positions added as zeros, and the tree made again (O(n) steps,
    /// once per doubling).
    private mutating func grow(toHold position: Int) {
        if tree.isEmpty { tree = [0] }
        let size = max(position + 2, tree.count * 2)
        for index in stride(from: tree.count - 1, to: 0, by: -1) {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] -= tree[index] }
        }
        tree.append(contentsOf: repeatElement(0, count: size - tree.count))
        for index in 1..<size {
            let parent = index + (index & -index)
            if parent < size { tree[parent] += tree[index] }
        }
    }
}
