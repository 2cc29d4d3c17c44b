import BaseModelKitJSON
/// The steps of the paths of one update's changes, one after the other: a change's path is a range
/// of them (`RecordedSteps`). One list for all the changes, not an array for each: made, copied into
/// and freed per change, paths would cost more than the changes.
///
/// The recorder appends to it under its lock while the update runs, and only to a list no change set
/// handed out holds (see `ChangeRecorder.State.startRecording`); once handed out, a list is only read.
/// Not `Sendable`, like `Change`.
final class StepList {
    /// Without Swift's dynamic exclusivity check (a call into the runtime per change): written only
    /// under the recorder's lock, by one update at a time, and never once a change set holds the
    /// list (see above), so no access overlaps a write.
    @exclusivity(unchecked)
    var steps: [MappingPath.Component] = []
    /// The identities of the elements of arrays merged by identity on the changes' paths
    /// (`Change.identityPath`), a change's after the one before's.
    @exclusivity(unchecked)
    var identities: [NotedIdentity] = []
}
