/// The member a streaming reader passed over in one object (a key it does not map), when it passed
/// over one alone, so that a later look-up of it (a hook reading its special key after `super`)
/// goes straight to the value instead of scanning the object again. The parser notes it as the
/// member loop passes it, for the objects at one depth (`JSONParser.noteSkipped`); the reader that
/// asked takes it. Plain values only: the parser that carries them is moved per hooked object.
@usableFromInline package struct SkippedMembers: Sendable {
    /// What was passed over: nothing, one member (where its key's bytes are, which have no escapes,
    /// and where its value starts), or more than can be told (several members, or a key with
    /// escapes).
    @usableFromInline package enum Passed: Sendable {
        case nothing
        case one(keyStart: Int, keyEnd: Int, value: Int)
        case more
    }

    /// What `begin` set aside for an enclosing object.
    @usableFromInline package struct Saved {
        @usableFromInline package let depth: Int
        @usableFromInline package let passed: Passed
    }

    /// The depth of the objects whose members are noted; -1 for none.
    @usableFromInline package private(set) var depth = -1
    @usableFromInline package private(set) var passed = Passed.nothing

    /// Starts noting what is passed over in the object about to be read at `depth` (its members');
    /// what was noted for an enclosing object waits until `end`.
    @usableFromInline package mutating func begin(atDepth depth: Int) -> Saved {
        let saved = Saved(depth: self.depth, passed: passed)
        (self.depth, passed) = (depth, .nothing)
        return saved
    }

    /// What was passed over since `begin`, and the enclosing object's notes back.
    @inlinable package mutating func end(_ saved: Saved) -> Passed {
        let taken = passed
        (depth, passed) = (saved.depth, saved.passed)
        return taken
    }

    /// Notes a member passed over: `key` as read, its value at `value`.
    @inlinable package mutating func note(_ key: JSONParser.Key, value: Int) {
        switch (passed, key) {
        case (.nothing, .raw(let start, let end)): passed = .one(keyStart: start, keyEnd: end, value: value)
        default: passed = .more
        }
    }

    /// Where the value of the member passed over under `key` starts, in `bytes`: `.some(nil)` when
    /// none was, `nil` when that is not known. Sound: `key` is the caller's, lent for the call and
    /// only read (`ByteScanning.equal` checks every index of `bytes`).
    @inlinable package static func value(of key: UnsafeBufferPointer<UInt8>, after passed: Passed, in bytes: DocumentBytes) -> Int?? {
        switch passed {
        case .nothing: return .some(nil)
        case .more: return nil
        case .one(let start, let end, let value):
            return .some(ByteScanning.equal(bytes, from: start, to: end, key) ? value : nil)
        }
    }
}
