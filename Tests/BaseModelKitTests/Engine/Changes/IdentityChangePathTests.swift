import BaseModelKit
import Foundation
import Testing

@Suite struct IdentityChangePathTests {
    private let start = #"{"mc":[{"id":"1.1","rc":[{"id":5,"ltp":2.5,"atb":[[2.5,10]]},{"id":6,"ltp":3.0}],"tv":100},{"id":"1.2","rc":[{"id":7}]}],"defs":{"a":{"status":"OPEN"}},"w":[{"id":"w1","tv":1},{"id":"w2","tv":2}]}"#

    @Test func changesInsideMergesByIdentityNameTheRows() throws {
        let cache = try ImageCache.decode(from: start)
        let changes = try cache.update(from: #"{"mc":[{"id":"1.2","rc":[{"id":7,"ltp":1.5}]},{"id":"1.1","rc":[{"id":6,"ltp":3.5},{"id":5,"atb":[[2.5,12],[2.6,1]]}]}],"defs":{"a":{"status":"CLOSED"}},"w":[{"id":"w2","tv":5},{"id":"w1"}]}"#)
        let lines = changes.map { "\($0.identityPath.map(\.description) ?? "nil") \($0.path)" }
        #expect(lines == [
            #"mc[id: "1.2"].rc[id: 7].ltp mc[0].rc[0].ltp"#,
            #"mc[id: "1.1"].rc[id: 6].ltp mc[1].rc[0].ltp"#,
            #"mc[id: "1.1"].rc[id: 5].atb[id: 2.5].1 mc[1].rc[1].atb[0][1]"#,
            #"mc[id: "1.1"].rc[id: 5].atb[id: 2.6] mc[1].rc[1].atb[1]"#,
            #"defs[id: "a"] defs["a"]"#,
            #"w[id: "w2"].tv w[0].tv"#,
            // The order of the elements that stayed: a change of the array.
            #"w w"#,
        ])
        // The steps before the last name the model the change is of.
        let row = try #require(changes[1].identityPath)
        #expect(try cache.model(at: IdentityPath(Array(row.steps.dropLast()))) === changes[1].model)
    }

    @Test func removedAndAddedElementsAreNamedByTheirIdentities() throws {
        let cache = try ImageCache.decode(from: start)
        let changes = try cache.update(from: #"{"mc":[{"id":"1.1","$remove":true},{"id":"1.9","tv":1}]}"#)
        #expect(changes.map { $0.identityPath?.description } == [#"mc[id: "1.1"]"#, #"mc[id: "1.9"]"#])
        #expect(changes.map(\.path.description) == ["mc[0]", "mc[1]"])
    }

    @Test func anUpdateAtAnIdentityPathKeepsItsSteps() throws {
        let cache = try ImageCache.decode(from: start)
        let changes = try cache.update(from: JSONObject([("ltp", 9.5)]), at: IdentityPath("mc", "1.1").then("rc", 6))
        #expect(changes.map { $0.identityPath?.description } == [#"mc[id: "1.1"].rc[id: 6].ltp"#])
        #expect(changes.map(\.path.description) == ["mc[0].rc[1].ltp"])
    }

    @Test func snapshotChangesNameTheRowsToo() throws {
        let cache = try ImageCache.decode(from: start)
        let snapshot = cache.snapshot()
        cache.markets[1].runners[0].lastTraded = 4
        cache.whole[0].totalMatched = 7
        let changes = cache.changes(since: snapshot)
        #expect(changes.map { $0.identityPath?.description } == [#"mc[id: "1.2"].rc[id: 7].ltp"#, #"w[id: "w1"].tv"#])
    }

    @Test func arraysReplacedWholeAndNestedPositionsAreNamedByTheirKeys() throws {
        final class Scores: BaseModel {
            var rows: [LadderLevel] = []
            var home = 0
            override class var apiToLocal: [String: String] { ["r": "rows", "sc.0": "home"] }
        }
        let scores = try Scores.decode(from: #"{"r":[[1,2]],"sc":[0]}"#)
        let changes = try scores.update(from: #"{"r":[[1,3]],"sc":[2]}"#)
        #expect(changes.map { $0.identityPath?.description } == ["r", "sc.0"])
    }
}
