import BaseModelKit
import Foundation

/// Parsing and writing whole documents: BaseModelKit's `JSON` against `JSONSerialization`.
enum JSONLayerBenchmarks {
    static func run(payloads: [Payload], settings: Settings) throws -> [ResultRow] {
        var rows: [ResultRow] = []
        for payload in payloads {
            let bytes = [UInt8](payload.data)
            let parse = try measure(bytes: bytes.count, minimumRuns: settings.runs, minimumSeconds: settings.seconds) {
                consume(try JSON(parsing: bytes))
            }
            let foundationParse = try measure(bytes: bytes.count, minimumRuns: settings.runs, minimumSeconds: settings.seconds) {
                consume(try JSONSerialization.jsonObject(with: payload.data))
            }
            rows.append(ResultRow(task: "parse", payload: payload.name, contenders: [
                ("BaseModelKit JSON", parse), ("JSONSerialization", foundationParse),
            ]))

            let value = try JSON(parsing: bytes)
            let written = try value.serializedData()
            let write = try measure(bytes: written.count, minimumRuns: settings.runs, minimumSeconds: settings.seconds) {
                consume(try value.serializedData())
            }
            let foundationObject = try JSONSerialization.jsonObject(with: payload.data)
            let foundationWritten = try JSONSerialization.data(withJSONObject: foundationObject)
            let foundationWrite = try measure(bytes: foundationWritten.count, minimumRuns: settings.runs, minimumSeconds: settings.seconds) {
                consume(try JSONSerialization.data(withJSONObject: foundationObject))
            }
            rows.append(ResultRow(task: "write", payload: payload.name, contenders: [
                ("BaseModelKit JSON", write), ("JSONSerialization", foundationWrite),
            ]))
        }
        return rows
    }
}
