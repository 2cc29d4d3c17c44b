import BaseModelKitJSON
import Foundation

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
