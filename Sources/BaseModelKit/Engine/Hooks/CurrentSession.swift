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

    /// The current encoding session, or one with default options for a hook called directly.
    static var encodingOrDefault: EncodingSession {
        encoding ?? EncodingSession(options: EncodingOptions())
    }
}
