#if canImport(Observation)
import BaseModelKit
import Foundation
import Observation
import Testing

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class ObservedOutcome: BaseModel {
    var name = ""
    var price = 0.0
    var suspended: Bool?
    @ObservationIgnored var feedId = 0
    override class var apiToLocal: [String: String] { ["n": "name", "p": "price", "s": "suspended", "i": "feedId"] }
    override class var observedKeyPaths: [String: AnyKeyPath] {
        ["name": \ObservedOutcome.name, "price": \ObservedOutcome.price, "suspended": \ObservedOutcome.suspended]
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class ObservedMarket: BaseModel {
    var title = ""
    var outcomes: [String: ObservedOutcome] = [:]
    override class var apiToLocal: [String: String] { ["t": "title", "o": "outcomes"] }
    override class var observedKeyPaths: [String: AnyKeyPath] { ["title": \ObservedMarket.title, "outcomes": \ObservedMarket.outcomes] }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class ObservedWithoutKeyPaths: BaseModel {
    var price = 0.0
    var name = ""
    override class var apiToLocal: [String: String] { ["p": "price", "n": "name"] }
    override class var observedKeyPaths: [String: AnyKeyPath] { ["name": \ObservedOutcome.name] }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class ObservedPartly: BaseModel {
    var price = 0.0
    var name = ""
    override class var apiToLocal: [String: String] { ["p": "price", "n": "name"] }
    override class var observedKeyPaths: [String: AnyKeyPath] { ["price": \ObservedPartly.price] }
}

/// Counts the `onChange` calls of one tracking of one property.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
final class ChangeCounter: @unchecked Sendable {
    private(set) var count = 0

    /// Tracks `read` once, as SwiftUI tracks what a view's body reads.
    func track(_ read: @escaping () -> Void) {
        withObservationTracking(read) { [self] in count += 1 }
    }
}

/// Each test runs where the Observation module does (everywhere on Linux; macOS 14 and later).
@Suite("@Observable models")
struct ObservationTests {
    @Test("an @Observable class maps its properties by their declared names, both ways")
    func mapping() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let outcome = try ObservedOutcome.decode(from: #"{"n":"Home","p":1.5,"i":7}"#)
        #expect(outcome.name == "Home" && outcome.price == 1.5 && outcome.suspended == nil && outcome.feedId == 7)
        #expect(try outcome.jsonString() == #"{"n":"Home","p":1.5,"i":7}"#)
        #expect(try outcome.copy().price == 1.5)
    }

    @Test("observers hear of exactly the properties an update changed")
    func exactlyTheChangedProperties() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let outcome = try ObservedOutcome.decode(from: #"{"n":"Home","p":1.5}"#)
        let (price, name, suspended) = (ChangeCounter(), ChangeCounter(), ChangeCounter())
        price.track { _ = outcome.price }
        name.track { _ = outcome.name }
        suspended.track { _ = outcome.suspended }
        try outcome.update(from: #"{"p":1.8,"n":"Home"}"#)  // the name is written with an equal value
        #expect(price.count == 1 && name.count == 0 && suspended.count == 0)
        // Tracking is one-shot, as in SwiftUI: track again to hear of the next change.
        price.track { _ = outcome.price }
        try outcome.update(from: #"{"s":true}"#)
        #expect(price.count == 1 && suspended.count == 1)
    }

    @Test("a failed update tells no one; its rollback leaves the values as they were")
    func failedUpdate() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let outcome = try ObservedOutcome.decode(from: #"{"n":"Home","p":1.5}"#)
        let (price, name) = (ChangeCounter(), ChangeCounter())
        price.track { _ = outcome.price }
        name.track { _ = outcome.name }
        #expect(throws: MappingError.self) { try outcome.update(from: #"{"n":"Away","p":"x"}"#) }
        #expect(price.count == 0 && name.count == 0 && outcome.name == "Home")
    }

    @Test("models merged in place deep in the graph tell their own observers; a dictionary key added tells the parent's")
    func nested() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let market = try ObservedMarket.decode(from: #"{"t":"1X2","o":{"h":{"n":"Home","p":1.5},"a":{"n":"Away","p":4}}}"#)
        let home = try #require(market.outcomes["h"])
        let (homePrice, awayPrice, outcomes, title) = (ChangeCounter(), ChangeCounter(), ChangeCounter(), ChangeCounter())
        homePrice.track { _ = home.price }
        awayPrice.track { _ = market.outcomes["a"]?.price }
        outcomes.track { _ = market.outcomes }
        title.track { _ = market.title }
        try market.update(from: #"{"o":{"h":{"p":1.4}}}"#)
        #expect(homePrice.count == 1 && awayPrice.count == 0 && outcomes.count == 0 && title.count == 0)
        try market.update(from: #"{"o":{"d":{"n":"Draw","p":3}}}"#)
        #expect(outcomes.count == 1 && title.count == 0)
    }

    @Test("a key path of another class or type is a schema error")
    func wrongKeyPaths() {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        #expect {
            try ObservedWithoutKeyPaths.decode(from: #"{"p":1}"#)
        } throws: { error in
            "\(error)".contains("observedKeyPaths has a key path from `ObservedOutcome` to `String` for `name`")
        }
    }

    @Test("a property without a key path is decoded and updated, its observers are not told, and validateMappings says so")
    func missingKeyPaths() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let model = try ObservedPartly.decode(from: #"{"p":1,"n":"a"}"#)
        let (price, name) = (ChangeCounter(), ChangeCounter())
        price.track { _ = model.price }
        name.track { _ = model.name }
        let changes = try model.update(from: #"{"p":2,"n":"b"}"#)
        #expect(changes.map(\.property) == ["price", "name"] && model.name == "b")
        #expect(price.count == 1 && name.count == 0)
        #expect {
            try ObservedPartly.validateMappings()
        } throws: { error in
            "\(error)".contains("`name` is an @Observable property without a key path: its observers are not told of updates. Name it in observedKeyPaths (`[\"name\": \\ObservedPartly.name]`).")
        }
        #expect(throws: Never.self) { try ObservedOutcome.validateMappings() }
    }
}
#endif
