/// How many elements identity indexes were made from, counted for a task that asks (`counting`):
/// tests read it to catch a delta whose cost grows with the collection it merges into. Read once
/// per index made, which reads every element anyway, so nothing else pays for it.
@usableFromInline package enum IndexingWork {
    @TaskLocal @usableFromInline package static var counter: AtomicWord?

    /// Notes an index made from `count` elements.
    @inlinable package static func noteIndexed(_ count: Int) {
        counter?.add(count)
    }

    /// Runs `body` and returns how many elements the indexes it made were made from.
    @usableFromInline package static func counting(_ body: () throws -> Void) rethrows -> Int {
        let counter = AtomicWord.make(0)
        try $counter.withValue(counter, operation: body)
        return counter.load()
    }
}
