import BaseModelKit
import Foundation

/// Decoding and encoding models: BaseModelKit against JSONDecoder/JSONEncoder on equivalent Codable
/// classes and against hand-written code for the same payload.
enum ModelBenchmarks {
    static func oddsFeed(_ payload: Payload, settings: Settings) throws -> [ResultRow] {
        let bytes = [UInt8](payload.data)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        let model = try FeedModel.decode(from: payload.data)
        // The hand-written coder must build what JSONDecoder builds, and write what reads back as it.
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        let reference = try sorted.encode(decoder.decode(FeedRecord.self, from: payload.data))
        guard try sorted.encode(HandWrittenOddsFeed.decode(bytes)) == reference,
              try sorted.encode(HandWrittenOddsFeed.decode(HandWrittenOddsFeed.encode(decoder.decode(FeedRecord.self, from: payload.data)))) == reference,
              try sorted.encode(decoder.decode(FeedRecord.self, from: model.jsonData())) == reference else {
            throw ContenderMismatch(payload: payload.name, contender: "hand-written")
        }
        let objects = 1 + model.events.count + model.events.reduce(0) { $0 + $1.markets.count + $1.markets.reduce(0) { $0 + $1.outcomes.count } }
        let outcomesOnly = try HookedOutcomes.payloads(from: model)

        let decode = try measureInterleaved([
            ("BaseModelKit", bytes.count, objects, { consume(try FeedModel.decode(from: payload.data)) }),
            ("JSONDecoder (Codable)", bytes.count, objects, { consume(try decoder.decode(FeedRecord.self, from: payload.data)) }),
            ("hand-written", bytes.count, objects, { consume(try HandWrittenOddsFeed.decode(bytes)) }),
        ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)

        let record = try decoder.decode(FeedRecord.self, from: payload.data)
        let written = try model.jsonData()
        let encode = try measureInterleaved([
            ("BaseModelKit", written.count, objects, { consume(try model.jsonData()) }),
            ("JSONEncoder (Codable)", try encoder.encode(record).count, objects, { consume(try encoder.encode(record)) }),
            ("hand-written", HandWrittenOddsFeed.encode(record).count, objects, { consume(HandWrittenOddsFeed.encode(record)) }),
        ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)

        let hooks = try measureInterleaved([
            ("BaseModelKit, no override", outcomesOnly.count, outcomesOnly.objects, { consume(try OutcomeModel.decodeArray(from: outcomesOnly.data)) }),
            ("BaseModelKit, empty override", outcomesOnly.count, outcomesOnly.objects, { consume(try HookedOutcomeModel.decodeArray(from: outcomesOnly.data)) }),
        ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)
        let boosted = try HookedOutcomes.boostedPayloads(from: model)
        let keyHooks = try measureInterleaved([
            ("BaseModelKit, no override", boosted.count, boosted.objects, { consume(try OutcomeModel.decodeArray(from: boosted.data)) }),
            ("BaseModelKit, super then one key", boosted.count, boosted.objects, { consume(try KeyReadingOutcomeModel.decodeArray(from: boosted.data)) }),
            ("BaseModelKit, the key in the map", boosted.count, boosted.objects, { consume(try MappedBoostOutcomeModel.decodeArray(from: boosted.data)) }),
        ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)
        let plainOutcomes = try OutcomeModel.decodeArray(from: boosted.data)
        let keyWriters = try KeyReadingOutcomeModel.decodeArray(from: boosted.data)
        let mappedKeys = try MappedBoostOutcomeModel.decodeArray(from: boosted.data)
        let superOnly = try HookedOutcomeModel.decodeArray(from: boosted.data)
        guard try JSON(parsing: mappedKeys.jsonData()) == JSON(parsing: keyWriters.jsonData()) else {
            throw ContenderMismatch(payload: "outcomes + bd", contender: "the key in the map")
        }
        guard try JSON(parsing: superOnly.jsonData()) == JSON(parsing: plainOutcomes.jsonData()) else {
            throw ContenderMismatch(payload: "outcomes + bd", contender: "super only")
        }
        let keyWrites = try measureInterleaved([
            ("BaseModelKit, no override", try plainOutcomes.jsonData().count, boosted.objects, { consume(try plainOutcomes.jsonData()) }),
            ("BaseModelKit, super then one key", try keyWriters.jsonData().count, boosted.objects, { consume(try keyWriters.jsonData()) }),
            ("BaseModelKit, the key in the map", try mappedKeys.jsonData().count, boosted.objects, { consume(try mappedKeys.jsonData()) }),
            ("BaseModelKit, super only", try superOnly.jsonData().count, boosted.objects, { consume(try superOnly.jsonData()) }),
        ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)
        // Every class of the feed overriding both hooks for its own special key.
        let everyClass = try HookedFeed.boosted(model)
        let plainFeed = try FeedModel.decode(from: everyClass)
        let hookedFeed = try HookedFeedModel.decode(from: everyClass)
        let everyClassDecode = try measureInterleaved([
            ("BaseModelKit, no override", everyClass.count, objects, { consume(try FeedModel.decode(from: everyClass)) }),
            ("BaseModelKit, every class", everyClass.count, objects, { consume(try HookedFeedModel.decode(from: everyClass)) }),
        ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)
        let everyClassEncode = try measureInterleaved([
            ("BaseModelKit, no override", try plainFeed.jsonData().count, objects, { consume(try plainFeed.jsonData()) }),
            ("BaseModelKit, every class", try hookedFeed.jsonData().count, objects, { consume(try hookedFeed.jsonData()) }),
        ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)

        return [
            ResultRow(task: "decode", payload: payload.name, contenders: decode),
            ResultRow(task: "encode", payload: payload.name, contenders: encode),
            ResultRow(task: "decode", payload: "outcomes, hook cost", contenders: hooks),
            ResultRow(task: "decode", payload: "outcomes + bd, hook reads it", contenders: keyHooks),
            ResultRow(task: "encode", payload: "outcomes + bd, hook writes it", contenders: keyWrites),
            ResultRow(task: "decode", payload: "feed + bd, every class hooks", contenders: everyClassDecode),
            ResultRow(task: "encode", payload: "feed + bd, every class hooks", contenders: everyClassEncode),
        ]
    }
}

extension ModelBenchmarks {
    /// citm_catalog.json decoded into and encoded from models, with a hand-written decoder.
    static func catalog(_ payload: Payload, settings: Settings) throws -> [ResultRow] {
        let bytes = [UInt8](payload.data)
        // The hand-written decoder must build what JSONDecoder builds, or its figures mean nothing.
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        guard try sorted.encode(HandWrittenCatalog.decode(bytes)) == sorted.encode(JSONDecoder().decode(CatalogRecord.self, from: payload.data)) else {
            throw ContenderMismatch(payload: payload.name, contender: "hand-written")
        }
        return try corpus(payload, as: CatalogModel.self, CatalogRecord.self, settings: settings,
                          handWritten: { consume(try HandWrittenCatalog.decode(bytes)) },
                          handWrittenEncoder: { HandWrittenCatalog.encode($0) }) { model in
            1 + model.events.count + model.performances.reduce(0) {
                $0 + 1 + $1.prices.count + $1.seatCategories.count + $1.seatCategories.reduce(0) { $0 + $1.areas.count }
            }
        }
    }

    /// twitter.json's statuses, users and retweeted statuses (a subset of their fields, the same for
    /// every contender).
    static func twitter(_ payload: Payload, settings: Settings) throws -> [ResultRow] {
        let bytes = [UInt8](payload.data)
        // The hand-written decoder must build what JSONDecoder builds, or its figures mean nothing.
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        guard try sorted.encode(HandWrittenTwitter.decode(bytes)) == sorted.encode(JSONDecoder().decode(TwitterRecord.self, from: payload.data)) else {
            throw ContenderMismatch(payload: payload.name, contender: "hand-written")
        }
        return try corpus(payload, as: TwitterModel.self, TwitterRecord.self, settings: settings,
                          handWritten: { consume(try HandWrittenTwitter.decode(bytes)) }) { model in
            1 + model.statuses.reduce(0) { $0 + 2 + ($1.retweetedStatus == nil ? 0 : 2) }
        }
    }

    /// A corpus decoded into `Model` and `Record` (and by `handWritten`, when there is one), and encoded
    /// back from both; `objects` counts the objects of one decoded document.
    private static func corpus<Model: BaseModel, Record: Codable>(
        _ payload: Payload, as modelType: Model.Type, _ recordType: Record.Type, settings: Settings,
        handWritten: (() throws -> Void)? = nil, handWrittenEncoder: ((Record) -> [UInt8])? = nil, objects count: (Model) -> Int
    ) throws -> [ResultRow] {
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        let model = try Model.decode(from: payload.data)
        let objects = count(model)
        var decoders: [(name: String, bytes: Int, objects: Int?, body: () throws -> Void)] = [
            ("BaseModelKit", payload.data.count, objects, { consume(try Model.decode(from: payload.data)) }),
            ("JSONDecoder (Codable)", payload.data.count, objects, { consume(try decoder.decode(Record.self, from: payload.data)) }),
        ]
        if let handWritten {
            decoders.append(("hand-written", payload.data.count, objects, handWritten))
        }
        let decode = try measureInterleaved(decoders, minimumRuns: settings.runs, minimumSeconds: settings.seconds)
        let record = try decoder.decode(Record.self, from: payload.data)
        var encoders: [(name: String, bytes: Int, objects: Int?, body: () throws -> Void)] = [
            ("BaseModelKit", try model.jsonData().count, objects, { consume(try model.jsonData()) }),
            ("JSONEncoder (Codable)", try encoder.encode(record).count, objects, { consume(try encoder.encode(record)) }),
        ]
        if let handWrittenEncoder {
            // Its output must read back as what it wrote.
            let sorted = JSONEncoder()
            sorted.outputFormatting = .sortedKeys
            guard try sorted.encode(decoder.decode(Record.self, from: Data(handWrittenEncoder(record)))) == sorted.encode(record) else {
                throw ContenderMismatch(payload: payload.name, contender: "hand-written encoder")
            }
            encoders.append(("hand-written", handWrittenEncoder(record).count, objects, { consume(handWrittenEncoder(record)) }))
        }
        let encode = try measureInterleaved(encoders, minimumRuns: settings.runs, minimumSeconds: settings.seconds)
        return [
            ResultRow(task: "decode", payload: payload.name, contenders: decode),
            ResultRow(task: "encode", payload: payload.name, contenders: encode),
        ]
    }

    /// 100 000 messages of about 100 bytes, each decoded on its own.
    static func messages(settings: Settings, count: Int = 100_000) throws -> [ResultRow] {
        let messages = Messages.generate(count: count)
        let total = messages.reduce(0) { $0 + $1.count }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        // The hand-written decoder must build what JSONDecoder builds.
        let sorted = JSONEncoder()
        sorted.outputFormatting = .sortedKeys
        for message in messages.prefix(1000) {
            guard try sorted.encode(Messages.handDecode(message)) == sorted.encode(decoder.decode(PriceUpdateRecord.self, from: message)),
                  try PriceUpdateModel.decode(from: message).jsonData() == message else {
                throw ContenderMismatch(payload: "messages", contender: "hand-written")
            }
        }
        let decode = try measureInterleaved([
            ("BaseModelKit", total, count, { for message in messages { consume(try PriceUpdateModel.decode(from: message)) } }),
            ("JSONDecoder (Codable)", total, count, { for message in messages { consume(try decoder.decode(PriceUpdateRecord.self, from: message)) } }),
            ("hand-written", total, count, { for message in messages { consume(try Messages.handDecode(message)) } }),
        ], minimumRuns: max(3, settings.runs / 3), minimumSeconds: settings.seconds)
        return [ResultRow(task: "decode", payload: "\(count / 1000)k messages", contenders: decode)]
    }
}

/// Every outcome of the feed as one top-level array, to decode with and without a hook override.
enum HookedOutcomes {
    static func payloads(from feed: FeedModel) throws -> (data: Data, count: Int, objects: Int) {
        let outcomes = feed.events.flatMap(\.markets).flatMap(\.outcomes)
        let data = try outcomes.jsonData()
        return (data, data.count, outcomes.count)
    }

    /// The same outcomes, each with one more key the maps leave out (`"bd"`, a boost), for a hook
    /// that reads it.
    static func boostedPayloads(from feed: FeedModel) throws -> (data: Data, count: Int, objects: Int) {
        let plain = try payloads(from: feed)
        guard case .array(let outcomes) = try JSON(parsing: plain.data) else { return plain }
        let boosted = JSON.array(outcomes.enumerated().map { index, outcome in
            var object = outcome.object ?? JSONObject()
            object["bd"] = .number(JSONNumber(Double(index % 7) / 4))
            return .object(object)
        })
        let data = try boosted.serializedData()
        return (data, data.count, plain.objects)
    }
}

/// A contender that builds or writes something other than its row's reference does from the same
/// payload.
struct ContenderMismatch: Error, CustomStringConvertible {
    let payload: String
    let contender: String
    var description: String { "The \(contender) contender of \(payload) does not build or write what the row's reference does." }
}

extension ModelBenchmarks {
    /// The type zoo (`ZooModels.swift`): every field type, decoded and encoded by each contender, and
    /// its parts as 100-byte messages decoded one by one.
    static func zoo(settings: Settings) throws -> [ResultRow] {
        let payload = Payloads.zooFeed()
        let bytes = [UInt8](payload.data)
        let decoder = ZooCoding.decoder()
        let encoder = ZooCoding.encoder()
        try ZooCoding.check(payload.data)
        let model = try ZooFeedModel.decode(from: payload.data)
        let record = try decoder.decode(ZooFeedRecord.self, from: payload.data)
        let objects = ZooCoding.objects(in: record)
        let decode = try measureInterleaved([
            ("BaseModelKit", bytes.count, objects, { consume(try ZooFeedModel.decode(from: payload.data)) }),
            ("JSONDecoder (Codable)", bytes.count, objects, { consume(try decoder.decode(ZooFeedRecord.self, from: payload.data)) }),
            ("hand-written", bytes.count, objects, { consume(try HandWrittenZoo.decode(bytes)) }),
        ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)
        let encode = try measureInterleaved([
            ("BaseModelKit", try model.jsonData().count, objects, { consume(try model.jsonData()) }),
            ("JSONEncoder (Codable)", try encoder.encode(record).count, objects, { consume(try encoder.encode(record)) }),
            ("hand-written", HandWrittenZoo.encode(record).count, objects, { consume(HandWrittenZoo.encode(record)) }),
        ], minimumRuns: settings.runs, minimumSeconds: settings.seconds)

        let messages = ZooCoding.messages(from: record)
        let total = messages.reduce(0) { $0 + $1.count }
        let messageDecode = try measureInterleaved([
            ("BaseModelKit", total, messages.count, { for message in messages { consume(try ZooPartModel.decode(from: message)) } }),
            ("JSONDecoder (Codable)", total, messages.count, { for message in messages { consume(try decoder.decode(ZooPartRecord.self, from: message)) } }),
            ("hand-written", total, messages.count, { for message in messages { consume(try HandWrittenZoo.decodePart(message)) } }),
        ], minimumRuns: max(3, settings.runs / 3), minimumSeconds: settings.seconds)
        return [
            ResultRow(task: "decode", payload: payload.name, contenders: decode),
            ResultRow(task: "encode", payload: payload.name, contenders: encode),
            ResultRow(task: "decode", payload: "\(messages.count / 1000)k zoo messages", contenders: messageDecode),
        ]
    }
}

/// The zoo's Codable set-up and the check that every contender builds and writes the same thing.
enum ZooCoding {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return encoder
    }

    static func objects(in feed: ZooFeedRecord) -> Int {
        1 + feed.items.reduce(0) { $0 + 1 + ($1.detail == nil ? 0 : 1) + $1.parts.count + $1.partsByKey.count }
    }

    /// Every part of the feed (with its detail) as a message of its own: about 65 bytes each (the
    /// zoo-messages row's MB/s times its µs a message).
    static func messages(from feed: ZooFeedRecord) -> [Data] {
        let encoder = encoder()
        // Sound to force: the parts hold nothing an encoder refuses.
        return feed.items.flatMap { [$0.detail].compactMap { $0 } + $0.parts }.map { try! encoder.encode($0) }
    }

    /// Throws unless the hand-written decoder, BaseModelKit and both encoders agree with JSONDecoder on
    /// `data`: each builds what JSONDecoder builds, and each one's output reads back as that.
    static func check(_ data: Data) throws {
        let decoder = decoder()
        let reference = try normalized(decoder.decode(ZooFeedRecord.self, from: data))
        let record = try decoder.decode(ZooFeedRecord.self, from: data)
        let model = try ZooFeedModel.decode(from: data)
        let readings: [(String, () throws -> ZooFeedRecord)] = [
            ("hand-written", { try HandWrittenZoo.decode([UInt8](data)) }),
            ("hand-written encoder", { try decoder.decode(ZooFeedRecord.self, from: Data(HandWrittenZoo.encode(record))) }),
            ("JSONEncoder", { try decoder.decode(ZooFeedRecord.self, from: encoder().encode(record)) }),
            ("BaseModelKit", { try decoder.decode(ZooFeedRecord.self, from: model.jsonData()) }),
        ]
        for (contender, read) in readings where try normalized(read()) != reference {
            throw ContenderMismatch(payload: "type zoo", contender: contender)
        }
        for message in messages(from: record).prefix(1000) {
            let expected = try normalized(decoder.decode(ZooPartRecord.self, from: message))
            guard try normalized(HandWrittenZoo.decodePart(message)) == expected,
                  try normalized(decoder.decode(ZooPartRecord.self, from: ZooPartModel.decode(from: message).jsonData())) == expected else {
                throw ContenderMismatch(payload: "zoo messages", contender: "hand-written or BaseModelKit")
            }
        }
    }

    /// `value` as JSON with sorted keys, its sets (`tg`) sorted: two records are the same when these are.
    private static func normalized(_ value: some Encodable) throws -> JSON {
        let sorted = encoder()
        sorted.outputFormatting = .sortedKeys
        func sortSets(_ json: JSON) -> JSON {
            switch json {
            case .object(let members):
                var result = JSONObject()
                for (key, member) in members {
                    if key == "tg", case .array(let elements) = member {
                        result[key] = .array(elements.sorted { $0.description < $1.description })
                    } else {
                        result[key] = sortSets(member)
                    }
                }
                return .object(result)
            case .array(let elements): return .array(elements.map(sortSets))
            default: return json
            }
        }
        return sortSets(try JSON(parsing: sorted.encode(value)))
    }
}

extension HandWrittenZoo {
    /// One part on its own (a zoo message).
    /// Read in place from the `Data` the other contenders read too.
    static func decodePart(_ data: Data) throws -> ZooPartRecord {
        // Sound: the scanner reads the bytes only inside this closure, which lends them (see
        // `FastScanner`).
        try data.withUnsafeBytes { raw in
            var scanner = FastScanner(raw.bindMemory(to: UInt8.self))
            return try part(&scanner)
        }
    }
}
