/// What one encoding call carries down to every value: its options and how deep in nested models
/// the encoding is.
final class EncodingSession: Sendable {
    let options: EncodingOptions
    let nesting = AtomicWord.make(0)
    /// The thread the call runs on: an object it reads may be one this thread is updating.
    let thread = ThreadIdentity.current
    /// The stack limit of the thread the call runs on, found once (see `StackGuard.Limit`).
    let stackLimit = StackGuard.currentLimit()

    /// The coder of `options.dateStrategy`, made once: made per value, it copied the strategy.
    let dateCoder: TransformedDateCoder

    init(options: EncodingOptions) {
        self.dateCoder = options.dateStrategy.dateCoder()
        self.options = options
    }

    /// Counts one more level of nested models, refusing to go deeper than `maxDepth` or than the
    /// thread's stack allows.
    func enterModel() throws {
        let depth = nesting.add(1) + 1
        do {
            guard depth <= options.maxDepth else { throw MappingError(.tooDeep(limit: options.maxDepth)) }
            try MappingError.checkStackRoom(stackLimit)
        } catch {
            nesting.add(-1)
            throw error
        }
    }

    func leaveModel() {
        nesting.add(-1)
    }
}
