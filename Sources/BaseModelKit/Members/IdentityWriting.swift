import BaseModelKitJSON
/// The encoding sessions identity reads use, with the default options.
enum IdentityWriting {
    /// A new one per read: a session is used on one thread only (see `EncodingSession`), and a value
    /// that holds models counts its nesting in it.
    static var session: EncodingSession { EncodingSession(options: EncodingOptions()) }
    /// The one session of the scalar accesses' reads (`ScalarMemberAccess`), which every thread
    /// shares: their coders read only its options and its date coder, which never change, and
    /// nothing it keeps for its thread. (Made per read, a session was most of what a merge by a
    /// `Double` identity cost.)
    static let scalarSession = EncodingSession(options: EncodingOptions())
}
