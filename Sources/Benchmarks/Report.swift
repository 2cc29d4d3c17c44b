import Foundation

/// How long and how often each task is timed.
struct Settings {
    var runs: Int
    var seconds: Double
}

/// One task on one payload, with each contender's measurement; the first contender is BaseModelKit.
struct ResultRow {
    let task: String
    let payload: String
    let contenders: [(name: String, measurement: Measurement)]
}

enum Report {
    /// A plain-text table: MB/s, µs per object where counted, and how many times as fast as each
    /// contender the first is (`Measurement.timesAsFast(as:)`).
    /// Columns as wide as their longest entry.
    static func table(_ rows: [ResultRow]) -> String {
        let payloadWidth = rows.map(\.payload.count).max().map { max(26, $0 + 2) } ?? 26
        let contenderWidth = rows.flatMap { $0.contenders.map(\.name.count) }.max().map { max(28, $0 + 2) } ?? 28
        var lines = [pad("task", 7) + pad("payload", payloadWidth) + pad("contender", contenderWidth) + pad("MB/s", 10, right: true)
            + pad("µs/object", 12, right: true) + pad("runs", 7, right: true) + pad("BaseModelKit ×", 16, right: true)]
        for row in rows {
            guard let first = row.contenders.first?.measurement else { continue }
            for (name, measurement) in row.contenders {
                let ratio = first.timesAsFast(as: measurement)
                lines.append(pad(row.task, 7) + pad(row.payload, payloadWidth) + pad(name, contenderWidth)
                    + pad(format(measurement.megabytesPerSecond, digits: 1), 10, right: true)
                    + pad(measurement.microsecondsPerObject.map { format($0, digits: 3) } ?? "–", 12, right: true)
                    + pad(String(measurement.samples.count), 7, right: true)
                    + pad(name == row.contenders.first?.name ? "" : format(ratio, digits: 2) + "×", 16, right: true))
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The same figures as JSON, for machines.
    static func json(_ rows: [ResultRow], machine: [String: String]) throws -> String {
        let results: [[String: Any]] = rows.map { row in
            let first = row.contenders[0].measurement
            return [
                "task": row.task,
                "payload": row.payload,
                "contenders": row.contenders.map { name, measurement -> [String: Any] in
                    var entry: [String: Any] = [
                        "name": name,
                        "medianSeconds": measurement.medianSeconds,
                        "megabytesPerSecond": measurement.megabytesPerSecond,
                        "bytes": measurement.bytes,
                        "runs": measurement.samples.count,
                        "baseModelKitRatio": first.timesAsFast(as: measurement),
                    ]
                    if let perObject = measurement.microsecondsPerObject {
                        entry["microsecondsPerObject"] = perObject
                        entry["objects"] = measurement.objects
                    }
                    return entry
                },
            ]
        }
        let document: [String: Any] = ["machine": machine, "results": results]
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    private static func format(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
