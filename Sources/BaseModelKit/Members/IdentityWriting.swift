import BaseModelKitJSON
/// The encoding session identity reads use: a new one per read, with the default options, since a
/// session is used on one thread only (see `EncodingSession`).
enum IdentityWriting {
    static var session: EncodingSession { EncodingSession(options: EncodingOptions()) }
}
