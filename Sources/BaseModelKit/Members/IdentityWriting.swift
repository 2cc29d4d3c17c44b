import BaseModelKitJSON
/// The encoding sessions identity reads use, with the default options.
enum IdentityWriting {
    /// The session an identity read of a `Value` writes with: `scalarSession` for a trivial value
    /// (no references, so no model whose nesting and reads a session counts on its thread), a new
    /// one per read otherwise (a session is used on one thread only, see `EncodingSession`).
    static func session<Value>(for _: Value.Type) -> EncodingSession {
        _isPOD(Value.self) ? scalarSession : EncodingSession(options: EncodingOptions())
    }
    /// The one session of the scalar accesses' reads (`ScalarMemberAccess`) and of trivial values',
    /// which every thread shares: their coders read only its options and its date coder, which
    /// never change, and nothing it keeps for its thread (only a model's encoding does). (Made per
    /// read, a session was most of what a merge by a `Double` identity cost.)
    static let scalarSession = EncodingSession(options: EncodingOptions())
}
