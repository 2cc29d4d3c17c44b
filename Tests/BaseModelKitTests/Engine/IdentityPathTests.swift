@testable import BaseModelKit
import Foundation
import Testing

private final class Price: BaseModel {
    var outcomeId = 0
    var price = 0.0
    override class var apiToLocal: [String: String] { ["i": "outcomeId", "p": "price"] }
}

private final class PathBook: BaseModel {
    var name = ""
    var outcomes: [Price] = []
    override class var apiToLocal: [String: String] { ["n": "name", "o": "outcomes"] }
    override class var identities: [String: String] { ["outcomes": "outcomeId"] }
    override class var partialCollections: Set<String> { ["outcomes"] }
}

private final class Fixture: BaseModel {
    var fixtureId = 0
    var books: [String: PathBook] = [:]
    var main: PathBook?
    var tags: [String] = []
    override class var apiToLocal: [String: String] { ["e": "fixtureId", "m": "books", "mn": "main", "tg": "tags"] }
}

private final class Board: BaseModel {
    var fixtures: [Fixture] = []
    var plain: [Fixture] = []
    override class var apiToLocal: [String: String] { ["ev": "fixtures", "pl": "plain"] }
    override class var identities: [String: String] { ["fixtures": "fixtureId"] }
}

/// `Fixture` and `Board` with optional collections, which a lookup steps into through the property's
/// access rather than on the collection's references.
private final class OptionalFixture: BaseModel {
    var fixtureId = 0
    var books: [String: PathBook]? = [:]
    override class var apiToLocal: [String: String] { ["e": "fixtureId", "m": "books"] }
}

private final class OptionalBoard: BaseModel {
    var fixtures: [OptionalFixture]? = []
    override class var apiToLocal: [String: String] { ["ev": "fixtures"] }
    override class var identities: [String: String] { ["fixtures": "fixtureId"] }
}

/// A tree of nodes by identity, for paths of many steps.
private final class PathNode: BaseModel {
    var nodeId = 0
    var value = 0
    var children: [PathNode] = []
    var named: [String: PathNode] = [:]
    override class var apiToLocal: [String: String] { ["i": "nodeId", "v": "value", "c": "children", "d": "named"] }
    override class var identities: [String: String] { ["children": "nodeId"] }
}

private func board(events: Int) throws -> Board {
    let text = "{\"ev\":[" + (0..<events).map { event in
        #"{"e":\#(100 + event),"m":{"\#(100 + event)-1":{"n":"1x2","o":[{"i":1,"p":1.5},{"i":2,"p":3.0}]}},"mn":{"n":"main","o":[]}}"#
    }.joined(separator: ",") + "]}"
    return try Board.decode(from: text)
}

@Suite("Identity paths")
struct IdentityPathTests {
    @Test("a path through an array merged by identity and a dictionary of models finds the model")
    func findsTheModel() throws {
        let board = try board(events: 50)
        let path = IdentityPath("ev", 137).then("m", "137-1")
        let book = try #require(try board.model(of: PathBook.self, at: path))
        #expect(book === board.fixtures[37].books["137-1"])
        #expect(try board.model(at: IdentityPath("ev", 149).then("mn")) === board.fixtures[49].main)
        // An identity read as the identity property reads it.
        #expect(try board.model(at: IdentityPath("ev", "101")) === board.fixtures[1])
        #expect(path.description == #"ev[id: 137].m[id: "137-1"]"#)
    }

    @Test("an identity that names no model is nil; a key that names no collection of models is an error")
    func absentAndWrongSteps() throws {
        let board = try board(events: 3)
        #expect(try board.model(at: IdentityPath("ev", 7)) == nil)
        #expect(try board.model(at: IdentityPath("ev", 101).then("m", "nope")) == nil)
        #expect(throws: MappingError.self) { try board.model(at: IdentityPath("zz", 1)) }
        #expect(throws: MappingError.self) { try board.model(at: IdentityPath("pl", 101)) }
        #expect(throws: MappingError.self) { try board.model(at: IdentityPath("ev", 101).then("tg", "a")) }
        #expect(throws: MappingError.self) { try board.model(at: IdentityPath("ev", 101).then("mn", 1)) }
    }

    @Test("lookups stay right after updates reorder, add and remove elements")
    func indexFollowsUpdates() throws {
        let board = try board(events: 20)
        #expect(try board.model(at: IdentityPath("ev", 105)) === board.fixtures[5])
        // Reversed, one removed, one added: the index kept on the board no longer fits.
        let reordered = "{\"ev\":[" + ([999] + (100..<120).reversed().filter { $0 != 110 }).map { #"{"e":\#($0)}"# }.joined(separator: ",") + "]}"
        try board.update(from: reordered)
        #expect(board.fixtures.count == 20)
        for id in [999, 105, 119, 100] {
            let found = try #require(try board.model(of: Fixture.self, at: IdentityPath("ev", JSON(integerLiteral: Int64(id)))))
            #expect(found.fixtureId == id)
        }
        #expect(try board.model(at: IdentityPath("ev", 110)) == nil)
        // Code changing an element's identity in place is seen too.
        board.fixtures[0].fixtureId = 5000
        #expect(try board.model(at: IdentityPath("ev", 999)) == nil)
        #expect(try board.model(at: IdentityPath("ev", 5000)) === board.fixtures[0])
    }

    @Test("a delta applied at an identity path: a change set and a report with paths from the root")
    func updateAtPath() throws {
        let board = try board(events: 10)
        let report = MappingReport()
        let changes = try board.update(from: #"{"o":[{"i":2,"p":3.4}],"x":1}"#, at: IdentityPath("ev", 104).then("m", "104-1"), report: report)
        // The path of a change is its place in the delta, under the target's place in the graph.
        #expect(changes.map(\.path.description) == [#"ev[4].m["104-1"].o[0].p"#])
        #expect(changes.first?.oldValue == 3.0 && changes.first?.newValue == 3.4)
        #expect(board.fixtures[4].books["104-1"]?.outcomes.map(\.price) == [1.5, 3.4])
        #expect(report.entries.map { $0.path.description } == [#"ev[4].m["104-1"].x"#])
        // The change set's body, applied to the root of a copy of the state before, makes the same change.
        let copy = try Board.decode(from: try board.jsonData())
        let moved = try board.update(from: #"{"o":[{"i":1,"p":9}]}"#, at: IdentityPath("ev", 104).then("m", "104-1"))
        try copy.update(from: try moved.jsonData())
        #expect(try copy.jsonData() == (try board.jsonData()))
        let fromObject = try board.update(from: ["n": "renamed"] as JSONObject, at: IdentityPath("ev", 109).then("mn"))
        #expect(fromObject.map(\.path.description) == ["ev[9].mn.n"])
        #expect(board.fixtures[9].main?.name == "renamed")
    }

    @Test("a delta whose target is not there, or that fails, changes nothing and names the place")
    func failedUpdateAtPath() throws {
        let board = try board(events: 5)
        let before = try board.jsonData()
        let missing = #expect(throws: MappingError.self) {
            try board.update(from: #"{"o":[]}"#, at: IdentityPath("ev", 102).then("m", "9-9"))
        }
        #expect(missing?.path.description == #"ev[2].m"#)
        #expect(missing.map { "\($0)" }?.contains("Found no model with the identity \"9-9\"") == true)
        let bad = #expect(throws: MappingError.self) {
            try board.update(from: #"{"n":"x","o":[{"i":1,"p":"high"}]}"#, at: IdentityPath("ev", 103).then("m", "103-1"))
        }
        #expect(bad?.path.description == #"ev[3].m["103-1"].o[0].p"#)
        #expect(try board.jsonData() == before)
    }

    @Test("paths of one to six steps: change sets, reports and errors name the whole way")
    func longPaths() throws {
        // Each node has children 1, 2 and 3 (in the order 3, 1, 2) and one named "k", six levels deep.
        func node(_ id: Int, depth: Int) -> String {
            guard depth > 0 else { return #"{"i":\#(id),"v":0}"# }
            let children = [3, 1, 2].map { node($0, depth: depth - 1) }.joined(separator: ",")
            return #"{"i":\#(id),"v":0,"c":[\#(children)],"d":{"k":\#(node(9, depth: depth - 1))}}"#
        }
        let root = try PathNode.decode(from: node(0, depth: 6))
        let before = try root.jsonData()
        for steps in 1...6 {
            var path = IdentityPath("c", 1)
            var place = "c[1]"
            for step in 1..<steps {
                if step.isMultiple(of: 2) {
                    path = path.then("d", "k")
                    place += #".d["k"]"#
                } else {
                    path = path.then("c", 2)
                    place += ".c[2]"
                }
            }
            let report = MappingReport()
            let changes = try root.update(from: #"{"v":\#(steps),"x":1}"#, at: path, report: report)
            #expect(changes.map(\.path.description) == [place + ".v"], "\(path)")
            #expect(report.entries.map(\.path.description) == [place + ".x"], "\(path)")
            let bad = #expect(throws: MappingError.self) { try root.update(from: #"{"v":"high"}"#, at: path) }
            #expect(bad?.path.description == place + ".v", "\(path)")
            let missing = #expect(throws: MappingError.self) { try root.update(from: #"{"v":1}"#, at: path.then("c", 7)) }
            #expect(missing?.path.description == place + ".c", "\(path)")
            let unmapped = #expect(throws: MappingError.self) { try root.update(from: #"{"v":1}"#, at: path.then("zz", 1)) }
            #expect(unmapped?.path.description == place, "\(path)")
            #expect(try root.model(at: path).map { ($0 as? PathNode)?.value } == steps)
        }
        #expect(try root.jsonData() != before)
        // A dictionary step named by a number: the key as the number is written, in the way too.
        let numbered = try PathNode.decode(from: #"{"i":0,"d":{"5":{"i":5,"v":0,"c":[{"i":2,"v":0}]}}}"#)
        let changes = try numbered.update(from: #"{"v":7}"#, at: IdentityPath("d", 5).then("c", 2))
        #expect(changes.map(\.path.description) == [#"d["5"].c[0].v"#])
        let wrong = #expect(throws: MappingError.self) { try numbered.update(from: #"{"v":"x"}"#, at: IdentityPath("d", 5).then("c", 2)) }
        #expect(wrong?.path.description == #"d["5"].c[0].v"#)
    }

    @Test("random lookups between random reorderings find the same models on collections' references as through the properties' accesses")
    func referencesAndAccessesAgree() throws {
        var random = SeededGenerator(seed: 2_611)
        func text(_ ids: [Int]) -> String {
            "{\"ev\":[" + ids.map { #"{"e":\#($0),"m":{"\#($0)-1":{"n":"b\#($0)"},"\#($0)-2":{"n":"c\#($0)"}}}"# }.joined(separator: ",") + "]}"
        }
        let first = Array(100..<120)
        let board = try Board.decode(from: text(first))
        let optional = try OptionalBoard.decode(from: text(first))
        func identity(_ id: Int) -> JSON {
            switch Int.random(in: 0..<8, using: &random) {
            case 0: return .string("\(id)")
            case 1: return .bool(true)
            case 2: return .null
            case 3: return .string("x")
            default: return .number(JSONNumber(id))
            }
        }
        /// What tells the models found apart.
        func name(_ model: BaseModel) -> String {
            switch model {
            case let fixture as Fixture: "fixture \(fixture.fixtureId)"
            case let fixture as OptionalFixture: "fixture \(fixture.fixtureId)"
            case let book as PathBook: "book \(book.name)"
            default: "\(type(of: model))"
            }
        }
        var outcomes = (found: 0, missing: 0, failed: 0)
        for _ in 0..<800 {
            if Int.random(in: 0..<10, using: &random) == 0 {
                // Reordered, some dropped, some added: the indexes kept no longer fit.
                let ids = Array((100..<124).shuffled(using: &random).prefix(Int.random(in: 12...24, using: &random)))
                try board.update(from: text(ids))
                try optional.update(from: text(ids))
            }
            let event = Int.random(in: 98..<126, using: &random)
            var path = IdentityPath("ev", identity(event))
            if Bool.random(using: &random) {
                switch Int.random(in: 0..<6, using: &random) {
                case 0: path = path.then("m", .number(JSONNumber(event)))
                case 1: path = path.then("m", .bool(false))
                case 2: path = path.then("m")
                default: path = path.then("m", .string("\(event)-\(Int.random(in: 1...3, using: &random))"))
                }
            }
            let onReferences = Result { try board.model(at: path) }
            let throughAccesses = Result { try optional.model(at: path) }
            switch (onReferences, throughAccesses) {
            case (.success(let model?), .success(let other?)):
                outcomes.found += 1
                #expect(name(model) == name(other), "\(path)")
            case (.success(nil), .success(nil)):
                outcomes.missing += 1
            case (.failure(let error as MappingError), .failure(let other as MappingError)):
                outcomes.failed += 1
                #expect(error.path == other.path, "\(path)")
            default:
                Issue.record("\(path): \(onReferences) and \(throughAccesses)")
            }
        }
        // Each outcome came often: the comparison is not of misses alone.
        #expect(outcomes.found > 200 && outcomes.missing > 100 && outcomes.failed > 25, "\(outcomes)")
    }

    @Test("lookups in thousands of short-lived graphs: each finds its own models, in an index its board keeps and a copy does not share")
    func shortLivedGraphs() throws {
        for round in 0..<3_000 {
            // The board's index of its fixtures (a dictionary's step needs none).
            let board = try board(events: 3)
            #expect(!IdentityIndexes.holdsIndexes(board))
            board.fixtures[1].fixtureId = 1_000 + round
            let found = try #require(try board.model(of: PathBook.self, at: IdentityPath("ev", .number(JSONNumber(1_000 + round))).then("m", "101-1")))
            #expect(found === board.fixtures[1].books["101-1"])
            #expect(try board.model(at: IdentityPath("ev", 101)) == nil)
            #expect(IdentityIndexes.holdsIndexes(board))
            if round.isMultiple(of: 500) {
                let copy = try board.copy()
                #expect(!IdentityIndexes.holdsIndexes(copy))
                #expect(try copy.model(of: PathBook.self, at: IdentityPath("ev", .number(JSONNumber(1_000 + round))).then("m", "101-1")) === copy.fixtures[1].books["101-1"])
            }
        }
    }

    @Test("lookups in thousands of graphs alive at once, each keeping its own index, each find their models")
    func manyLiveGraphs() throws {
        let boards = try (0..<3_000).map { _ in try board(events: 3) }
        for round in 0..<3 {
            for (number, board) in boards.enumerated() {
                let id = 10_000 * (round + 1) + number
                // An identity changed in place: the index kept for the board no longer has it.
                board.fixtures[round].fixtureId = id
                #expect(try board.model(at: IdentityPath("ev", .number(JSONNumber(id)))) === board.fixtures[round])
                #expect(try board.model(at: IdentityPath("ev", .number(JSONNumber(id))).then("m", .string("\(100 + round)-1"))) === board.fixtures[round].books["\(100 + round)-1"])
            }
        }
    }

    @Test("lookups in a shared graph while other threads make, look up in and free graphs of their own")
    func lookupsWhileGraphsAreFreed() async throws {
        let shared = SharedGraph(try board(events: 100))
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for round in 0..<300 {
                        if worker % 2 == 0 {
                            // Graphs of its own, indexed and freed with their indexes while the other
                            // threads look up.
                            let own = try board(events: 4)
                            guard try own.model(at: IdentityPath("ev", 102).then("m", "102-1")) === own.fixtures[2].books["102-1"] else { return false }
                        } else {
                            let id = 100 + (round * 7 + worker) % 100
                            guard try shared.value.model(at: IdentityPath("ev", .number(JSONNumber(id)))) === shared.value.fixtures[id - 100] else { return false }
                        }
                    }
                    return true
                }
            }
            for try await succeeded in group { #expect(succeeded) }
        }
    }

    @Test("lookups from many threads at once in one graph")
    func concurrentLookups() async throws {
        let board = try board(events: 200)
        let shared = SharedGraph(board)
        try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var found = 0
                    for id in stride(from: 100 + worker, to: 300, by: 4) where try shared.value.model(at: IdentityPath("ev", JSON(integerLiteral: Int64(id))).then("m", .string("\(id)-1"))) != nil {
                        found += 1
                    }
                    return found
                }
            }
            var total = 0
            for try await found in group { total += found }
            #expect(total == 200)
        }
    }
}

/// Hands a graph that no thread changes to tasks that only read it.
private final class SharedGraph<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
