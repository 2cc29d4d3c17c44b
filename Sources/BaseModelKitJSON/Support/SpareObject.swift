/// One object kept between calls for the next call to reuse, so that a call that would make one and
/// free it at its end does neither: a slot that one thread at a time takes the object out of.
///
/// The slot is a word holding the object's address, retained (`keep`), or 0. `take` empties the
/// slot with a compare-and-swap, so only one caller gets the object; another caller meanwhile finds
/// the slot empty and makes its own. `keep` fills an empty slot, and releases the object if the slot
/// is full. The atomic operations order everything the giver did to the object before everything
/// the taker does with it.
///
/// Slots are made once and never freed: they are meant for `static let`s, which live as long as the
/// process. The word is plain memory rather than an `AtomicWord`, whose storage object was retained
/// and released at each use from a static (two atomic operations of every update). `@unchecked
/// Sendable`: the word is touched only by the atomic operations below.
@usableFromInline package struct SpareObject<Object: AnyObject & Sendable>: @unchecked Sendable {
    /// The slot. Sound: allocated by `init`, never freed, reached only by the atomic operations.
    @usableFromInline package let word: UnsafeMutablePointer<Int>

    /// A slot for the life of the process. Sound: the word is allocated and initialised here, before
    /// anyone can see it, and never freed (see the type).
    @inlinable package init() {
        word = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        word.initialize(to: 0)
    }

    /// The kept object, now the caller's alone; `nil` when there is none.
    @inlinable package func take() -> Object? {
        // Sound: the word lives as long as the process (see `init`).
        let bits = AtomicOperations.load(word)
        guard bits != 0, AtomicOperations.compareExchange(word, expected: bits, desired: 0) else { return nil }
        // Sound: a word other than 0 is the address of an object `keep` retained for the slot, and
        // the exchange that emptied the slot hands that retain to this call alone. (The same address
        // kept again between the load and the exchange is again an object retained for the slot.)
        return Unmanaged<Object>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeRetainedValue()
    }

    /// Keeps `object` for the next `take`, unless an object is kept already. The caller must hold
    /// the only reference to it and not use it again.
    @inlinable package func keep(_ object: Object) {
        let retained = Unmanaged.passRetained(object)
        // Sound: the word lives as long as the process (see `init`).
        if !AtomicOperations.compareExchange(word, expected: 0, desired: Int(bitPattern: retained.toOpaque())) {
            retained.release()
        }
    }
}
