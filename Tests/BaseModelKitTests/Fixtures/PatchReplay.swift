import BaseModelKit
import Foundation
import Testing

/// Applies `message` to `model` and checks both PATCH bodies of what changed — the update's own and
/// `changes(since:)` of a snapshot taken before — against a replica of the state before: applied to
/// it, each must make the state after, order included. Returns the update's changes.
@discardableResult
func updateReplayingPatches<Model: BaseModel>(_ model: Model, with message: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ChangeSet {
    let before = try model.jsonData()
    let snapshot = model.snapshot()
    let changes = try model.update(from: message)
    for body in [try changes.jsonData(), try model.changes(since: snapshot).jsonData()] {
        let replica = try Model.decode(from: before)
        try replica.update(from: body)
        #expect(try replica.jsonString() == (try model.jsonString()), "\(message) → \(String(decoding: body, as: UTF8.self))", sourceLocation: sourceLocation)
    }
    return changes
}
