import BaseModelKit
import Foundation

// Benchmarks: `swift run -c release Benchmarks [--json] [--quick]`.
// Every contender runs in this one process on the same payloads, so compare the ratios of one run.

let arguments = Set(CommandLine.arguments.dropFirst())
let wantsJSON = arguments.contains("--json")
let settings = arguments.contains("--quick") ? Settings(runs: 3, seconds: 0.2) : Settings(runs: 10, seconds: 1.0)

// `--profile TASK FILE`: only repeat one task 20 times on FILE, for a profiler (callgrind, perf) to
// watch. Tasks: parse, write, foundation-parse, foundation-write.
if let flag = CommandLine.arguments.firstIndex(of: "--profile"), flag + 2 < CommandLine.arguments.count {
    let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[flag + 2]))
    let bytes = [UInt8](data)
    let task = CommandLine.arguments[flag + 1]
    let value = try JSON(parsing: bytes)
    let foundationValue = try JSONSerialization.jsonObject(with: data)
    for _ in 0..<20 {
        switch task {
        case "parse": consume(try JSON(parsing: bytes))
        case "write": consume(try value.serializedData())
        case "foundation-parse": consume(try JSONSerialization.jsonObject(with: data))
        case "foundation-write": consume(try JSONSerialization.data(withJSONObject: foundationValue))
        default: fatalError("unknown task \(task)")
        }
    }
    exit(0)
}

var payloads = Payloads.corpora(["twitter.json", "citm_catalog.json", "canada.json"])
if payloads.isEmpty && !wantsJSON {
    print("No corpora found in ../shared/corpus/: measuring the generated payload only.")
}
payloads.append(Payloads.oddsFeed())

let rows = try JSONLayerBenchmarks.run(payloads: payloads, settings: settings)

let machine: [String: String] = [
    "processors": String(ProcessInfo.processInfo.activeProcessorCount),
    "os": ProcessInfo.processInfo.operatingSystemVersionString,
]
if wantsJSON {
    print(try Report.json(rows, machine: machine))
} else {
    print("BaseModelKit benchmarks — medians; ratios are BaseModelKit's throughput over each contender's.")
    print("Machine: \(machine["processors"]!) processors, \(machine["os"]!)\n")
    print(Report.table(rows))
}
