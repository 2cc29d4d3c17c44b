import BaseModelKit
import Foundation

/// A named JSON document used as benchmark input.
struct Payload {
    let name: String
    let data: Data
}

enum Payloads {
    /// The real-world corpora in `../shared/corpus/` that exist, looked up from the working directory
    /// and from the package root.
    static func corpora(_ names: [String]) -> [Payload] {
        let folders = [
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent().appendingPathComponent("shared/corpus"),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/corpus"),
        ]
        return names.compactMap { name in
            for folder in folders {
                if let data = try? Data(contentsOf: folder.appendingPathComponent(name)) {
                    return Payload(name: name, data: data)
                }
            }
            return nil
        }
    }

    /// A deterministic sportsbook feed with minified keys that looks like a real one: events →
    /// markets → outcomes with 64-bit ids, short names ("1X2", "Home", "Over"), prices with two
    /// decimals, start times in epoch milliseconds, enums, optionals and nulls; about `targetBytes`
    /// long. (Long strings are twitter.json's part.)
    static func oddsFeed(targetBytes: Int = 5_000_000) -> Payload {
        var generator = SplitMix(seed: 2026)
        var text = ""
        text.reserveCapacity(targetBytes + 4096)
        text += #"{"v":3,"ts":1790000000000,"e":["#
        let sports = ["football", "tennis", "basketball", "ice_hockey"]
        let statuses = ["open", "suspended", "closed"]
        let competitions = ["EPL", "La Liga", "Serie A", "ATP Paris", "NBA", "NHL", "Ligue 1", "MLS"]
        let markets: [(name: String, outcomes: [String])] = [
            ("1X2", ["Home", "Draw", "Away"]), ("O/U 2.5", ["Over", "Under"]), ("BTTS", ["Yes", "No"]),
            ("AH -1.5", ["Home", "Away"]), ("DC", ["1X", "12", "X2"]), ("HT 1X2", ["Home", "Draw", "Away"]),
        ]
        var eventNumber = 0
        while text.utf8.count < targetBytes {
            if eventNumber > 0 { text += "," }
            eventNumber += 1
            let eventId = 4_200_000_000 + eventNumber * 7
            text += #"{"i":\#(eventId),"n":"Team \#(generator.next() % 500) v Team \#(generator.next() % 500)","sp":"\#(sports[Int(generator.next() % 4)])","st":\#(1_790_000_000_000 + Int(generator.next() % 10_000_000) * 1000),"l":\#(generator.next() % 5 == 0)"#
            if generator.next() % 2 == 0 {
                text += #","c":"\#(competitions[Int(generator.next() % 8)])""#
            }
            text += #","m":["#
            for marketNumber in 0..<Int(generator.next() % 5 + 4) {
                let market = markets[marketNumber % markets.count]
                if marketNumber > 0 { text += "," }
                text += #"{"i":"\#(eventId)-\#(marketNumber)","n":"\#(market.name)","s":"\#(statuses[Int(generator.next() % 3)])","h":"#
                text += generator.next() % 3 == 0 ? "null" : price(cents: Int(generator.next() % 9) * 100 - 450)
                text += #","o":["#
                for (outcomeNumber, name) in market.outcomes.enumerated() {
                    if outcomeNumber > 0 { text += "," }
                    text += #"{"i":\#(eventId * 100 + marketNumber * 10 + outcomeNumber),"n":"\#(name)","p":\#(price(cents: 101 + Int(generator.next() % 2000))),"s":"\#(statuses[Int(generator.next() % 3)])","l":"#
                    text += generator.next() % 4 == 0 ? "null" : String(generator.next() % 50_000)
                    text += "}"
                }
                text += "]}"
            }
            text += "]}"
        }
        text += "]}"
        return Payload(name: "odds feed (generated)", data: Data(text.utf8))
    }

    /// A price of `cents` hundredths as JSON writes it: the shortest text that reads back as the same
    /// double (`1.5`, `2.05`, `-4.5`, `3`).
    static func price(cents: Int) -> String {
        JSON.number(JSONNumber(Double(cents) / 100)).description
    }
}

/// SplitMix64: a tiny deterministic generator so every run builds the same payloads.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
