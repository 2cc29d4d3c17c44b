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

    /// The current encoding session, or one with default options for a hook called directly. On
    /// another thread than the session's (a task a hook started inherits the task-local), a session
    /// of the same options: a session is used on one thread only (see `EncodingSession`).
    static var encodingOrDefault: EncodingSession {
        guard let encoding else { return EncodingSession(options: EncodingOptions()) }
        return encoding.thread == ThreadIdentity.current ? encoding : EncodingSession(options: encoding.options)
    }
}
