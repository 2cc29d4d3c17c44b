import BaseModelKit
import Foundation

/// `--scaling`: inputs that grow in one place — keys, elements, removals, escapes, added keys, bytes
/// in small chunks — each timed at n and at 8n, after a warm-up of each. A cost in proportion to the
/// input takes about 8× as long at 8n (up to 16× as hashing and caches grow); one that grows with n²
/// takes about 64×, and the line is marked. Times are medians of three.
enum ScalingCheck {
    /// One input of size n, made ready, and the work to time on it.
    private struct Case {
        let name: String
        let n: Int
        let make: (Int) throws -> () async throws -> Void
    }

    static func run(wantsJSON: Bool) async throws {
        var rows: [(name: String, n: Int, small: Double, large: Double)] = []
        for scenario in cases {
            let small = try scenario.make(scenario.n)
            let large = try scenario.make(scenario.n * 8)
            rows.append((scenario.name, scenario.n, try await median(of: small), try await median(of: large)))
        }
        if wantsJSON {
            let entries = rows.map { #"{"input":"\#($0.name)","n":\#($0.n),"msAtN":\#($0.small),"msAt8N":\#($0.large)}"# }
            print("[" + entries.joined(separator: ",") + "]")
            return
        }
        print("input".padding(toLength: 58, withPad: " ", startingAt: 0) + "       n    ms at n   ms at 8n   ratio")
        for row in rows {
            let ratio = row.large / max(row.small, 0.001)
            let line = row.name.padding(toLength: 58, withPad: " ", startingAt: 0)
                + String(format: " %7d %10.2f %10.2f %7.1f", row.n, row.small, row.large, ratio)
            print(line + (ratio > 24 ? "  <- grows faster than n" : ""))
        }
    }

    /// The median of three timed runs of `work`, after one untimed, in milliseconds.
    private static func median(of work: () async throws -> Void) async throws -> Double {
        try await work()
        var times: [Double] = []
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            try await work()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return times.sorted()[1]
    }

    private static func leaves(_ n: Int, value: String = "1.5") -> String {
        "[" + (0..<n).map { #"{"i":\#($0),"v":\#(value)}"# }.joined(separator: ",") + "]"
    }

    private static func keys(_ n: Int) -> String {
        (0..<n).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
    }

    private static var cases: [Case] { [
        Case(name: "parse an object of n keys", n: 20_000) { n in
            let text = "{" + keys(n) + "}"
            return { _ = try JSON(parsing: text) }
        },
        Case(name: "decode [String: Int] of n keys", n: 20_000) { n in
            let text = #"{"n":{"# + keys(n) + "}}"
            return { _ = try ScaleHolder.decode(from: text) }
        },
        Case(name: "decode a string of n escapes", n: 100_000) { n in
            let text = #"{"t":""# + String(repeating: #"\u00e9\n"#, count: n) + #""}"#
            return { _ = try ScaleHolder.decode(from: text) }
        },
        Case(name: "keep n unknown keys, and write them", n: 20_000) { n in
            let text = "{" + keys(n) + "}"
            return { _ = try ScaleKeeper.decode(from: text).jsonData() }
        },
        Case(name: "a lossy array of n bad elements, reported", n: 20_000) { n in
            let text = #"{"a":["# + Array(repeating: #""x""#, count: n).joined(separator: ",") + "]}"
            return { _ = try ScaleHolder.decode(from: text, report: MappingReport()) }
        },
        Case(name: "write and read a Codable value of n elements", n: 100_000) { n in
            let holder = ScaleHolder()
            holder.codable = ScaleCodable(values: Array(0..<n))
            return { _ = try ScaleHolder.decode(from: try holder.jsonData()) }
        },
        Case(name: "update a list by identity, n elements changed", n: 5_000) { n in
            let (before, after) = (#"{"l":"# + leaves(n) + "}", #"{"l":"# + leaves(n, value: "2.5") + "}")
            let holder = try ScaleHolder.decode(from: before)
            return {
                try holder.update(from: after)
                try holder.update(from: before)
            }
        },
        Case(name: "a partial collection: n added in one delta", n: 5_000) { n in
            let delta = #"{"l":"# + leaves(n) + "}"
            return { try ScalePartial.decode(from: "{}").update(from: delta) }
        },
        Case(name: "a partial collection: n removed in one delta", n: 5_000) { n in
            let full = #"{"l":"# + leaves(n) + "}"
            let removals = #"{"l":["# + (0..<n).map { #"{"i":\#($0),"$remove":true}"# }.joined(separator: ",") + "]}"
            return { try ScalePartial.decode(from: full).update(from: removals) }
        },
        Case(name: "a merged dictionary: n keys changed", n: 5_000) { n in
            let before = #"{"lv":{"# + (0..<n).map { #""\#($0).5":1"# }.joined(separator: ",") + "}}"
            let after = before.replacingOccurrences(of: ":1", with: ":2")
            let holder = try ScaleHolder.decode(from: before)
            return {
                try holder.update(from: after)
                try holder.update(from: before)
            }
        },
        Case(name: "a change set of n changes, as a PATCH body", n: 5_000) { n in
            let (before, after) = (#"{"l":"# + leaves(n) + "}", #"{"l":"# + leaves(n, value: "2.5") + "}")
            return { _ = try ScaleHolder.decode(from: before).update(from: after).jsonData() }
        },
        Case(name: "changes(since:) after n elements reversed", n: 5_000) { n in
            let holder = try ScaleHolder.decode(from: #"{"l":"# + leaves(n) + "}")
            return {
                let snapshot = holder.snapshot()
                holder.leaves.reverse()
                _ = holder.changes(since: snapshot)
            }
        },
        Case(name: "a hook reads a key after n members", n: 20_000) { n in
            let text = "{" + keys(n) + #","zz":5}"#
            return { _ = try ScaleHookReader.decode(from: text) }
        },
        Case(name: "a hook adds n keys after super.serialize()", n: 5_000) { n in
            let writer = ScaleHookWriter()
            writer.added = n
            return { _ = try writer.jsonData() }
        },
        Case(name: "decodeElements: one element of n in 64-byte chunks", n: 20_000) { n in
            let bytes = Data(#"[{"l":"#.utf8) + Data(leaves(n).utf8) + Data("}]".utf8)
            let chunks = stride(from: 0, to: bytes.count, by: 64).map { bytes[$0..<Swift.min($0 + 64, bytes.count)] }
            return { try await StreamCheck.drain(ScaleHolder.decodeElements(from: MemoryChunks(chunks: chunks))) }
        },
    ] }
}

private struct ScaleCodable: Codable {
    var values: [Int]
}

private final class ScaleLeaf: BaseModel {
    var leafId = 0
    var value = 0.0
    override class var apiToLocal: [String: String] { ["i": "leafId", "v": "value"] }
}

private final class ScaleHolder: BaseModel {
    var ints: [Int] = []
    var names: [String: Int] = [:]
    var leaves: [ScaleLeaf] = []
    var levels: [Double: Double] = [:]
    var text = ""
    var codable = ScaleCodable(values: [])
    override class var apiToLocal: [String: String] { ["a": "ints", "n": "names", "l": "leaves", "lv": "levels", "t": "text", "c": "codable"] }
    override class var identities: [String: String] { ["leaves": "leafId"] }
    override class var mergedDictionaries: Set<String> { ["levels"] }
    override class var lossyCollections: Set<String> { ["ints"] }
}

private final class ScalePartial: BaseModel {
    var leaves: [ScaleLeaf] = []
    override class var apiToLocal: [String: String] { ["l": "leaves"] }
    override class var identities: [String: String] { ["leaves": "leafId"] }
    override class var partialCollections: Set<String> { ["leaves"] }
}

private final class ScaleKeeper: BaseModel {
    var x = 0
    override class var apiToLocal: [String: String] { ["x": "x"] }
    override class var keepsUnknownKeys: Bool { true }
}

private final class ScaleHookReader: BaseModel {
    var x = 0
    var special: JSON?
    override class var apiToLocal: [String: String] { ["x": "x"] }
    override func deserialize(_ object: JSONObject) throws {
        try super.deserialize(object)
        special = object["zz"]
    }
}

private final class ScaleHookWriter: BaseModel {
    var x = 0
    var added = 0
    override class var apiToLocal: [String: String] { ["x": "x"] }
    override func serialize() throws -> JSONObject {
        var object = try super.serialize()
        for index in 0..<added { object["k\(index)"] = .number(JSONNumber(index)) }
        return object
    }
}
