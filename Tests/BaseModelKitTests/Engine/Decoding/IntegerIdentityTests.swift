// `@testable`: whether a merge reads an element's identity in place is not visible through the
// public API; the suite checks it beside the results.
@testable import BaseModelKit
import Foundation
import Testing

/// A runner identified by an integer of width `ID`: exchange feeds number them in 64 bits (some
/// unsigned ids beyond `Int.max`), others in fewer.
private final class IdentifiedRunner<ID: FixedWidthInteger>: BaseModel {
    var runnerId: ID = 0
    var price = 0
    override class var apiToLocal: [String: String] { ["id": "runnerId", "p": "price"] }
}

private final class IdentifiedMarket<ID: FixedWidthInteger>: BaseModel {
    var runners: [IdentifiedRunner<ID>] = []
    override class var apiToLocal: [String: String] { ["r": "runners"] }
    override class var identities: [String: String] { ["runners": "runnerId"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

/// A runner identified by a `String`, the other common identity.
private final class NamedRunner: BaseModel {
    var name = ""
    override class var apiToLocal: [String: String] { ["id": "name"] }
}

private final class NamedMarket: BaseModel {
    var runners: [NamedRunner] = []
    override class var apiToLocal: [String: String] { ["r": "runners"] }
    override class var identities: [String: String] { ["runners": "name"] }
    override class var partialCollections: Set<String> { ["runners"] }
}

/// A price level identified by its `Double` price, as ladders of objects are.
private final class PriceIdentifiedLevel: BaseModel {
    var price = 0.0
    var size = 0.0
    override class var apiToLocal: [String: String] { ["p": "price", "s": "size"] }
}

private final class PriceIdentifiedLadder: BaseModel {
    var levels: [PriceIdentifiedLevel] = []
    override class var apiToLocal: [String: String] { ["r": "levels"] }
    override class var identities: [String: String] { ["levels": "price"] }
    override class var partialCollections: Set<String> { ["levels"] }
}

@Suite("Identities held in integers of every width, strings and prices")
struct IntegerIdentityTests {
    /// The identity of `Market`'s runners, as its plan merges them.
    private func runnersIdentity<Market: BaseModel, Runner: BaseModel>(of market: Market.Type, _ runner: Runner.Type) throws -> ElementIdentity? {
        let members = try PlanRegistry.plan(for: market).members
        let access = try #require(members.member(forKey: "r").map { members.accesses[$0] } as? GenericMemberAccess<[Runner]>)
        return (access.coder as? any IdentityMerging)?.elementIdentity
    }

    /// Random deltas — merges, removals, additions, an identity written as a string now and then —
    /// applied to a partial collection of `count` runners whose ids `id(n)` makes, checked against
    /// the list they must leave.
    private func checkDeltas<ID: FixedWidthInteger>(_: ID.Type, count: Int, seed: UInt64, id: (Int) -> String) throws {
        var generator = SeededGenerator(seed: seed)
        func runners(_ market: IdentifiedMarket<ID>) -> [(id: String, price: Int)] { market.runners.map { (String($0.runnerId), $0.price) } }
        let model = try IdentifiedMarket<ID>.decode(from: #"{"r":[\#((0..<count).map { #"{"id":\#(id($0)),"p":\#($0)}"# }.joined(separator: ","))]}"#)
        var expected = (0..<count).map { (id: id($0), price: $0) }
        var next = count
        for turn in 0..<300 {
            var listed: [String] = []
            var used: Set<String> = []
            func unused() -> Int {
                while true {
                    let at = Int.random(in: 0..<expected.count, using: &generator)
                    if used.insert(expected[at].id).inserted { return at }
                }
            }
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let at = unused()
                // A lenient read takes an identity written as a string as the number it names.
                let written = turn % 7 == 0 ? #""\#(expected[at].id)""# : expected[at].id
                listed.append(#"{"id":\#(written),"p":\#(-turn)}"#)
                expected[at].price = -turn
            }
            if turn % 3 == 0 {
                let gone = expected[unused()].id
                listed.append(#"{"id":\#(gone),"$remove":true}"#)
                expected.removeAll { $0.id == gone }
            }
            listed.append(#"{"id":\#(id(next)),"p":\#(turn)}"#)
            expected.append((id(next), turn))
            next += 1
            listed.shuffle(using: &generator)
            var options = DecodingOptions()
            options.recordsChanges = turn.isMultiple(of: 2)
            _ = try model.update(from: #"{"r":[\#(listed.joined(separator: ","))]}"#, options: options)
            let held = runners(model)
            guard held.map(\.id) == expected.map(\.id), held.map(\.price) == expected.map(\.price) else {
                Issue.record("after delta \(turn): \(held.count) runners, expected \(expected.count)")
                return
            }
        }
        // An identity listed twice is refused, and leaves the list as it was.
        let first = expected[0].id
        #expect(throws: MappingError.self) { try model.update(from: #"{"r":[{"id":\#(first),"p":1},{"id":\#(first),"p":2}]}"#) }
        #expect(runners(model).map(\.price) == expected.map(\.price))
    }

    @Test("deltas into runners with Int64 ids merge, remove and add by identity, read in place")
    func wideIdentities() throws {
        // Ids past 2³², as exchanges hand them out, in a list long enough to be indexed.
        try checkDeltas(Int64.self, count: 40, seed: 0x64, id: { String((Int64(1) << 40) + Int64($0) * 7) })
        // Short lists are searched in order.
        try checkDeltas(Int64.self, count: 5, seed: 0x65, id: { String(-(Int64(1) << 35) - Int64($0)) })
        // The merge read the elements' identities from their field, not through their JSON.
        #expect(try runnersIdentity(of: IdentifiedMarket<Int64>.self, IdentifiedRunner<Int64>.self)?.isUsualClass(ObjectIdentifier(IdentifiedRunner<Int64>.self)) == true)
    }

    @Test("UInt64 ids beyond Int.max are matched as exactly as those within it")
    func unsignedIdentities() throws {
        try checkDeltas(UInt64.self, count: 30, seed: 0x55, id: { String(UInt64.max - UInt64($0) * 3) })
        try checkDeltas(UInt64.self, count: 30, seed: 0x56, id: { String(UInt64($0) * 11) })
        #expect(try runnersIdentity(of: IdentifiedMarket<UInt64>.self, IdentifiedRunner<UInt64>.self)?.isUsualClass(ObjectIdentifier(IdentifiedRunner<UInt64>.self)) == true)
    }

    @Test("Int16 ids: an identity the field cannot hold is a new element, refused as the field refuses it")
    func narrowIdentities() throws {
        try checkDeltas(Int16.self, count: 20, seed: 0x16, id: { String(30_000 - $0) })
        let market = try IdentifiedMarket<Int16>.decode(from: #"{"r":[{"id":1,"p":1}]}"#)
        #expect(throws: MappingError.self) { try market.update(from: #"{"r":[{"id":1,"p":5},{"id":40000,"p":2}]}"#) }
        #expect(market.runners.map(\.price) == [1])
    }

    @Test("identity paths and change sets name Int64 elements by their ids")
    func wideIdentityPaths() throws {
        let ids: [Int64] = [1 << 40, (1 << 40) + 1, 5_000_000_000_123]
        let market = try IdentifiedMarket<Int64>.decode(from: #"{"r":[\#(ids.map { #"{"id":\#($0),"p":0}"# }.joined(separator: ","))]}"#)
        let changes = try market.update(from: #"{"p":9}"#, at: IdentityPath("r", .number(JSONNumber(ids[2]))))
        #expect(changes.map { "\($0.path)" } == ["r[2].p"])
        #expect((try market.model(at: IdentityPath("r", .number(JSONNumber(ids[1])))) as? IdentifiedRunner<Int64>)?.runnerId == ids[1])
        let delta = try market.update(from: #"{"r":[{"id":\#(ids[0]),"p":4}]}"#)
        #expect(delta.map { "\($0.path)" } == ["r[0].p"] && market.runners.map(\.price) == [4, 0, 9])
    }

    @Test("Double identities are read in place: whole and fractional prices match by value, and a listed 0 makes a held -0.0 0.0")
    func priceIdentitiesInPlace() throws {
        let ladder = try PriceIdentifiedLadder.decode(from: #"{"r":[{"p":-0.0,"s":1},{"p":2,"s":2},{"p":2.5,"s":3},{"p":1e300,"s":4},{"p":0.1,"s":5}]}"#)
        // The first update finds the elements' field; the second reads identities from it.
        _ = try ladder.update(from: #"{"r":[{"p":2,"s":2}]}"#)
        let changes = try ladder.update(from: #"{"r":[{"p":2.0,"s":7},{"p":0,"s":6},{"p":2.50,"s":8},{"p":1E300,"s":9},{"p":0.10000000000000001,"s":10},{"p":3,"s":11}]}"#)
        #expect(ladder.levels.map(\.size) == [6, 7, 8, 9, 10, 11])
        #expect(ladder.levels.map(\.price) == [0, 2, 2.5, 1e300, 0.1, 3])
        #expect(ladder.levels[0].price.sign == .plus)
        #expect(changes.map { "\($0.path)" }.sorted() == ["r[0].s", "r[1].s", "r[2].s", "r[3].s", "r[4].s", "r[5]"])
        #expect(try runnersIdentity(of: PriceIdentifiedLadder.self, PriceIdentifiedLevel.self)?.isUsualClass(ObjectIdentifier(PriceIdentifiedLevel.self)) == true)
        // A price listed twice in one element is refused, as any repeated key.
        #expect(throws: MappingError.self) { try ladder.update(from: #"{"r":[{"p":2.5,"s":1,"p":3}]}"#) }
        #expect(ladder.levels.map(\.size) == [6, 7, 8, 9, 10, 11])
    }

    @Test("Int and String identities are read in place as well")
    func commonIdentitiesInPlace() throws {
        let numbered = try IdentifiedMarket<Int>.decode(from: #"{"r":[{"id":1},{"id":2}]}"#)
        _ = try numbered.update(from: #"{"r":[{"id":2},{"id":3}]}"#)
        #expect(numbered.runners.map(\.runnerId) == [1, 2, 3])
        #expect(try runnersIdentity(of: IdentifiedMarket<Int>.self, IdentifiedRunner<Int>.self)?.isUsualClass(ObjectIdentifier(IdentifiedRunner<Int>.self)) == true)
        let named = try NamedMarket.decode(from: #"{"r":[{"id":"a"},{"id":"b"}]}"#)
        _ = try named.update(from: #"{"r":[{"id":"b"},{"id":"c"}]}"#)
        #expect(named.runners.map(\.name) == ["a", "b", "c"])
        #expect(try runnersIdentity(of: NamedMarket.self, NamedRunner.self)?.isUsualClass(ObjectIdentifier(NamedRunner.self)) == true)
    }
}
