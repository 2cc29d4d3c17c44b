import BaseModelKit
import Foundation

/// What the small-delta payloads (the order book, the market cache) share: two sets of messages
/// applied in turn to a live model — with change sets, without, and by a hand-written updater of a
/// record made from the same model — in the benchmark's rows and its `--profile` tasks.
enum SmallDeltas {
    /// One row: BaseModelKit with change sets, without (`recordsChanges = false`), the hand-written
    /// updater, and the same updater over `JSONSerialization` (`foundation`, see `FoundationDeltas`),
    /// after checking that each updater leaves its record as BaseModelKit leaves the model (`same`),
    /// or its figures mean nothing.
    static func row<Model: BaseModel, Record>(payload: String, data: Data, sets: [[[UInt8]]], as type: Model.Type, record makeRecord: (Model) -> Record,
                                              apply: @escaping ([UInt8], Record) throws -> Void, foundation: @escaping ([UInt8], Record) throws -> Void,
                                              same: (Model, Record) -> Bool, settings: Settings) throws -> ResultRow {
        let updaters: [(name: String, apply: ([UInt8], Record) throws -> Void)] = [("hand-written", apply), ("hand-written over JSONSerialization", foundation)]
        let checked = try Model.decode(from: data)
        let checkedRecords = try updaters.map { _ in makeRecord(try Model.decode(from: data)) }
        for message in sets[0] {
            try checked.update(from: message)
            for (updater, record) in zip(updaters, checkedRecords) { try updater.apply(message, record) }
        }
        for (updater, record) in zip(updaters, checkedRecords) where !same(checked, record) {
            throw ContenderMismatch(payload: payload, contender: updater.name)
        }
        var quiet = DecodingOptions()
        quiet.recordsChanges = false
        let tracked = try Model.decode(from: data)
        let untracked = try Model.decode(from: data)
        let records = try updaters.map { _ in makeRecord(try Model.decode(from: data)) }
        let update = try ModelBenchmarks.measureAlternatingSets([
            ("BaseModelKit, change sets", { set in for message in sets[set] { consume(try tracked.update(from: message)) } }),
            ("BaseModelKit, recordsChanges = false", { set in for message in sets[set] { consume(try untracked.update(from: message, options: quiet)) } }),
        ] + zip(updaters, records).map { updater, record in
            (updater.name, { set in for message in sets[set] { try updater.apply(message, record) } })
        }, bytes: sets[0].reduce(0) { $0 + $1.count }, objects: sets[0].count, settings: settings)
        return ResultRow(task: "update", payload: payload, contenders: update)
    }

    /// A `--profile` task: `update` (with change sets), `update-quiet`, `update-hand`,
    /// `update-foundation` (the updater over `JSONSerialization`) — both sets in turn, `turns` times —
    /// or `setup` (the model decoded, nothing applied).
    static func profile<Model: BaseModel, Record>(task: String, data: Data, sets: [[[UInt8]]], turns: Int, as type: Model.Type,
                                                  record makeRecord: (Model) -> Record, apply: ([UInt8], Record) throws -> Void,
                                                  foundation: ([UInt8], Record) throws -> Void) throws {
        let model = try Model.decode(from: data)
        let turns = task == "setup" ? 0 : turns
        if task == "update-hand" || task == "update-foundation" {
            let record = makeRecord(model)
            let update = task == "update-hand" ? apply : foundation
            for turn in 0..<turns { for message in sets[turn % 2] { try update(message, record) } }
            return
        }
        var options = DecodingOptions()
        options.recordsChanges = task == "update"
        for turn in 0..<turns { for message in sets[turn % 2] { consume(try model.update(from: message, options: options)) } }
    }
}
