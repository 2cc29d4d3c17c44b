// @testable: `DecodingSession` and its keeping for the next update are internal; when a session may
// be handed to another update is what these tests pin down.
@testable import BaseModelKit
import Foundation
import Testing

private final class ReusedTicket: BaseModel {
    var price = 0.0
    var legs: [ReusedTicket] = []
    override class var apiToLocal: [String: String] { ["p": "price", "l": "legs"] }
}

@Suite("Sessions kept for the next update")
struct SessionReuseTests {
    private var quiet: DecodingOptions {
        var options = DecodingOptions()
        options.recordsChanges = false
        return options
    }

    @Test("an update's session, once nothing holds it, is handed to a later update on the same thread")
    func kept() {
        // Other tests run updates at the same time and may take the kept session first: one of many
        // tries is enough to show that a session is kept.
        var handedOut = false
        for _ in 0..<200 where !handedOut {
            let session = ModelDecoding.updateSession(options: quiet, reports: false)
            let identity = ObjectIdentifier(session)
            DecodingSession.recycle(consume session)
            handedOut = DecodingSession.spareForUpdate(options: quiet, reports: false).map(ObjectIdentifier.init) == identity
        }
        #expect(handedOut)
    }

    @Test("a session something else still holds, or with a report but no change recorder, is never handed out")
    func notKept() {
        let held = ModelDecoding.updateSession(options: quiet, reports: false)
        let holder = held
        DecodingSession.recycle(held)
        let others = [
            ModelDecoding.updateSession(options: quiet, reports: true),
        ]
        let identities = others.map(ObjectIdentifier.init)
        for session in others { DecodingSession.recycle(session) }
        for _ in 0..<100 {
            for spare in [DecodingSession.spareForUpdate(options: quiet, reports: false), DecodingSession.spareForUpdate(options: DecodingOptions(), reports: false)] {
                #expect(spare !== holder)
                #expect(!identities.contains { $0 == spare.map(ObjectIdentifier.init) })
            }
        }
        // A quiet update that asks for a report never gets a kept session: it has no recorder.
        #expect(DecodingSession.spareForUpdate(options: quiet, reports: true) == nil)
        #expect(holder.undoLog != nil)
    }

    @Test("a session that recorded changes is handed out again with nothing recorded: no change, no report entry, no path")
    func keptRecording() throws {
        let ticket = try ReusedTicket.decode(from: #"{"p":1,"l":[{"p":2}]}"#)
        var handedOut = false
        for round in 0..<200 where !handedOut {
            let session = ModelDecoding.updateSession(options: DecodingOptions(), reports: false)
            // Changes and report entries recorded, and a path left open, as a designated path leaves it.
            session.changes?.record(old: .number(1), new: .number(2), object: ticket, at: ChangeSite(property: "price", place: .given(MappingPath([.key("p")]), identities: [])))
            session.noteCoercion(of: .string("1"), to: "Double")
            session.enter(.key("l"))
            session.enter(.index(0))
            session.noteIdentity(.int(7))
            _ = round
            let identity = ObjectIdentifier(session)
            DecodingSession.recycle(consume session)
            guard let spare = DecodingSession.spareForUpdate(options: DecodingOptions(), reports: false) else { continue }
            guard ObjectIdentifier(spare) == identity else { continue }
            handedOut = true
            #expect(spare.changes?.recorded.isEmpty == true)
            #expect(spare.recorder?.entries.isEmpty == true)
            let steps = spare.recorder?.pinPath(tail: nil, identity: nil)
            #expect(steps?.identifiedSteps.isEmpty == true)
        }
        #expect(handedOut)
    }

    @Test("consecutive updates with change sets each report their own changes")
    func ownChanges() throws {
        let ticket = try ReusedTicket.decode(from: #"{"p":0,"l":[{"p":0}]}"#)
        for round in 1...300 {
            let changes = try ticket.update(from: #"{"p":\#(round),"l":[{"p":\#(round * 2)}]}"#)
            // The array has no identities: it is replaced whole.
            #expect(changes.map(\.oldValue) == [.number(JSONNumber(round - 1)), try JSON(parsing: #"[{"p":\#((round - 1) * 2),"l":[]}]"#)], "round \(round)")
            #expect(changes.map(\.newValue) == [.number(JSONNumber(round)), try JSON(parsing: #"[{"p":\#(round * 2),"l":[]}]"#)], "round \(round)")
            #expect(changes.map(\.path.description) == ["p", "l"], "round \(round)")
        }
    }

    @Test("change sets kept while later updates run keep their own paths and values")
    func keptChangeSets() throws {
        // The changes of an update share one list of path steps, which the next update empties for
        // its own only when no change set holds it.
        let ticket = try ReusedTicket.decode(from: #"{"p":0,"l":[{"p":0}]}"#)
        var kept: [(round: Int, changes: ChangeSet)] = []
        for round in 1...60 {
            // Every third change set is let go at once; the others are kept.
            let body = round.isMultiple(of: 2) ? #"{"p":\#(round)}"# : #"{"l":[{"p":\#(round)}],"p":\#(round)}"#
            let changes = try ticket.update(from: body)
            if !round.isMultiple(of: 3) { kept.append((round, changes)) }
        }
        for (round, changes) in kept {
            let expected = round.isMultiple(of: 2) ? ["p"] : ["l", "p"]
            #expect(changes.map(\.path.description) == expected, "round \(round)")
            #expect(changes.last?.newValue == .number(JSONNumber(round)), "round \(round)")
            #expect(changes.last?.description == "price at p: \(round - 1) → \(round)", "round \(round)")
        }
    }

    @Test("a session kept on one thread is not handed to an update on another")
    func otherThread() async {
        let session = ModelDecoding.updateSession(options: quiet, reports: false)
        let identity = ObjectIdentifier(session)
        DecodingSession.recycle(consume session)
        let quiet = self.quiet
        let handedElsewhere = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: DecodingSession.spareForUpdate(options: quiet, reports: false).map(ObjectIdentifier.init) == identity)
            }.start()
        }
        #expect(!handedElsewhere)
    }

    @Test("quiet updates, failed ones among them, give back every claim and leave nothing in the next update's log")
    func claimsGivenBack() async throws {
        let ticket = try ReusedTicket.decode(from: #"{"p":1,"l":[{"p":2},{"p":3}]}"#)
        for round in 0..<200 {
            if round.isMultiple(of: 3) {
                #expect(throws: MappingError.self) { try ticket.update(from: #"{"p":9,"l":[{"p":8},{"p":"bad"}]}"#, options: quiet) }
            } else {
                try ticket.update(from: #"{"p":\#(round),"l":[{"p":\#(round + 1)},{"p":\#(round + 2)}]}"#, options: quiet)
            }
            // Claims given back: another thread may update the same objects.
            let box = UncheckedBox(ticket)
            let other = Task.detached { [quiet] in _ = try box.value.update(from: #"{"l":[{"p":5},{"p":6}]}"#, options: quiet) }
            try await other.value
            #expect(ticket.legs.map(\.price) == [5, 6])
        }
        #expect(try ticket.jsonString() == #"{"p":199,"l":[{"p":5,"l":[]},{"p":6,"l":[]}]}"#)
    }
}
