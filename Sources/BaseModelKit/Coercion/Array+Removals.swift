import BaseModelKitJSON
extension Array where Element == AnyObject {
    /// Removes the elements at `positions` — increasing, each once, each below `count` — keeping the
    /// others in their order, moving each of them at most once (removed one at a time, the elements
    /// after each removal move again: a delta that removes many elements of a long array would cost
    /// their product).
    mutating func removeElements(atIncreasing positions: [Int]) {
        guard positions.count > 1 else {
            if let position = positions.first { remove(at: position) }
            return
        }
        let removedCount = positions.count
        // What the moves below rely on, checked: a position given twice would move one slot twice.
        precondition(positions[0] >= 0 && positions[removedCount - 1] < count && zip(positions, positions.dropFirst()).allSatisfy { $0 < $1 },
                     "removeElements(atIncreasing:) needs increasing positions within the array")
        // Sound: the buffer is lent for the closure, and every slot touched is below its count (the
        // positions are, as checked, and each run of kept elements ends at the next position or at
        // the count).
        // The removed references are moved out to `removed`, each run of kept ones moved down over
        // the gap (`moveInitialize` allows the regions to overlap), and the removed ones moved into
        // the slots left at the end, so every slot holds one reference when the closure returns;
        // `removeLast` then releases the removed ones. Moving takes no reference, so nothing is
        // retained or released but the removed elements, once each.
        withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let removed = UnsafeMutablePointer<AnyObject>.allocate(capacity: removedCount)
            defer { removed.deallocate() }
            var write = positions[0]
            for (index, position) in positions.enumerated() {
                (removed + index).moveInitialize(from: base + position, count: 1)
                let runEnd = index + 1 < removedCount ? positions[index + 1] : buffer.count
                let run = runEnd - position - 1
                (base + write).moveInitialize(from: base + position + 1, count: run)
                write += run
            }
            (base + write).moveInitialize(from: removed, count: removedCount)
        }
        removeLast(removedCount)
    }

    /// Puts back elements removed by `removeElements(atIncreasing:)`: each at its position before the
    /// removal, given in increasing order. One pass, as the removal is (an update rolled back after
    /// removing many elements would otherwise cost their product).
    mutating func reinsertElements(_ restored: [(position: Int, element: AnyObject)]) {
        guard restored.count > 1 else {
            if let only = restored.first { insert(only.element, at: only.position) }
            return
        }
        var result: [AnyObject] = []
        result.reserveCapacity(count + restored.count)
        var kept = 0
        for (position, element) in restored {
            // The elements kept before this one fill the positions up to it.
            let before = position - result.count
            result.append(contentsOf: self[kept..<(kept + before)])
            kept += before
            result.append(element)
        }
        result.append(contentsOf: self[kept...])
        self = result
    }
}
