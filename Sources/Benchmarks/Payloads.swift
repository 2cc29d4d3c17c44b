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

    /// A deterministic sportsbook feed with minified keys: events → markets → outcomes, with dates,
    /// enums, optionals and nulls, about `targetBytes` long.
    static func oddsFeed(targetBytes: Int = 5_000_000) -> Payload {
        var generator = SplitMix(seed: 2026)
        var events: [JSON] = []
        var size = 0
        var eventNumber = 0
        let sports = ["football", "tennis", "basketball", "ice_hockey"]
        let statuses = ["open", "suspended", "closed"]
        while size < targetBytes {
            eventNumber += 1
            var markets: [JSON] = []
            for marketNumber in 0..<Int(generator.next() % 6 + 3) {
                var outcomes: [JSON] = []
                for outcomeNumber in 0..<Int(generator.next() % 3 + 2) {
                    let price = 1.01 + Double(generator.next() % 2000) / 100
                    outcomes.append([
                        "i": .number(JSONNumber(eventNumber * 1000 + marketNumber * 10 + outcomeNumber)),
                        "n": .string("Outcome \(outcomeNumber) of market \(marketNumber)"),
                        "p": .number(JSONNumber(price)),
                        "s": .string(statuses[Int(generator.next() % 3)]),
                        "l": generator.next() % 4 == 0 ? .null : .number(JSONNumber(Int(generator.next() % 50_000))),
                    ])
                }
                markets.append([
                    "i": .string("m-\(eventNumber)-\(marketNumber)"),
                    "n": .string(["Match result", "Total goals", "Handicap", "Both teams to score"][marketNumber % 4]),
                    "s": .string(statuses[Int(generator.next() % 3)]),
                    "h": generator.next() % 3 == 0 ? .null : .number(JSONNumber(Double(Int(generator.next() % 9)) - 4.5)),
                    "o": .array(outcomes),
                ])
            }
            var event: JSONObject = [
                "i": .number(JSONNumber(eventNumber)),
                "n": .string("Team \(generator.next() % 500) v Team \(generator.next() % 500)"),
                "sp": .string(sports[Int(generator.next() % 4)]),
                "st": .number(JSONNumber(1_790_000_000 + Int(generator.next() % 10_000_000))),
                "l": .bool(generator.next() % 5 == 0),
                "m": .array(markets),
            ]
            if generator.next() % 2 == 0 {
                event["c"] = .string("Competition \(generator.next() % 40)")
            }
            let eventJSON = JSON.object(event)
            size += eventJSON.description.utf8.count + 1
            events.append(eventJSON)
        }
        let document: JSON = ["v": 3, "ts": 1_790_000_000, "e": .array(events)]
        return Payload(name: "odds feed (generated)", data: try! document.serializedData())
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
