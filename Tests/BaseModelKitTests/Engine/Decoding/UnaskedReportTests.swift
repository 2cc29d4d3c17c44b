// @testable: a session's recorder is internal. What goes into a report nobody asked for is work thrown
// away, at every coerced value and unknown key of every update that records changes.
@testable import BaseModelKit
import Testing

@Suite("Report entries only for a report asked for")
struct UnaskedReportTests {
    @Test("an update that records changes keeps a recorder for its paths, but its report entries only when a report was asked for")
    func entriesOnlyWhenAsked() {
        for asks in [false, true] {
            let session = ModelDecoding.updateSession(options: DecodingOptions(), reports: asks)
            #expect(session.tracksPaths && session.recorder != nil)
            session.noteCoercion(of: .string("1"), to: "Int")
            session.noteIgnoredNull()
            UnknownEnumCase(found: "x", type: "Side").note(in: session)
            #expect(session.dropsFailedElements(lossy: true, after: MappingError(.typeMismatch(expected: "Int", found: "a string"))))
            #expect(session.watchesUnknownKeys == asks)
            #expect(session.recorder?.entries.count == (asks ? 4 : 0))
        }
    }
}
