import BaseModelKit
import Foundation
import Testing

struct Position: Codable, Equatable {
    var x: Int
    var y: Int
    var label: String?
}

enum Payout: Codable, Equatable {
    case fixed(Decimal)
    case each(stake: Double, legs: Int)
    case none
}

final class Arena: Codable, Equatable {
    let name: String
    let opened: Date
    init(name: String, opened: Date) {
        self.name = name
        self.opened = opened
    }
    static func == (a: Arena, b: Arena) -> Bool { a.name == b.name && a.opened == b.opened }
}

/// A model whose properties are `Codable` values of the app's own, mapped with no transformer.
final class SeatTicket: BaseModel {
    var place = Position(x: 0, y: 0)
    var route: [Position] = []
    var payout: Payout = .none
    var venue: Arena?
    var byGate: [String: Position] = [:]
    override class var apiToLocal: [String: String] { ["p": "place", "r": "route", "po": "payout", "v": "venue", "g": "byGate"] }
    override class var lossyCollections: Set<String> { ["route"] }
}

@Suite("Codable values inside models")
struct CodableValueTests {
    @Test("structs, enums with associated values and Codable classes map both ways without a transformer")
    func roundTrip() throws {
        let text = #"{"p":{"x":3,"y":4,"label":"A1"},"r":[{"x":1,"y":2}],"po":{"each":{"stake":2.5,"legs":3}},"v":{"name":"Dome","opened":1700000000},"g":{"n":{"x":0,"y":9}}}"#
        let ticket = try SeatTicket.decode(from: text)
        #expect(ticket.place == Position(x: 3, y: 4, label: "A1"))
        #expect(ticket.route == [Position(x: 1, y: 2)])
        #expect(ticket.payout == .each(stake: 2.5, legs: 3))
        #expect(ticket.venue == Arena(name: "Dome", opened: Date(timeIntervalSince1970: 1_700_000_000)))
        #expect(ticket.byGate["n"]?.y == 9)
        // Written back through the values' own encode(to:), dates by the call's date strategy.
        #expect(try ticket.jsonString() == text)
        try ticket.update(from: #"{"po":{"fixed":{"_0":12.5}}}"#)
        #expect(ticket.payout == .fixed(Decimal(string: "12.5")!))
    }

    @Test("errors keep their path down into the value")
    func errors() {
        #expect(message { _ = try SeatTicket.decode(from: #"{"p":{"x":"three","y":4}}"#) }
            == #"Expected Int at p.x (SeatTicket.place) but found a string "three"."#)
        #expect(message { _ = try SeatTicket.decode(from: #"{"p":{"x":3}}"#) }
            == #"Found no key "y" at p (SeatTicket.place)."#)
        #expect(message { _ = try SeatTicket.decode(from: #"{"g":{"n":{"x":1,"y":[]}}}"#) }
            == #"Expected Int at g["n"].y (SeatTicket.byGate) but found an array."#)
        #expect(message { _ = try SeatTicket.decode(from: #"{"p":[1,2]}"#) }
            == "Expected an object at p (SeatTicket.place) but found an array.")
    }

    @Test("a lossy collection of Codable values leaves out the bad ones")
    func lossy() throws {
        let ticket = try SeatTicket.decode(from: #"{"r":[{"x":1,"y":2},{"x":"?"},{"x":5,"y":6}]}"#)
        #expect(ticket.route == [Position(x: 1, y: 2), Position(x: 5, y: 6)])
    }

    @Test("an update that fails inside a Codable value changes nothing")
    func atomic() throws {
        let ticket = try SeatTicket.decode(from: #"{"p":{"x":1,"y":1},"po":"none"}"#.replacingOccurrences(of: #""none""#, with: #"{"none":{}}"#))
        #expect(throws: MappingError.self) { try ticket.update(from: #"{"p":{"x":2,"y":2},"v":{"name":1}}"#) }
        #expect(ticket.place == Position(x: 1, y: 1) && ticket.venue == nil)
    }
}
