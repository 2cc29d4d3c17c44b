// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Foundation
import Testing

/// Live instances of `CountedModel`, to prove that decoding and updating through the public API
/// releases every object it replaces.
private let liveModels = Lock.make(0)

final class CountedModel: BaseModel {
    var name: String = ""
    var children: [CountedModel] = []
    var best: CountedModel?
    override class var apiToLocal: [String: String] { ["n": "name", "c": "children", "b": "best"] }
    required init() {
        super.init()
        liveModels.withLock { $0 += 1 }
    }
    deinit { liveModels.withLock { $0 -= 1 } }
}

@Suite("Model lifetimes", .serialized)
struct ModelLifetimeTests {
    @Test("a thousand decodes and updates leave no model alive")
    func noModelLeaks() throws {
        let baseline = liveModels.withLock { $0 }
        do {
            let root = try CountedModel.decode(from: #"{"n":"root","c":[{"n":"a"},{"n":"b","c":[{"n":"c"}]}],"b":{"n":"best"}}"#)
            for round in 0..<1_000 {
                try root.update(from: #"{"c":[{"n":"x\#(round)"}],"b":{"n":"y"}}"#)
                _ = try? root.update(from: #"{"c":[{"n":"z"}],"b":{"n":[]}}"#)
                _ = try CountedModel.decode(from: try root.jsonData())
            }
            #expect(root.children.map(\.name) == ["x999"])
        }
        #expect(liveModels.withLock { $0 } == baseline)
    }
}
