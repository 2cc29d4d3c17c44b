/// Moves the first `count` initialized elements of `storage`, an allocation of `capacity` elements,
/// into a new allocation of at least `needed` elements (doubling `capacity` until it is enough),
/// frees the old allocation and returns the new one with its capacity: how the writer's `ByteOutput`
/// grows. (`ElementBuffer` writes its growth out: the parser's tree builder measured slower through
/// this function.)
///
/// Sound when the caller's claims hold — `storage` was allocated for `capacity` elements and its first
/// `count` are initialized: the new allocation is larger than `count`, the elements are moved (the old
/// slots count as uninitialized afterwards) before the old memory is freed, and the caller stores the
/// returned pointer in place of the old one. `ByteOutputTests` grows the output through many
/// reallocations.
func grownAllocation<Element>(_ storage: UnsafeMutablePointer<Element>, count: Int, capacity: Int, toAtLeast needed: Int) -> (storage: UnsafeMutablePointer<Element>, capacity: Int) {
    var larger = Swift.max(capacity, 1) * 2
    while larger < needed { larger *= 2 }
    let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
    moved.moveInitialize(from: storage, count: count)
    storage.deallocate()
    return (moved, larger)
}
