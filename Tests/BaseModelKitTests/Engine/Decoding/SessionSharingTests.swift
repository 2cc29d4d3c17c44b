// @testable: `DecodingSession` and `decodeSignature` are internal; which decodes share a session
// is what the test pins down.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Shared decoding session")
struct SessionSharingTests {
    @Test("only the defaults decode as defaults; recordsChanges, which is about updates, does not count")
    func defaults() {
        func decodesAlike(_ one: DecodingOptions, _ other: DecodingOptions) -> Bool {
            guard let signature = one.decodeSignature else { return false }
            return signature == other.decodeSignature
        }
        let plain = DecodingSession.forDecoding(options: DecodingOptions(), reports: false)
        #expect(decodesAlike(DecodingOptions(), DecodingOptions()))
        var options = DecodingOptions()
        options.recordsChanges = false
        #expect(decodesAlike(options, DecodingOptions()))
        let changes: [(inout DecodingOptions) -> Void] = [
            { $0.maxDepth = 64 },
            { $0.coercion = .strict },
            { $0.dateStrategy = .millisecondsSince1970 },
            { $0.dateStrategy = .iso8601 },
            { $0.collections = .lossy },
            { $0.unknownKeys = .reject },
            { $0.missingKeys = .errorForNonOptional },
            { $0.unknownEnumCases = .keepDefault },
        ]
        for (index, change) in changes.enumerated() {
            var changed = DecodingOptions()
            change(&changed)
            #expect(!decodesAlike(changed, DecodingOptions()), "change \(index)")
            #expect(!decodesAlike(DecodingOptions(), changed), "change \(index), the other way")
            #expect(decodesAlike(changed, changed), "change \(index), against itself")
            #expect(DecodingSession.forDecoding(options: changed, reports: false) !== plain, "change \(index)")
        }
        // A date format or a custom transformer is never taken for another, not even for itself.
        var formatted = DecodingOptions()
        formatted.dateStrategy = .dateFormat("yyyyMMdd")
        #expect(!decodesAlike(formatted, formatted))
        #expect(DecodingSession.forDecoding(options: formatted, reports: false) !== plain)
        #expect(DecodingSession.forDecoding(options: options, reports: false) === plain)
    }

    @Test("decodes with the defaults and no report share one session; the rest get their own, with their options")
    func sharing() {
        let plain = DecodingSession.forDecoding(options: DecodingOptions(), reports: false)
        #expect(plain === DecodingSession.forDecoding(options: DecodingOptions(), reports: false))
        #expect(plain.undoLog == nil && plain.recorder == nil && !plain.tracksChanges)
        let reporting = DecodingSession.forDecoding(options: DecodingOptions(), reports: true)
        #expect(reporting !== plain && reporting.tracksPaths)
        var strict = DecodingOptions()
        strict.coercion = .strict
        let own = DecodingSession.forDecoding(options: strict, reports: false)
        #expect(own !== plain && !own.isLenient)
    }

    @Test("decodes on many threads at once through the shared session each read their own document")
    func concurrentDecodes() async throws {
        let results = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let model = try NumberBox.decode(from: #"{"v":\#(index),"w":"\#(index)"}"#)
                    return (index, model.value + (Int(model.text) ?? -1))
                }
            }
            var collected: [(Int, Int)] = []
            for try await result in group { collected.append(result) }
            return collected
        }
        #expect(results.count == 64)
        for (index, sum) in results { #expect(sum == 2 * index) }
    }
}

private final class NumberBox: BaseModel, @unchecked Sendable {
    var value = 0
    var text = ""
    override class var apiToLocal: [String: String] { ["v": "value", "w": "text"] }
}
