import BaseModelKit
import Foundation
import Testing

@Suite("Atomic updates")
struct AtomicUpdateTests {
    /// An update that changes something at every level: scalars, a merged nested model, replaced
    /// arrays and dictionaries.
    static let update = #"""
    {"t":"Ajax v AZ","st":"2026-11-23T12:00:00Z","v":{"n":"Dome","c":"Utrecht"},"l":false,"m":[{"i":"m1","s":"closed","o":[{"i":1,"n":"Ajax","p":1.8},{"i":6,"n":"AZ","p":4.0}],"fav":{"i":6,"n":"AZ","p":4.0}}],"mk":{"m4":{"i":"m4","s":"open","o":[{"i":9,"p":2.2}]}},"i":8}
    """#

    /// Everything observable about a graph: its full JSON (nil written as null) and the identity of
    /// every nested object.
    private func fingerprint(_ event: Event) throws -> String {
        var options = EncodingOptions()
        options.nilEncoding = .null
        var identities: [ObjectIdentifier?] = [event.venue.map(ObjectIdentifier.init)]
        for market in event.markets {
            identities.append(ObjectIdentifier(market))
            identities.append(market.favourite.map(ObjectIdentifier.init))
            identities += market.outcomes.map(ObjectIdentifier.init)
        }
        for key in event.marketsById.keys.sorted() {
            let market = event.marketsById[key]!
            identities.append(ObjectIdentifier(market))
            identities += market.outcomes.map(ObjectIdentifier.init)
        }
        return try event.jsonString(options: options) + "\(identities)"
    }

    /// Every path in `json`, outermost first: object keys and array indices.
    private func paths(in json: JSON, prefix: [MappingPath.Component] = []) -> [[MappingPath.Component]] {
        var result: [[MappingPath.Component]] = prefix.isEmpty ? [] : [prefix]
        switch json {
        case .object(let object):
            for (key, value) in object { result += paths(in: value, prefix: prefix + [.key(key)]) }
        case .array(let elements):
            for (index, value) in elements.enumerated() { result += paths(in: value, prefix: prefix + [.index(index)]) }
        default:
            break
        }
        return result
    }

    /// `json` with the value at `path` replaced by `replacement`.
    private func replacing(_ path: ArraySlice<MappingPath.Component>, in json: JSON, with replacement: JSON) -> JSON {
        guard let first = path.first else { return replacement }
        switch (first, json) {
        case (.key(let key), .object(var object)):
            object[key] = replacing(path.dropFirst(), in: object[key]!, with: replacement)
            return .object(object)
        case (.index(let index), .array(var elements)):
            elements[index] = replacing(path.dropFirst(), in: elements[index], with: replacement)
            return .array(elements)
        default:
            return json
        }
    }

    @Test("the update itself succeeds and changes every level")
    func updateApplies() throws {
        let event = try Event.decode(from: SampleFeed.event)
        let before = try fingerprint(event)
        try event.update(from: Self.update)
        #expect(try fingerprint(event) != before)
        #expect(event.venue?.city == "Utrecht" && event.markets[0].outcomes[1].name == "AZ" && event.eventId == 8)
    }

    @Test("a bad value at any key of a three-level graph leaves the whole graph unchanged")
    func failureAtEveryKey() throws {
        let update = try JSON(parsing: Self.update)
        let allPaths = paths(in: update)
        #expect(allPaths.count == 32)
        // A value that no mapped type accepts: not an object, not a scalar, not an array of either.
        let poison: JSON = [[[]]]
        for path in allPaths {
            let event = try Event.decode(from: SampleFeed.event)
            let before = try fingerprint(event)
            let bad = try replacing(path[...], in: update, with: poison).serializedString()
            #expect(throws: MappingError.self, "\(MappingPath(path))") { try event.update(from: bad) }
            #expect(try fingerprint(event) == before, "\(MappingPath(path))")
        }
    }

    @Test("a failing transformer or didDeserialize deep in the graph leaves it unchanged")
    func failingHooks() throws {
        let update = try JSON(parsing: Self.update)
        let cases: [([MappingPath.Component], JSON)] = [
            ([.key("st")], "not a date"),
            ([.key("m"), .index(0), .key("o"), .index(1), .key("p")], -1),
            ([.key("m"), .index(0), .key("fav"), .key("p")], -2),
            ([.key("mk"), .key("m4"), .key("o"), .index(0), .key("p")], -3),
        ]
        for (path, value) in cases {
            let event = try Event.decode(from: SampleFeed.event)
            let before = try fingerprint(event)
            let bad = try replacing(path[...], in: update, with: value).serializedString()
            #expect(throws: MappingError.self) { try event.update(from: bad) }
            #expect(try fingerprint(event) == before, "\(MappingPath(path))")
        }
    }

    @Test("a failure inside a merged nested model restores that model too")
    func nestedRestore() throws {
        let event = try Event.decode(from: SampleFeed.event)
        let venue = try #require(event.venue)
        #expect(throws: MappingError.self) { try event.update(from: #"{"t":"New","v":{"c":"Delft","n":[]}}"#) }
        #expect(event.title == "Ajax v PSV")
        #expect(event.venue === venue)
        #expect(venue.city == "Amsterdam")
    }

    // MARK: Generated graphs and failure points

    private func randomOutcome(_ random: inout SeededGenerator) -> JSON {
        var object: JSONObject = ["i": .number(JSONNumber(Int.random(in: 1...99, using: &random))), "p": .number(JSONNumber(Double(Int.random(in: 101...999, using: &random)) / 100))]
        if Bool.random(using: &random) { object["n"] = .string("o\(Int.random(in: 0...9, using: &random))") }
        return .object(object)
    }

    private func randomMarket(_ random: inout SeededGenerator) -> JSON {
        var object: JSONObject = ["i": .string("m\(Int.random(in: 0...99, using: &random))")]
        if Bool.random(using: &random) { object["s"] = .string(Status.allCases.randomElement(using: &random)!.rawValue) }
        object["o"] = .array((0..<Int.random(in: 0...4, using: &random)).map { _ in randomOutcome(&random) })
        if Bool.random(using: &random) { object["fav"] = randomOutcome(&random) }
        return .object(object)
    }

    /// A whole event (`partial` false) or an update that sets a random subset of its keys.
    private func randomEvent(_ random: inout SeededGenerator, partial: Bool) -> JSON {
        var object = JSONObject()
        func maybe(_ key: String, _ make: (inout SeededGenerator) -> JSON) {
            if !partial || Int.random(in: 0..<3, using: &random) > 0 { object[key] = make(&random) }
        }
        maybe("i") { .number(JSONNumber(Int.random(in: 1...1_000, using: &$0))) }
        maybe("t") { .string("event \(Int.random(in: 0...99, using: &$0))") }
        maybe("st") { .string("2026-11-\(10 + Int.random(in: 0...18, using: &$0))T12:00:00Z") }
        maybe("v") { random in
            var venue: JSONObject = [:]
            if !partial || Bool.random(using: &random) { venue["n"] = .string("venue \(Int.random(in: 0...9, using: &random))") }
            if Bool.random(using: &random) { venue["c"] = "city" }
            return .object(venue)
        }
        maybe("m") { random in .array((0..<Int.random(in: 0...3, using: &random)).map { _ in randomMarket(&random) }) }
        maybe("mk") { random in
            var markets = JSONObject()
            for index in 0..<Int.random(in: 0...2, using: &random) { markets["k\(index)"] = randomMarket(&random) }
            return .object(markets)
        }
        maybe("l") { .bool(Bool.random(using: &$0)) }
        return .object(object)
    }

    /// A value at `path` that makes the update fail: a price below zero (rejected by
    /// `didDeserialize`), text that is not a date (the transformer throws), or else a value of the
    /// wrong type.
    private func failure(at path: [MappingPath.Component]) -> JSON {
        switch path.last {
        case .key("p"): return -1
        case .key("st"): return "not a date"
        default: return ["wrong": true]
        }
    }

    @Test("generated graphs and updates: a failure at a random point leaves the graph as it was, and the next update applies")
    func generatedFailures() throws {
        var random = SeededGenerator(seed: 0xA70_41C)
        var failuresChecked = 0
        // Every other round without change sets: those updates reuse one session (see
        // `DecodingSession.recycle`), which a failure must leave fit for the next.
        var quiet = DecodingOptions()
        quiet.recordsChanges = false
        for round in 0..<300 {
            let options = round.isMultiple(of: 2) ? DecodingOptions() : quiet
            let original = try randomEvent(&random, partial: false).serializedString()
            let update = randomEvent(&random, partial: true)
            // Leaf values only: replacing a whole nested object would test fewer levels.
            let leaves = paths(in: update).filter { path in
                var node: JSON? = update
                for component in path {
                    switch component {
                    case .key(let key): node = node?[key]
                    case .index(let index): node = node?[index]
                    case .dictionaryKey(let key): node = node?[key]
                    }
                }
                return node?.array == nil && node?.object == nil
            }
            // The update applies cleanly as generated.
            let clean = try Event.decode(from: original)
            try clean.update(from: try update.serializedString(), options: options)
            guard let path = leaves.randomElement(using: &random) else { continue }

            let event = try Event.decode(from: original)
            let before = try fingerprint(event)
            let bad = try replacing(path[...], in: update, with: failure(at: path)).serializedString()
            #expect(throws: MappingError.self, "\(bad)") { try event.update(from: bad, options: options) }
            #expect(try fingerprint(event) == before, "\(bad)")
            failuresChecked += 1
            // The clean update after the failed one: as if the failed one had not run.
            try event.update(from: try update.serializedString(), options: options)
            #expect(try event.jsonData() == clean.jsonData(), "\(bad)")
        }
        #expect(failuresChecked > 250)
    }
}
