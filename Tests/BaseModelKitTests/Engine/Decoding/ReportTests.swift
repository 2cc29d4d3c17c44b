import BaseModelKit
import Foundation
import Testing

@Suite("Decoding report and unknown keys")
struct MappingReportTests {
    @Test("the report lists coercions, ignored nulls, unknown keys and skipped elements with their paths")
    func entries() throws {
        let report = MappingReport()
        let basket = try Basket.decode(from: #"{"i":[{"i":"7","p":null,"q":1},{"i":[]}],"c":["1"],"extra":{"deep":1}}"#, report: report)
        #expect(basket.items.map(\.outcomeId) == [7])
        #expect(report.entries.map(\.description) == [
            #"Coerced a string "7" to Int at i[0].i."#,
            "Ignored null at i[0].p.",
            "Skipped the unknown key at i[0].q.",
            "Skipped the element at i[1]: Expected Int at i[1].i (Outcome.outcomeId) but found an array.",
            #"Coerced a string "1" to Int at c[0]."#,
            "Skipped the unknown key at extra.",
        ])
        #expect(report.coercions.count == 2 && report.ignoredNulls.count == 1 && report.unknownKeys.count == 2 && report.skippedElements.count == 1)
        if case .elementSkipped(let error) = report.skippedElements[0].kind {
            #expect(error.path.description == "i[1].i")
        } else {
            Issue.record("not a skipped element")
        }
    }

    @Test("reports cover nested key paths, Booleans, strings from numbers and dates, and collect across calls")
    func moreEntries() throws {
        let report = MappingReport()
        let score = try Score.decode(from: #"{"i":"3","s":{"h":1,"zz":0,"p":{"n":5}}}"#, report: report)
        #expect(score.matchId == 3 && score.period == "5")
        let zoo = try Zoo.decode(from: #"{"f":"true","dt":"10"}"#, report: report)
        #expect(zoo.flag && zoo.date == Date(timeIntervalSince1970: 10))
        #expect(report.entries.map(\.description) == [
            #"Coerced a string "3" to Int at i."#,
            "Skipped the unknown key at s.zz.",
            "Coerced the number 5 to String at s.p.n.",
            #"Coerced a string "true" to Bool at f."#,
            #"Coerced a string "10" to Date (seconds since 1970) at dt."#,
        ])
    }

    @Test("an update that fails adds nothing to the report; one that succeeds adds its entries")
    func updateReport() throws {
        let report = MappingReport()
        let score = try Score.decode(from: #"{"i":1}"#)
        #expect(throws: MappingError.self) { try score.update(from: #"{"i":"2","s":{"h":"x"}}"#, report: report) }
        #expect(report.entries.isEmpty)
        #expect(score.matchId == 1)
        try score.update(from: Data(#"{"i":"2"}"#.utf8), report: report)
        #expect(report.entries.map(\.description) == [#"Coerced a string "2" to Int at i."#])
    }

    @Test("updates with and without a report, one after the other, each give every step of their paths")
    func updatesAlternatingReports() throws {
        // An update that records changes but keeps no report steps into no scalar member; the next
        // update on the thread, with a report, must not reuse its session.
        let score = try Score.decode(from: #"{"i":0,"s":{"h":1,"p":{"n":"0"}}}"#)
        for round in 1...6 {
            if round.isMultiple(of: 2) {
                let report = MappingReport()
                let changes = try score.update(from: #"{"i":"\#(round)","s":{"p":{"n":\#(round)}}}"#, report: report)
                #expect(report.entries.map(\.description) == [
                    #"Coerced a string "\#(round)" to Int at i."#,
                    "Coerced the number \(round) to String at s.p.n.",
                ])
                #expect(changes.map(\.path.description) == ["i", "s.p.n"])
            } else {
                let changes = try score.update(from: #"{"i":\#(round),"s":{"p":{"n":"\#(round)"}}}"#)
                #expect(changes.map(\.path.description) == ["i", "s.p.n"])
            }
        }
    }

    @Test("unknownKeys = .reject makes any unmapped key an error with its path")
    func reject() throws {
        var options = DecodingOptions()
        options.unknownKeys = .reject
        #expect(try Score.decode(from: #"{"i":1,"s":{"h":2}}"#, options: options).homeScore == 2)
        #expect(message { _ = try Score.decode(from: #"{"i":1,"j":2}"#, options: options) }
            == "Unexpected key at j (Score): the map does not name it, and DecodingOptions.unknownKeys is .reject.")
        #expect(message { _ = try Score.decode(from: #"{"s":{"h":2,"x":1}}"#, options: options) }
            == "Unexpected key at s.x (Score): the map does not name it, and DecodingOptions.unknownKeys is .reject.")
        #expect(message { _ = try Basket.decode(from: #"{"s":[{"i":1},{"i":2,"zz":0}]}"#, options: options) }
            == "Unexpected key at s[1].zz (Outcome): the map does not name it, and DecodingOptions.unknownKeys is .reject.")
        // In a lossy collection, an element with an unknown key is one that fails to map: left out.
        #expect(try Basket.decode(from: #"{"i":[{"i":1},{"i":2,"zz":0}]}"#, options: options).items.map(\.outcomeId) == [1])
        #expect(message { _ = try Score.decode(from: try JSON(parsing: #"{"q":1}"#).object!, options: options) }
            == "Unexpected key at q (Score): the map does not name it, and DecodingOptions.unknownKeys is .reject.")
        // An update that meets an unknown key changes nothing.
        let score = try Score.decode(from: #"{"i":1}"#)
        #expect(throws: MappingError.self) { try score.update(from: #"{"i":5,"q":1}"#, options: options) }
        #expect(score.matchId == 1)
    }
}
