import BaseModelKitJSON
/// What a change of a member is recorded as: the property's name and where the change is. Members
/// hand it over as an autoclosure, made only for a change (made for every member read, the name was
/// retained and released and the place built each time).
struct ChangeSite {
    let property: String
    let place: ChangePlace
    /// Whether the change is told to its model after the update (`didUpdate(_:)`, observers): when
    /// no change of an update is, there is nothing to announce (`ChangeRecorder.isAnnouncing`).
    var isAnnounced = true
    /// Whether an earlier change of the same property at the same place in this update may have been
    /// recorded: the model's class overrides `deserialize(_:)`, whose override may call `super` more
    /// than once. The recorder then joins the two (`ChangeRecorder.add`); for any other class the
    /// member loop, which refuses a repeated key, reads each member once.
    var mayRepeat = false
}
