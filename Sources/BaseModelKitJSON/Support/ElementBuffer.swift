/// Elements collected one by one into manually managed memory, then handed over as an `Array` in one
/// move — the last ones appended (the parser keeps the members of every open container on one such
/// stack and moves each container's members out when it closes).
///
/// Why: the parser keeps the members of every open container on one stack for the whole document. On
/// an `Array`, each container that closed copied its members out of the stack and then released them
/// there; the buffer moves them out instead, without a copy or a release per member.
///
/// (Array decoding used an `ElementBuffer` per array too, to avoid a metadata lookup per append. It
/// now appends to an array with reserved capacity: measured, the lookup no longer happens per append,
/// and the buffer's extra allocation and free per array left the decoded models laid out so that
/// releasing them took three times as long as releasing the same objects built by the hand-written
/// decoder — see Docs/Performance.md.)
///
/// Why it is sound:
/// - `storage` holds `capacity` slots, of which exactly the first `count` are initialized: `append`
///   initializes slot `count` only after making room, and growing moves the initialized prefix into
///   the new allocation before freeing the old one.
/// - The type is non-copyable, so exactly one value owns the memory. `deinit` deinitializes the `count`
///   elements still held (none after `removeSuffix(from: 0)`; all of them when parsing throws part
///   way) and frees the memory. Nothing leaks and nothing is released twice.
/// - `removeSuffix(from:)` checks `start` against `count`, moves the elements of `start..<count` out
///   one by one into the new array (nothing in between can throw) and lowers `count` to `start`, so
///   the moved-from slots count as uninitialized again.
/// - `ElementBufferTests` checks the element lifetimes, growth past several reallocations, and the
///   early exit.
@usableFromInline package struct ElementBuffer<Element>: ~Copyable {
    @usableFromInline package var storage: UnsafeMutablePointer<Element>
    /// How many elements the buffer holds.
    @usableFromInline package private(set) var count = 0
    @usableFromInline package var capacity: Int

    @inline(__always)
    @inlinable package init(capacity: Int = 8) {
        self.capacity = max(capacity, 1)
        storage = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    @inline(__always)
    @inlinable package mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    // Kept out of `append` on its own: a growth shared with the writer's output made the parser's
    // tree builder slower, the code around `append` laid out worse. (Elements are not bytes here:
    // they are moved, not `realloc`ated.)
    @inlinable package mutating func grow() {
        let larger = capacity * 2
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        moved.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = moved
        capacity = larger
    }

    /// The elements from position `start` on, in the order appended, moved out into an exactly sized
    /// array; the buffer keeps the ones before `start`.
    @inline(__always)
    @inlinable package mutating func removeSuffix(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count, "removeSuffix(from:) outside the buffer")
        let moved = count - start
        let source = storage + start
        // Reserved, then appended to by moving each element: `Array(unsafeUninitializedCapacity:)`
        // allocated through the standard library's unspecialised buffer code, which looked up the
        // array storage's generic metadata for every array (canada.json's coordinate pairs are an
        // array each).
        var result: [Element] = []
        result.reserveCapacity(moved)
        var index = 0
        while index < moved {
            result.append((source + index).move())
            index += 1
        }
        count = start
        return result
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }
}
