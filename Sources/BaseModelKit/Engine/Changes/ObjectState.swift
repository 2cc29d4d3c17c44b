import BaseModelKitJSON
/// One object's mapped properties at the time of a snapshot.
struct ObjectState {
    /// The object, held so that its identity is not reused while the snapshot lives.
    let object: AnyObject
    /// The held value of each member, by the table it belongs to.
    var heldValues: [ObjectIdentifier: [HeldValue]]
    /// The members the maps do not name that the object kept (`BaseModel.keepsUnknownKeys`).
    var unknownKeys = JSONObject()
}
