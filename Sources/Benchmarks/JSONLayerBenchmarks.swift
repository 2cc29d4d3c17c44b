import BaseModelKit
import Foundation

/// Parsing and writing whole documents: BaseModelKit's `JSON` against `JSONSerialization`.
enum JSONLayerBenchmarks {
    static func run(payloads: [Payload], settings: Settings) throws -> [ResultRow] {
        var rows: [ResultRow] = []
        for payload in payloads {
            let bytes = [UInt8](payload.data)
            rows.append(ResultRow(task: "parse", payload: payload.name, contenders: try measureInterleaved([
                ("BaseModelKit JSON", bytes.count, nil, { consume(try JSON(parsing: bytes)) }),
                ("JSONSerialization", bytes.count, nil, { consume(try JSONSerialization.jsonObject(with: payload.data)) }),
            ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)))

            let value = try JSON(parsing: bytes)
            let written = try value.serializedData()
            let foundationObject = try JSONSerialization.jsonObject(with: payload.data)
            let foundationWritten = try JSONSerialization.data(withJSONObject: foundationObject)
            rows.append(ResultRow(task: "write", payload: payload.name, contenders: try measureInterleaved([
                ("BaseModelKit JSON", written.count, nil, { consume(try value.serializedData()) }),
                ("JSONSerialization", foundationWritten.count, nil, { consume(try JSONSerialization.data(withJSONObject: foundationObject)) }),
            ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)))
        }
        return rows
    }
}
