import BaseModelKitJSON
/// The identity of an element of an array merged by identity, noted on a path at the depth of its
/// step (`Change.identityPath`).
struct NotedIdentity {
    let depth: Int
    /// As the document wrote it (`"7"` for an `Int` identity 7 read leniently).
    let id: IdentityKey
}
