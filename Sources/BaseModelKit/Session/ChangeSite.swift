/// What a change of a member is recorded as: the property's name and where the change is. Members
/// hand it over as an autoclosure, made only for a change (made for every member read, the name was
/// retained and released and the place built each time).
struct ChangeSite {
    let property: String
    let place: ChangePlace
    /// Whether the change is told to its model after the update (`didUpdate(_:)`, observers): when
    /// no change of an update is, there is nothing to announce (`ChangeRecorder.isAnnouncing`).
    var isAnnounced = true
}
