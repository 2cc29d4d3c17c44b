import BaseModelKit
import Foundation
import Testing

/// A market's definition, which the feed sends in full whenever it changes.
final class ImageDefinition: BaseModel {
    var status = ""
    var inPlay = false
    var bettingType: String?
    override class var apiToLocal: [String: String] { ["status": "status", "inPlay": "inPlay", "bt": "bettingType"] }
}

final class ImageRunner: BaseModel {
    var runnerId = 0
    var lastTraded: Double?
    var back: [LadderLevel] = []
    override class var apiToLocal: [String: String] { ["id": "runnerId", "ltp": "lastTraded", "atb": "back"] }
    override class var identities: [String: String] { ["back": "price"] }
    override class var partialCollections: Set<String> { ["back"] }
}

/// A market change: `"img": true` marks a full image of the market.
final class ImageMarket: BaseModel {
    var marketId = ""
    var definition: ImageDefinition?
    var runners: [ImageRunner] = []
    var totalMatched: Double?
    override class var apiToLocal: [String: String] { ["id": "marketId", "marketDefinition": "definition", "rc": "runners", "tv": "totalMatched"] }
    override class var identities: [String: String] { ["runners": "runnerId"] }
    override class var partialCollections: Set<String> { ["runners"] }
    override class var replacedOnUpdate: Set<String> { ["definition"] }
    override class var replacementMarkers: [String: JSON] { ["img": true] }
}

final class ImageCache: BaseModel {
    var markets: [ImageMarket] = []
    var byKey: [String: ImageDefinition] = [:]
    var whole: [ImageMarket] = []
    override class var apiToLocal: [String: String] { ["mc": "markets", "defs": "byKey", "w": "whole"] }
    override class var identities: [String: String] { ["markets": "marketId", "whole": "marketId"] }
    override class var partialCollections: Set<String> { ["markets"] }
    override class var replacedOnUpdate: Set<String> { ["byKey"] }
}

final class ReplacingNothing: BaseModel {
    var count = 0
    override class var apiToLocal: [String: String] { ["c": "count"] }
    override class var replacedOnUpdate: Set<String> { ["count", "missing"] }
}

@Suite struct ReplacementTests {
    private let start = #"{"mc":[{"id":"1.1","marketDefinition":{"status":"OPEN","inPlay":false,"bt":"ODDS"},"rc":[{"id":5,"ltp":2.5,"atb":[[2.5,10]]},{"id":6,"ltp":3.0}],"tv":100},{"id":"1.2","rc":[{"id":7}]},{"id":"1.3"}],"defs":{"a":{"status":"OPEN","bt":"ODDS"}},"w":[{"id":"w1","tv":1},{"id":"w2","tv":2}]}"#

    @Test func aFullImageReplacesTheElementInItsPlace() throws {
        let cache = try ImageCache.decode(from: start)
        let old = cache.markets[0]
        let changes = try cache.update(from: #"{"mc":[{"id":"1.1","img":true,"rc":[{"id":6,"ltp":3.5}]}]}"#)
        #expect(cache.markets.map(\.marketId) == ["1.1", "1.2", "1.3"])
        let market = cache.markets[0]
        #expect(market !== old)
        // What the image leaves out is gone: the definition, runner 5, the total.
        #expect(market.definition == nil && market.totalMatched == nil)
        #expect(market.runners.map(\.runnerId) == [6] && market.runners[0].lastTraded == 3.5)
        #expect(changes.count == 2)
        #expect(changes.map(\.path.description) == ["mc[0]", "mc[0]"])
        #expect(changes[0].newValue == .null && changes[1].oldValue == .null)
        #expect(changes[1].newValue["rc"]?[0]?["ltp"] == 3.5)
        // Without the marker, the listing merges.
        try cache.update(from: #"{"mc":[{"id":"1.1","tv":5}]}"#)
        #expect(cache.markets[0] === market && market.totalMatched == 5 && market.runners.count == 1)
    }

    @Test func anImageOfAnUnknownIdentityIsAdded() throws {
        let cache = try ImageCache.decode(from: start)
        try cache.update(from: #"{"mc":[{"id":"1.9","img":true,"tv":9}]}"#)
        #expect(cache.markets.map(\.marketId) == ["1.1", "1.2", "1.3", "1.9"])
    }

    @Test func aWholeListMergeTakesImagesToo() throws {
        let cache = try ImageCache.decode(from: start)
        let second = cache.whole[1]
        try cache.update(from: #"{"w":[{"id":"w1","img":true},{"id":"w2","tv":3}]}"#)
        #expect(cache.whole[0].totalMatched == nil)
        #expect(cache.whole[1] === second && second.totalMatched == 3)
    }

    @Test func aDefinitionSentInFullReplacesTheOneThere() throws {
        let cache = try ImageCache.decode(from: start)
        let market = cache.markets[0]
        let old = try #require(market.definition)
        let changes = try cache.update(from: #"{"mc":[{"id":"1.1","marketDefinition":{"status":"SUSPENDED"}}]}"#)
        let new = try #require(market.definition)
        #expect(new !== old)
        #expect(new.status == "SUSPENDED" && new.inPlay == false && new.bettingType == nil)
        #expect(changes.map(\.description) == [#"definition at mc[0].marketDefinition: {"status":"OPEN","inPlay":false,"bt":"ODDS"} → {"status":"SUSPENDED","inPlay":false,"bt":null}"#])
        // A dictionary of models replaces each key listed and keeps the others.
        let a = try #require(cache.byKey["a"])
        try cache.update(from: #"{"defs":{"a":{"status":"CLOSED"},"b":{"status":"OPEN"}}}"#)
        #expect(cache.byKey["a"] !== a && cache.byKey["a"]?.bettingType == nil && cache.byKey["b"]?.status == "OPEN")
    }

    @Test func patchBodiesReproduceReplacementsInOrder() throws {
        let messages = [
            #"{"mc":[{"id":"1.1","img":true,"rc":[{"id":6,"ltp":3.5,"atb":[[3.5,1]]}]}]}"#,
            #"{"mc":[{"id":"1.2","marketDefinition":{"status":"CLOSED"}},{"id":"1.1","marketDefinition":{"status":"OPEN","inPlay":true}}]}"#,
            #"{"defs":{"a":{"status":"CLOSED"}},"w":[{"id":"w2","img":true},{"id":"w1"}]}"#,
            #"{"mc":[{"id":"1.3","img":true,"rc":[{"id":1}]},{"id":"1.1","$remove":true}]}"#,
        ]
        let cache = try ImageCache.decode(from: start)
        for message in messages {
            try updateReplayingPatches(cache, with: message)
        }
    }

    @Test func schemaNamesWhatCannotBeReplaced() throws {
        let error = try #require(throws: SchemaError.self) { try ReplacingNothing.validateMappings() }
        #expect(error.problems.contains { $0.contains("`count`, whose type `Int` holds no model") })
        #expect(error.problems.contains { $0.contains("`missing`, which apiToLocal does not map") })
    }

    /// Random sequences of market images, merges, removals and additions against a plain model of
    /// the cache; after each, the PATCH body applied to the state before makes the same state.
    @Test func randomImagesAndDeltasMatchAPlainCache() throws {
        var random = SeededGenerator(seed: 0x1A6E5)
        let cache = try ImageCache.decode(from: #"{"mc":[]}"#)
        var expected: [(id: String, total: Double?, runners: [Int])] = []
        for round in 0..<300 {
            let id = "1.\(Int.random(in: 0..<8, using: &random))"
            let runner = Int.random(in: 0..<4, using: &random)
            let total = Double(Int.random(in: 0..<100, using: &random))
            let message: String
            let at = expected.firstIndex { $0.id == id }
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                message = #"{"mc":[{"id":"\#(id)","img":true,"rc":[{"id":\#(runner)}]}]}"#
                if let at { expected[at] = (id, nil, [runner]) } else { expected.append((id, nil, [runner])) }
            case 1:
                message = #"{"mc":[{"id":"\#(id)","$remove":true}]}"#
                if let at { expected.remove(at: at) }
            default:
                message = #"{"mc":[{"id":"\#(id)","tv":\#(total),"rc":[{"id":\#(runner)}]}]}"#
                if let at {
                    expected[at].total = total
                    if !expected[at].runners.contains(runner) { expected[at].runners.append(runner) }
                } else {
                    expected.append((id, total, [runner]))
                }
            }
            let before = try cache.jsonData()
            let changes = try cache.update(from: message)
            #expect(cache.markets.map(\.marketId) == expected.map(\.id), "round \(round): \(message)")
            #expect(cache.markets.map(\.totalMatched) == expected.map(\.total), "round \(round): \(message)")
            #expect(cache.markets.map { $0.runners.map(\.runnerId) } == expected.map(\.runners), "round \(round): \(message)")
            let replica = try ImageCache.decode(from: before)
            try replica.update(from: try changes.jsonData())
            #expect(try replica.jsonString() == (try cache.jsonString()), "round \(round): \(message)")
        }
    }
}
