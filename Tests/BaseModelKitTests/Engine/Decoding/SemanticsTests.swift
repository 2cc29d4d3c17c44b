import BaseModelKit
import Foundation
import Testing

@Suite("Mapping semantics")
struct SemanticsTests {
    @Test("a missing key leaves the property as it is")
    func missingKey() throws {
        let venue = try Venue.decode(from: #"{"n":"Arena"}"#)
        try venue.update(from: #"{"c":"Delft"}"#)
        #expect(venue.name == "Arena")
        #expect(venue.city == "Delft")
    }

    @Test("null sets an optional to nil")
    func nullOptional() throws {
        let venue = try Venue.decode(from: #"{"n":"Arena","c":"Delft"}"#)
        try venue.update(from: #"{"c":null}"#)
        #expect(venue.city == nil)
    }

    @Test("null for a non-optional leaves it in lenient mode and is an error in strict mode")
    func nullNonOptional() throws {
        let venue = try Venue.decode(from: #"{"n":"Arena"}"#)
        try venue.update(from: #"{"n":null}"#)
        #expect(venue.name == "Arena")
        var strict = DecodingOptions()
        strict.coercion = .strict
        #expect(throws: MappingError.self) { try venue.update(from: #"{"n":null}"#, options: strict) }
        #expect(venue.name == "Arena")
    }

    @Test("unknown keys never change state")
    func unknownKeys() throws {
        let venue = try Venue.decode(from: #"{"n":"Arena","name":"Other","city":"X","zz":[1,{"a":2}]}"#)
        #expect(venue.name == "Arena")
        #expect(venue.city == nil)
    }

    @Test("an update merges into nested models and replaces arrays")
    func deepMerge() throws {
        let event = try Event.decode(from: SampleFeed.event)
        let venue = try #require(event.venue)
        let firstMarket = event.markets[0]
        try event.update(from: #"{"v":{"c":"Rotterdam"},"m":[{"i":"m9"}]}"#)
        #expect(event.venue === venue)
        #expect(venue.name == "Arena")
        #expect(venue.city == "Rotterdam")
        #expect(event.markets.count == 1)
        #expect(event.markets[0] !== firstMarket)
        #expect(event.markets[0].marketId == "m9")
        #expect(event.markets[0].outcomes.isEmpty)
    }

    @Test("an update builds a nested model that was nil")
    func nestedFromNil() throws {
        let event = Event()
        try event.update(from: #"{"v":{"n":"Hall"}}"#)
        #expect(event.venue?.name == "Hall")
    }

    @Test("output keeps declaration order and leaves nil out")
    func outputOrder() throws {
        let venue = Venue()
        venue.name = "Arena"
        #expect(try venue.jsonString() == #"{"n":"Arena"}"#)
        var options = EncodingOptions()
        options.nilEncoding = .null
        #expect(try venue.jsonString(options: options) == #"{"n":"Arena","c":null}"#)
        #expect(try venue.jsonString(options: [.sortedKeys]) == #"{"n":"Arena"}"#)
        let outcome = try Outcome.decode(from: #"{"p":2,"n":"x","i":1}"#)
        #expect(try outcome.jsonString() == #"{"i":1,"n":"x","p":2}"#)
    }

    @Test("a whole graph round-trips")
    func graphRoundTrip() throws {
        let event = try Event.decode(from: SampleFeed.event)
        #expect(event.markets[0].outcomes[2].name == "PSV")
        #expect(event.markets[1].status == .suspended)
        #expect(event.marketsById["m3"]?.outcomes.first?.price == 1.5)
        #expect(event.markets[0].favourite?.outcomeId == 1)
        #expect(event.startsAt == ISO8601DateFormatter().date(from: "2026-11-22T19:45:00Z"))
        let written = try event.jsonData()
        let again = try Event.decode(from: written)
        #expect(try again.jsonData() == written)
    }

    @Test("arrays of models decode from a top-level array and encode back")
    func modelArrays() throws {
        let text = #"[{"i":1,"p":2},{"i":2,"n":"b","p":3.5}]"#
        let outcomes = try Outcome.decodeArray(from: text)
        #expect(outcomes.map(\.outcomeId) == [1, 2])
        #expect(try outcomes.jsonString() == text)
        #expect(try Outcome.decodeArray(from: Data(text.utf8)).count == 2)
    }

    @Test("JSONSerialization dictionaries go in and come out")
    func dictionaries() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"i":3,"n":"x","p":1.25,"extra":true}"#.utf8)) as! [String: Any]
        let outcome = try Outcome.decode(from: object)
        #expect(outcome.outcomeId == 3 && outcome.name == "x" && outcome.price == 1.25)
        try outcome.update(from: ["p": 2])
        #expect(outcome.price == 2)
        let dictionary = try outcome.dictionary()
        #expect(dictionary["i"] as? Int == 3)
        #expect(dictionary["n"] as? String == "x")
        #expect(dictionary["p"] as? Int == 2)
    }

    @Test("Swift values in a dictionary: numbers of every width, nested containers and JSON go in; what JSON cannot hold is an error at its path")
    func swiftValuesInDictionaries() throws {
        let values: [String: Any] = ["v": Float(1.5), "b": UInt64.max, "f": NSNumber(value: true), "a": [1, "a", NSNull(), Decimal(string: "2.50")!, ["x": JSON.string("y")]] as [Any]]
        let holder = try AnyHolder.decode(from: values)
        #expect(try holder.jsonString() == #"{"v":1.5,"a":[1,"a",null,2.5,{"x":"y"}],"b":18446744073709551615,"f":true}"#)
        #expect(message { _ = try AnyHolder.decode(from: ["v": Double.nan]) } == "Cannot write NaN at v: JSON has no representation for it.")
        #expect(message { _ = try AnyHolder.decode(from: ["a": ["x": [1.0, -Double.infinity]] as [String: Any]]) }
            == "Cannot write -infinity at a.x[1]: JSON has no representation for it.")
        #expect(message { _ = try AnyHolder.decode(from: ["a": [Date(timeIntervalSince1970: 0)]]) } == "Expected a JSON value at a[0] but found a value of type Date.")
        // A failed update from a dictionary changes nothing.
        #expect(throws: MappingError.self) { try holder.update(from: ["v": 2.5, "a": [Double.nan]]) }
        #expect(holder.value == 1.5)
    }

    @Test("Booleans from JSONSerialization stay Booleans and numbers stay numbers")
    func foundationBooleans() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"f":true,"i":1,"t":"x"}"#.utf8)) as! [String: Any]
        var strict = DecodingOptions()
        strict.coercion = .strict
        let model = try Zoo.decode(from: object, options: strict)
        #expect(model.flag && model.int == 1)
    }
}

/// Properties for the Swift values a dictionary may hold.
private final class AnyHolder: BaseModel {
    var value = 0.0
    var any: JSON = .null
    var big: UInt64 = 0
    var flag = false
    override class var apiToLocal: [String: String] { ["v": "value", "a": "any", "b": "big", "f": "flag"] }
}
