import BaseModelKitJSON
/// The session of the decode or encode under way on this task, so that the default implementations of
/// the model hooks (`deserialize`, `serialize`) — whose signatures carry no options — can find the
/// options of the call that invoked them.
enum CurrentSession {
    @TaskLocal static var decoding: DecodingSession?
    @TaskLocal static var encoding: EncodingSession?

    /// The current decoding session, or one with default options for a hook called directly.
    static var decodingOrDefault: DecodingSession {
        decoding ?? DecodingSession(options: DecodingOptions(), isUpdate: false)
    }

    /// The current encoding session, or one with default options for a hook called directly: the
    /// session an encode running on this thread keeps in the thread's address (`withEncoding`), else
    /// the task-local's. On another thread than the session's (a task a hook started inherits the
    /// task-local), a session of the same options: a session is used on one thread only (see
    /// `EncodingSession`).
    static var encodingOrDefault: EncodingSession {
        if let running = withRunningEncoding({ $0 }) { return running }
        guard let encoding else { return EncodingSession(options: EncodingOptions()) }
        return encoding.thread == ThreadIdentity.current ? encoding : EncodingSession(options: encoding.options)
    }

    /// `body` with the session an encode running on this thread keeps in the thread's address (see
    /// `withEncoding`), lent rather than retained; `nil`, without calling `body`, when there is none.
    @inline(__always)
    static func withRunningEncoding<Result>(_ body: (EncodingSession) throws -> Result?) rethrows -> Result? {
        guard let running = ThreadAddress.current else { return nil }
        // Sound: set by `withEncoding` on this thread, whose call holds the session until it puts
        // the previous address back.
        return try Unmanaged<EncodingSession>.fromOpaque(running)._withUnsafeGuaranteedRef(body)
    }

    /// `body` with `session` current: in the task-local, which a task a hook starts inherits, and in
    /// this thread's address, which the default `serialize()` reads first (reading the task-local
    /// cost more than the rest of handing a hooked object over). The previous address is put back
    /// when `body` returns or throws, so nested encodes on one thread each see their own session.
    static func withEncoding<Result>(_ session: EncodingSession, _ body: () throws -> Result) rethrows -> Result {
        let previous = ThreadAddress.current
        // Sound: the address is the thread's only while this call holds `session` (see
        // `withRunningEncoding`).
        ThreadAddress.current = UnsafeRawPointer(Unmanaged.passUnretained(session).toOpaque())
        defer { ThreadAddress.current = previous }
        return try $encoding.withValue(session) { try body() }
    }
}
