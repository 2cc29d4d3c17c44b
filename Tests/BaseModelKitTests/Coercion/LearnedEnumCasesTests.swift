// @testable: these tests exercise internal runtime-level and byte-level code directly; proving it
// sound is the point of the suite.
@testable import BaseModelKit
import Foundation
import Testing

@Suite("Learned enum cases")
struct LearnedEnumCaseTests {
    @Test("string raw-value enums decode the same the first time and every time after")
    func repeated() throws {
        let statuses = ["open", "suspended", "closed", "closed", "open", "suspended", "open"]
        let text = "[" + statuses.map { #"{"i":"m","s":"\#($0)"}"# }.joined(separator: ",") + #",{"i":"m","s":"\u006fpen"}]"#
        for _ in 0..<3 {
            let markets = try Market.decodeArray(from: text)
            #expect(markets.map(\.status.rawValue) == statuses + ["open"])
        }
        // A raw value never learned is still an error with its message, before and after learning.
        #expect(message { _ = try Market.decode(from: #"{"s":"gone"}"#) } == #"Expected Status at s (Market.status) but found a string "gone"."#)
        #expect(message { _ = try Market.decode(from: #"{"s":"ope"}"#) } == #"Expected Status at s (Market.status) but found a string "ope"."#)
        #expect(message { _ = try Market.decode(from: #"{"s":"openn"}"#) } == #"Expected Status at s (Market.status) but found a string "openn"."#)
        #expect(try Market.decode(from: #"{"s":"closed"}"#).status == .closed)
    }
}
