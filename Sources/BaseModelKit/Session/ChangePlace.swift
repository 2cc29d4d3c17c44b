import BaseModelKitJSON
/// Where a recorded change's path comes from: the path the recorder's `report` stands at (an
/// update's member loops), that path and one step more (a member not stepped into: see
/// `MemberTable.decodeMember`), or one given (a comparison with a snapshot).
enum ChangePlace {
    case current
    case below(MappingPath.Component)
    /// With the identities of the path's elements of arrays merged by identity, by depth.
    case given(MappingPath, identities: [NotedIdentity])
}
