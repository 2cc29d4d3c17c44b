/// The identities a partial collection's update has listed so far, each in the form a merge matches
/// it (`ElementIdentity.merged`), to refuse one listed twice. A delta lists a few: they are compared
/// in turn, and hashed once there are many.
struct ListedIdentities {
    private var few: [IdentityKey] = []
    private var many: Set<IdentityKey>?
    private static let fewCount = 16

    /// Adds `id`; `false` when it was listed already.
    mutating func insert(_ id: IdentityKey) -> Bool {
        if many != nil { return many!.insert(id).inserted }
        if few.contains(id) { return false }
        if few.count < Self.fewCount {
            if few.isEmpty { few.reserveCapacity(4) }
            few.append(id)
        } else {
            many = Set(few)
            many!.insert(id)
        }
        return true
    }
}
