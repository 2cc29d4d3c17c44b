import BaseModelKit
import Foundation
import Testing

final class FleetVehicle: BaseModel {
    var id = UUID()
    var speed = 0.0
    override class var apiToLocal: [String: String] { ["id": "id", "s": "speed"] }
}

final class Fleet: BaseModel {
    var vehicles: [FleetVehicle] = []
    override class var apiToLocal: [String: String] { ["v": "vehicles"] }
    override class var identities: [String: String] { ["vehicles": "id"] }
    override class var partialCollections: Set<String> { ["vehicles"] }
}

final class TimetableSlot: BaseModel {
    var starts = Date(timeIntervalSince1970: 0)
    var gate = ""
    override class var apiToLocal: [String: String] { ["t": "starts", "g": "gate"] }
    override class var transformers: [String: JSONTransformer] { ["starts": .iso8601] }
}

final class Timetable: BaseModel {
    var slots: [TimetableSlot] = []
    override class var apiToLocal: [String: String] { ["s": "slots"] }
    override class var identities: [String: String] { ["slots": "starts"] }
    override class var partialCollections: Set<String> { ["slots"] }
}

/// Identities held as other values than integers and strings: a `UUID`, which the property writes in
/// upper case and feeds list in lower case, and a `Date` read from ISO 8601 text.
@Suite("Identities of other values")
struct ValueIdentityTests {
    /// A fleet of `count` vehicles, more than a short array holds, so merges go through its index.
    static func fleet(count: Int = 40) throws -> (fleet: Fleet, ids: [UUID]) {
        let ids = (0..<count).map { UUID(uuidString: String(format: "%08X-ABCD-4000-8000-%012X", $0, $0 * 7))! }
        let vehicles = ids.map { #"{"id":"\#($0.uuidString.lowercased())","s":1}"# }
        return (try Fleet.decode(from: #"{"v":[\#(vehicles.joined(separator: ","))]}"#), ids)
    }

    @Test("a UUID listed in either case merges into its vehicle, found through the index, and a new one is added")
    func uuidInEitherCase() throws {
        let (fleet, ids) = try Self.fleet()
        let before = fleet.vehicles
        let newId = UUID(uuidString: "FFFFFFFF-ABCD-4000-8000-00000000000A")!
        let changes = try fleet.update(from: #"""
            {"v":[{"id":"\#(ids[3].uuidString.lowercased())","s":7},{"id":"\#(ids[35].uuidString)","s":8},
                  {"id":"\#(newId.uuidString.lowercased())","s":9}]}
            """#)
        #expect(fleet.vehicles.count == 41)
        #expect(zip(before, fleet.vehicles).allSatisfy { $0 === $1 })
        #expect(fleet.vehicles[3].speed == 7 && fleet.vehicles[35].speed == 8 && fleet.vehicles[40].id == newId && fleet.vehicles[40].speed == 9)
        #expect(fleet.vehicles.enumerated().allSatisfy { [3, 35, 40].contains($0.offset) || $0.element.speed == 1 })
        #expect(changes.map(\.property) == ["speed", "speed", "vehicles"])
        // The identity as the property writes it, whatever case listed it.
        #expect(try fleet.vehicles[3].dictionary()["id"] as? String == ids[3].uuidString)
    }

    @Test("one UUID listed twice, in two cases, is refused, and the fleet is left as it was")
    func uuidListedTwice() throws {
        let (fleet, ids) = try Self.fleet()
        let written = try fleet.jsonString()
        #expect(throws: MappingError.self) {
            try fleet.update(from: #"{"v":[{"id":"\#(ids[5].uuidString.lowercased())","s":2},{"id":"\#(ids[5].uuidString)","s":3}]}"#)
        }
        #expect(try fleet.jsonString() == written)
    }

    @Test("a Date identity matches the same instant written with another offset")
    func dateInAnotherOffset() throws {
        let timetable = try Timetable.decode(from: #"{"s":[{"t":"2026-12-01T08:00:00Z","g":"A"},{"t":"2026-12-01T09:00:00Z","g":"B"}]}"#)
        try timetable.update(from: #"{"s":[{"t":"2026-12-01T10:00:00+01:00","g":"C"}]}"#)
        #expect(timetable.slots.map(\.gate) == ["A", "C"])
    }

    @Test("fleets updated on eight threads at once read their UUID identities without getting in each other's way")
    func uuidIdentitiesOnEightThreads() throws {
        // One iteration a thread: its fleet takes 200 updates.
        let failures = failuresOnEightThreads(iterations: 1) { thread, _ in
            let (fleet, ids) = try Self.fleet()
            for turn in 0..<200 {
                let listed = (0..<3).map { (thread * 5 + turn * 7 + $0 * 13) % ids.count }
                let body = listed.map { #"{"id":"\#(ids[$0].uuidString.lowercased())","s":\#(turn)}"# }
                try fleet.update(from: #"{"v":[\#(body.joined(separator: ","))]}"#)
                guard fleet.vehicles.count == ids.count, listed.allSatisfy({ fleet.vehicles[$0].speed == Double(turn) }) else {
                    return "turn \(turn): \(listed) not merged in place"
                }
            }
            return nil
        }
        #expect(failures.isEmpty)
    }
}
