import BaseModelKit
import Foundation

// Benchmarks: `swift run -c release Benchmarks [--json] [--quick]`.
// Every contender runs in this one process on the same payloads, so compare the ratios of one run.

let arguments = Set(CommandLine.arguments.dropFirst())
let wantsJSON = arguments.contains("--json")
let settings = arguments.contains("--quick") ? Settings(runs: 3, seconds: 0.2) : Settings(runs: 10, seconds: 1.0)

// `--write-odds-feed FILE`: save the generated odds feed, to profile it or look at it.
if let flag = CommandLine.arguments.firstIndex(of: "--write-odds-feed"), flag + 1 < CommandLine.arguments.count {
    try Payloads.oddsFeed().data.write(to: URL(fileURLWithPath: CommandLine.arguments[flag + 1]))
    exit(0)
}

// `--memory`: peak and retained memory of one decode of the odds feed per contender, and heap growth
// over repeated decodes.
if let flag = CommandLine.arguments.firstIndex(of: "--streams") {
    let megabytes = flag + 1 < CommandLine.arguments.count ? Int(CommandLine.arguments[flag + 1]) ?? 134 : 134
    try await StreamCheck.run(megabytes: megabytes, wantsJSON: arguments.contains("--json"))
    exit(0)
}
// `--scaling`: inputs that grow in one place, each at n and 8n: a cost that grows faster than the
// input shows as a ratio far above 8.
if arguments.contains("--scaling") {
    try await ScalingCheck.run(wantsJSON: wantsJSON)
    exit(0)
}
if arguments.contains("--memory") {
    try MemoryReport.run(wantsJSON: wantsJSON)
    exit(0)
}

/// The number an environment variable holds, if it is set to one. (`getenv`, not `ProcessInfo`'s
/// dictionary, which is made anew at each read: about 400 000 instructions, in every profile.)
func environmentNumber(_ name: String) -> Int? {
    getenv(name).flatMap { Int(String(cString: $0)) }
}

/// How many messages the message tasks of `--profile` decode: 20 000, or `BENCHMARK_MESSAGES` (two
/// counts tell the cost per message apart from the first message's plan building).
let profileMessageCount = environmentNumber("BENCHMARK_MESSAGES") ?? 20_000
/// How many events the live feed and the board of the live and delta tasks of `--profile` have, when
/// not their own default: `BENCHMARK_EVENTS`.
let profileEventCount = environmentNumber("BENCHMARK_EVENTS")
/// How many times the live and delta tasks of `--profile` apply their 10 000 messages: 4, or
/// `BENCHMARK_TURNS` (two counts tell the cost per message apart from the first lookups' index
/// building and the graph's teardown).
let profileTurns = environmentNumber("BENCHMARK_TURNS") ?? 4

/// Decodes `data` as `Model` 20 times, for `--profile`.
func repeatDecoding<Model: BaseModel>(_ type: Model.Type, from data: Data) throws {
    for _ in 0..<20 { consume(try Model.decode(from: data)) }
}

/// Decodes `data` as `Model` once and encodes the model 20 times, for `--profile`.
func repeatEncoding<Model: BaseModel>(_ type: Model.Type, from data: Data) throws {
    let model = try Model.decode(from: data)
    for _ in 0..<20 { consume(try model.jsonData()) }
}

// `--profile TASK FILE`: only repeat one task 20 times on FILE, for a profiler (callgrind, perf) to
// watch. Tasks: parse, write, model-decode, model-encode, codable-decode, hand-decode, hand-encode
// (these on the odds feed: see --write-odds-feed), hand-citm-decode, hand-citm-encode,
// hand-twitter-decode, twitter-decode, twitter-encode (on twitter.json), citm-decode, citm-encode (on
// citm_catalog.json), message-decode, hand-message-decode (generated messages, from `Data`),
// message-decode-bytes, hand-message-decode-bytes (the same from byte arrays), hook-decode (the odds
// feed's outcomes into a class with an empty deserialize override), hook-key-decode, hook-key-plain,
// hook-key-decode-mapped, hook-key-setup (the outcomes with one more key, "bd", into a class whose
// override calls super and reads it, into one without an override, into one with the key in its map,
// and the set-up alone), hook-key-encode, hook-key-encode-plain, hook-key-encode-mapped,
// hook-key-encode-empty, hook-key-encode-setup (those outcomes encoded through a serialize override
// that adds the key, without one, with the key in the map instead, through an override that adds
// nothing, the set-up alone), hook-all-decode, hook-all-decode-plain, hook-all-encode,
// hook-all-encode-plain, hook-all-setup (the odds feed with "bd" in every object, through classes
// that all override both hooks, through the plain classes, the set-up alone), league-decode,
// league-decode-leaf, league-decode-plain, league-encode, league-encode-leaf, league-encode-plain,
// league-setup (a second feed with "bd" in every object, `LeagueFeed`: every class overriding both
// hooks, the selections alone, none; FILE is not read), model-update (the odds
// feed applied to itself in place: every object compared), live-update, live-update-quiet,
// live-update-hand (10 000 generated messages applied to a live feed of 500 events, or
// `BENCHMARK_EVENTS`, four times, or `BENCHMARK_TURNS`: with change sets, with recordsChanges =
// false, by the hand-written updater; FILE is not read), live-setup,
// live-setup-hand (their setup alone), delta-update, delta-update-quiet, delta-update-hand
// (10 000 partial deltas addressed by identity, applied to a board of 5 000 events, or
// `BENCHMARK_EVENTS`, as many times, the same three ways), delta-setup, delta-setup-hand (their
// setup alone), book-update, book-update-quiet, book-update-hand, book-update-foundation (500
// deltas of 20 levels into an order book of 50 000 levels a side, or `BENCHMARK_LEVELS`, each of the
// two sets `BENCHMARK_TURNS` times over, the same three ways and by the updater over
// JSONSerialization), book-setup (its setup alone), stream-decode, stream-memory, stream-setup (the
// odds feed's events from 64 KB chunks through decodeElements, or with decodeArray,
// `BENCHMARK_TURNS` times), cache-update, cache-update-quiet, cache-update-hand,
// cache-update-foundation (2 000 change messages into a market cache of 2 000 markets, or
// `BENCHMARK_MARKETS`, the same four ways), cache-setup (its setup alone), exchange-update,
// exchange-update-quiet, exchange-update-hand, exchange-update-foundation (2 000 change messages
// with price ladders into a market cache of 200 markets, the same four ways), exchange-setup (its
// setup alone), ticker-update,
// ticker-update-quiet, ticker-update-hand, ticker-update-foundation (2 000 whole tickers into a board
// of 200 symbols, the same four ways), ticker-setup (its setup alone), ladder-update,
// ladder-update-quiet, ladder-update-hand, ladder-update-foundation (updates of 20 positional levels,
// sets of 200 in turn, `BENCHMARK_TURNS` sets, into a book of 1 000 levels a side, the same four
// ways), ladder-setup (its setup alone),
// zoo-decode, zoo-encode, hand-zoo-decode, hand-zoo-encode, codable-zoo-decode, zoo-setup (the type
// zoo, generated: FILE is not read), zoo-messages, hand-zoo-messages, zoo-messages-setup (its parts
// as messages), trade-route, trade-decode, trade-setup (the enveloped trades of `--suite messages`,
// routed by their type, decoded straight, the set-up alone), setup-codable, setup-messages (what the
// Codable and message tasks do before their loop), foundation-parse, foundation-write.
if let flag = CommandLine.arguments.firstIndex(of: "--profile"), flag + 2 < CommandLine.arguments.count {
    let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[flag + 2]))
    let bytes = [UInt8](data)
    let task = CommandLine.arguments[flag + 1]
    switch task {
    case "parse":
        for _ in 0..<20 { consume(try JSON(parsing: bytes)) }
    case "write":
        let value = try JSON(parsing: bytes)
        for _ in 0..<20 { consume(try value.serializedData()) }
    case "model-decode":
        try repeatDecoding(FeedModel.self, from: data)
    case "model-encode":
        try repeatEncoding(FeedModel.self, from: data)
    case "twitter-decode":
        try repeatDecoding(TwitterModel.self, from: data)
    case "twitter-encode":
        try repeatEncoding(TwitterModel.self, from: data)
    case "citm-decode":
        try repeatDecoding(CatalogModel.self, from: data)
    case "citm-encode":
        try repeatEncoding(CatalogModel.self, from: data)
    case "model-update":
        // Every object exists already: each update claims, snapshots and compares all of them.
        let model = try FeedModel.decode(from: data)
        for _ in 0..<20 { consume(try model.update(from: data)) }
    case "live-update", "live-update-quiet", "live-update-hand", "live-setup", "live-setup-hand":
        // FILE is not read: the live feed and its messages are generated. Both sets in turn (the
        // setup tasks only generate and decode, to subtract from the others).
        let (feed, sets) = LiveFeed.generate(events: profileEventCount ?? 500)
        let turns = task.hasPrefix("live-setup") ? 0 : profileTurns
        var options = DecodingOptions()
        options.recordsChanges = task == "live-update"
        if task.hasSuffix("hand") {
            let record = try HandWrittenLiveFeed.decode(feed)
            for turn in 0..<turns { for message in sets[turn % 2] { try HandWrittenLiveFeed.apply(message, to: record) } }
        } else {
            let model = try LiveFeedModel.decode(from: feed)
            for turn in 0..<turns { for message in sets[turn % 2] { consume(try model.update(from: message, options: options)) } }
        }
    case "delta-update", "delta-update-quiet", "delta-update-hand", "delta-setup", "delta-setup-hand":
        // FILE is not read: a board of 5 000 events and its deltas are generated. Both sets in turn
        // (delta-setup only generates and decodes, to subtract from the others).
        let (board, sets) = PartialDeltas.generate(events: profileEventCount ?? 5000)
        let turns = task.hasPrefix("delta-setup") ? 0 : profileTurns
        var options = DecodingOptions()
        options.recordsChanges = task == "delta-update"
        if task.hasSuffix("hand") {
            let record = PartialDeltas.records(of: try DeltaBoardModel.decode(from: board))
            for turn in 0..<turns { for delta in sets[turn % 2] { try HandWrittenDeltas.apply(delta, to: record) } }
        } else {
            let model = try DeltaBoardModel.decode(from: board)
            for turn in 0..<turns { for delta in sets[turn % 2] { consume(try model.update(from: delta.body, at: delta.path, options: options)) } }
        }
    case "book-update", "book-update-quiet", "book-update-hand", "book-update-foundation", "book-setup":
        // FILE is not read: an order book of 50 000 levels a side, or `BENCHMARK_LEVELS`, and its
        // 20-level deltas are generated.
        let (book, sets) = OrderBook.generate(levels: environmentNumber("BENCHMARK_LEVELS") ?? 50_000)
        try SmallDeltas.profile(task: String(task.dropFirst("book-".count)), data: book, sets: sets, turns: profileTurns, as: OrderBookModel.self,
                                record: HandWrittenOrderBook.decode, apply: HandWrittenOrderBook.apply, foundation: FoundationDeltas.applyDepth)
    case "cache-update", "cache-update-quiet", "cache-update-hand", "cache-update-foundation", "cache-setup":
        // FILE is not read: a market cache of 2 000 markets, or `BENCHMARK_MARKETS`, and its change
        // messages are generated.
        let (cache, sets) = MarketCache.generate(markets: environmentNumber("BENCHMARK_MARKETS") ?? 2_000)
        try SmallDeltas.profile(task: String(task.dropFirst("cache-".count)), data: cache, sets: sets, turns: profileTurns, as: MarketCacheModel.self,
                                record: HandWrittenMarketCache.decode, apply: HandWrittenMarketCache.apply, foundation: FoundationDeltas.applyMarketChanges)
    case "ticker-update", "ticker-update-quiet", "ticker-update-hand", "ticker-update-foundation", "ticker-setup":
        // FILE is not read: a board of 200 tickers and its messages are generated.
        let (board, sets) = TickerBoard.generate(symbols: 200)
        try SmallDeltas.profile(task: String(task.dropFirst("ticker-".count)), data: board, sets: sets, turns: profileTurns, as: TickerBoardModel.self,
                                record: HandWrittenTickerBoard.decode, apply: HandWrittenTickerBoard.apply, foundation: FoundationDeltas.applyTicker)
    case "ladder-update", "ladder-update-quiet", "ladder-update-hand", "ladder-update-foundation", "ladder-setup":
        // FILE is not read: a book of 1 000 positional levels a side and its updates are generated.
        let (book, sets) = PriceLadder.generate(levels: 1_000)
        try SmallDeltas.profile(task: String(task.dropFirst("ladder-".count)), data: book, sets: sets, turns: profileTurns, as: PriceLadderModel.self,
                                record: { _ in HandWrittenPriceLadder.record(of: book) }, apply: HandWrittenPriceLadder.apply, foundation: FoundationDeltas.applyLadder)
    case "exchange-update", "exchange-update-quiet", "exchange-update-hand", "exchange-update-foundation", "exchange-setup":
        // FILE is not read: a market cache of 200 markets with their runners' ladders and its change
        // messages are generated.
        let (cache, sets) = ExchangeLadders.generate()
        try SmallDeltas.profile(task: String(task.dropFirst("exchange-".count)), data: cache, sets: sets, turns: profileTurns, as: ExchangeCacheModel.self,
                                record: ExchangeLadders.record, apply: HandWrittenExchangeLadders.apply, foundation: FoundationDeltas.applyExchangeChanges)
    case "stream-decode", "stream-memory", "stream-setup":
        // The odds feed of FILE (see --write-odds-feed): its "e" array's events decoded 4 times, or
        // `BENCHMARK_TURNS`, from 64 KB chunks in memory through decodeElements (stream-decode), or
        // with decodeArray (stream-memory); stream-setup only reads the file.
        let chunks = stride(from: 0, to: data.count, by: 65_536).map { data.subdata(in: $0..<min(data.count, $0 + 65_536)) }
        let turns = task == "stream-setup" ? 0 : profileTurns
        for _ in 0..<turns {
            if task == "stream-memory" {
                consume(try EventModel.decodeArray(from: data, at: "e"))
            } else {
                try await StreamCheck.drain(EventModel.decodeElements(from: MemoryChunks(chunks: chunks), at: "e"))
            }
        }
    case "zoo-decode", "zoo-encode", "hand-zoo-decode", "hand-zoo-encode", "codable-zoo-decode", "zoo-setup":
        // FILE is not read: the zoo feed is generated (zoo-setup only generates it and decodes it once
        // each way, to subtract from the others).
        let zoo = Payloads.zooFeed().data
        let record = try ZooCoding.decoder().decode(ZooFeedRecord.self, from: zoo)
        let model = try ZooFeedModel.decode(from: zoo)
        let turns = task == "zoo-setup" ? 0 : 20
        for _ in 0..<turns {
            switch task {
            case "zoo-decode": consume(try ZooFeedModel.decode(from: zoo))
            case "zoo-encode": consume(try model.jsonData())
            case "hand-zoo-decode": consume(try HandWrittenZoo.decode([UInt8](zoo)))
            case "hand-zoo-encode": consume(HandWrittenZoo.encode(record))
            default: consume(try ZooCoding.decoder().decode(ZooFeedRecord.self, from: zoo))
            }
        }
    case "zoo-messages", "hand-zoo-messages", "zoo-messages-setup":
        // Every part of the zoo feed decoded as a message of its own, ten times over.
        let messages = ZooCoding.messages(from: try ZooCoding.decoder().decode(ZooFeedRecord.self, from: Payloads.zooFeed().data))
        // `BENCHMARK_TURNS` turns (10 by default): two counts with different turns tell the cost per
        // message apart from the plan building of the first.
        let turns = task == "zoo-messages-setup" ? 0 : environmentNumber("BENCHMARK_TURNS") ?? 10
        for _ in 0..<turns {
            if task == "zoo-messages" {
                for message in messages { consume(try ZooPartModel.decode(from: message)) }
            } else {
                for message in messages { consume(try HandWrittenZoo.decodePart(message)) }
            }
        }
        // As for the price messages: exits with the messages alive, so that no task counts freeing them.
        withExtendedLifetime(messages) { exit(0) }
    case "hook-decode":
        let outcomes = try HookedOutcomes.payloads(from: try FeedModel.decode(from: data))
        for _ in 0..<20 { consume(try HookedOutcomeModel.decodeArray(from: outcomes.data)) }
    case "hook-key-decode", "hook-key-plain", "hook-key-decode-mapped", "hook-key-setup":
        // A hook that calls `super` and reads one key the map leaves out, against the same outcomes
        // decoded without an override, with the key in the map instead, and the set-up alone.
        let outcomes = try HookedOutcomes.boostedPayloads(from: try FeedModel.decode(from: data))
        let turns = task == "hook-key-setup" ? 0 : 20
        for _ in 0..<turns {
            switch task {
            case "hook-key-decode": consume(try KeyReadingOutcomeModel.decodeArray(from: outcomes.data))
            case "hook-key-decode-mapped": consume(try MappedBoostOutcomeModel.decodeArray(from: outcomes.data))
            default: consume(try OutcomeModel.decodeArray(from: outcomes.data))
            }
        }
    case "hook-key-encode", "hook-key-encode-plain", "hook-key-encode-mapped", "hook-key-encode-empty", "hook-key-encode-setup":
        // The same outcomes encoded through a `serialize` override that adds the key after `super`,
        // without an override, with the key in the map instead, through an override that adds
        // nothing; the set-up (which decodes all four) alone.
        let outcomes = try HookedOutcomes.boostedPayloads(from: try FeedModel.decode(from: data))
        let hooked = try KeyReadingOutcomeModel.decodeArray(from: outcomes.data)
        let plain = try OutcomeModel.decodeArray(from: outcomes.data)
        let mapped = try MappedBoostOutcomeModel.decodeArray(from: outcomes.data)
        let empty = try HookedOutcomeModel.decodeArray(from: outcomes.data)
        let turns = task == "hook-key-encode-setup" ? 0 : 20
        for _ in 0..<turns {
            switch task {
            case "hook-key-encode": consume(try hooked.jsonData())
            case "hook-key-encode-mapped": consume(try mapped.jsonData())
            case "hook-key-encode-empty": consume(try empty.jsonData())
            default: consume(try plain.jsonData())
            }
        }
    case "hook-all-decode", "hook-all-decode-plain", "hook-all-encode", "hook-all-encode-plain", "hook-all-setup":
        // The odds feed with "bd" in every object, through classes that all override both hooks to
        // read and write it, against the plain classes; the set-up alone.
        let boosted = try HookedFeed.boosted(try FeedModel.decode(from: data))
        let hooked = try HookedFeedModel.decode(from: boosted)
        let plain = try FeedModel.decode(from: boosted)
        let turns = task == "hook-all-setup" ? 0 : 10
        for _ in 0..<turns {
            switch task {
            case "hook-all-decode": consume(try HookedFeedModel.decode(from: boosted))
            case "hook-all-decode-plain": consume(try FeedModel.decode(from: boosted))
            case "hook-all-encode": consume(try hooked.jsonData())
            default: consume(try plain.jsonData())
            }
        }
    case "league-decode", "league-decode-leaf", "league-decode-plain", "league-encode", "league-encode-leaf", "league-encode-plain",
         "league-setup":
        // The league feed (generated: FILE is not read) through classes that all override both hooks,
        // through classes of which only the selections do, through the plain classes; the set-up
        // (which decodes all three) alone.
        let league = LeagueFeed.generate()
        let hooked = try HookedLeagueModel.decodeArray(from: league)
        let leaf = try LeagueModel<HookedLeagueSelectionModel>.decodeArray(from: league)
        let plain = try LeagueModel<LeagueSelectionModel>.decodeArray(from: league)
        let turns = task == "league-setup" ? 0 : 10
        for _ in 0..<turns {
            switch task {
            case "league-decode": consume(try HookedLeagueModel.decodeArray(from: league))
            case "league-decode-leaf": consume(try LeagueModel<HookedLeagueSelectionModel>.decodeArray(from: league))
            case "league-decode-plain": consume(try LeagueModel<LeagueSelectionModel>.decodeArray(from: league))
            case "league-encode": consume(try hooked.jsonData())
            case "league-encode-leaf": consume(try leaf.jsonData())
            default: consume(try plain.jsonData())
            }
        }
    case "trade-route", "trade-decode", "trade-setup":
        // The enveloped trades of `--suite messages`, routed by their type or decoded straight, and
        // the set-up alone: `BENCHMARK_MESSAGES` of them.
        let messages = EnvelopedTrades.generate(count: profileMessageCount)
        let router = MessageRouter(typeKey: "data.e")
        router.register(CombinedModel<TradeEventModel>.self, type: "trade") { consume($0) }
        switch task {
        case "trade-route": for message in messages { try router.route(message) }
        case "trade-decode": for message in messages { consume(try CombinedModel<TradeEventModel>.decode(from: message)) }
        default: break
        }
        withExtendedLifetime(messages) { exit(0) }
    case "message-decode", "hand-message-decode", "message-decode-bytes", "hand-message-decode-bytes":
        // The same set-up for all four (the messages and their byte copies), so that subtracting
        // setup-messages leaves the decoding alone. The plain tasks read the `Data` messages, as the
        // benchmark's contenders do; the -bytes tasks read the byte copies.
        let messages = Messages.generate(count: profileMessageCount)
        let byteMessages = messages.map { [UInt8]($0) }
        switch task {
        case "message-decode": for message in messages { consume(try PriceUpdateModel.decode(from: message)) }
        case "hand-message-decode": for message in messages { consume(try Messages.handDecode(message)) }
        case "message-decode-bytes": for message in byteMessages { consume(try PriceUpdateModel.decode(from: message)) }
        default: for message in byteMessages { consume(try Messages.handDecode(message)) }
        }
        // Exits with both sets alive, as setup-messages does: freed after the loop, they cost malloc
        // more than in the set-up alone, which the subtraction would count as decoding.
        withExtendedLifetime((messages, byteMessages)) { exit(0) }
    case "codable-decode":
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        for _ in 0..<20 { consume(try decoder.decode(FeedRecord.self, from: data)) }
    case "hand-decode":
        for _ in 0..<20 { consume(try HandWrittenOddsFeed.decode(bytes)) }
    case "hand-encode":
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let record = try decoder.decode(FeedRecord.self, from: data)
        for _ in 0..<20 { consume(HandWrittenOddsFeed.encode(record)) }
    case "setup-codable", "setup-messages":
        // What the other tasks do before their loop (a Codable decode of the feed; the messages), to
        // subtract from their counts.
        if task == "setup-codable" {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .millisecondsSince1970
            consume(try decoder.decode(FeedRecord.self, from: data))
        } else {
            let messages = Messages.generate(count: profileMessageCount)
            let byteMessages = messages.map { [UInt8]($0) }
            withExtendedLifetime((messages, byteMessages)) { exit(0) }
        }
    case "hand-citm-decode":
        for _ in 0..<20 { consume(try HandWrittenCatalog.decode(bytes)) }
    case "hand-citm-encode":
        let record = try JSONDecoder().decode(CatalogRecord.self, from: data)
        for _ in 0..<20 { consume(HandWrittenCatalog.encode(record)) }
    case "hand-twitter-decode":
        for _ in 0..<20 { consume(try HandWrittenTwitter.decode(bytes)) }
    case "foundation-parse":
        for _ in 0..<20 { consume(try JSONSerialization.jsonObject(with: data)) }
    case "foundation-write":
        let value = try JSONSerialization.jsonObject(with: data)
        for _ in 0..<20 { consume(try JSONSerialization.data(withJSONObject: value)) }
    default:
        print("Unknown task \(task): use zoo-decode, zoo-encode, hand-zoo-decode, hand-zoo-encode, codable-zoo-decode, zoo-setup, zoo-messages, hand-zoo-messages, zoo-messages-setup, parse, write, model-decode, model-encode, codable-decode, hand-decode, hand-encode, hand-message-decode, message-decode-bytes, hand-message-decode-bytes, hand-citm-decode, hand-citm-encode, hand-twitter-decode, twitter-decode, twitter-encode, citm-decode, citm-encode, message-decode, hook-decode, model-update, live-update, live-update-quiet, live-update-hand, foundation-parse or foundation-write.")
        exit(2)
    }
    exit(0)
}

var payloads = Payloads.corpora(["twitter.json", "citm_catalog.json", "canada.json"])
if payloads.isEmpty && !wantsJSON {
    print("No corpora found in ../shared/corpus/: measuring the generated payload only.")
}
payloads.append(Payloads.oddsFeed())

// `--suite json` or `--suite models` runs one half only; `--suite live` the live updates alone,
// `--suite deltas` the small deltas into large collections alone, `--suite zoo` the type zoo alone,
// `--suite messages` the small messages alone (price updates, enveloped trades).
let suite = CommandLine.arguments.firstIndex(of: "--suite").flatMap { $0 + 1 < CommandLine.arguments.count ? CommandLine.arguments[$0 + 1] : nil }
var rows: [ResultRow] = []
if suite == nil || suite == "json" {
    rows += try JSONLayerBenchmarks.run(payloads: payloads, settings: settings)
}
if suite == nil || suite == "models" || suite == "live" {
    rows += try ModelBenchmarks.liveUpdates(settings: settings)
    rows += try ModelBenchmarks.partialDeltas(settings: settings)
}
if suite == nil || suite == "models" || suite == "live" || suite == "deltas" {
    rows += try ModelBenchmarks.orderBook(settings: settings)
    rows += try ModelBenchmarks.marketCache(settings: settings)
    rows += try ModelBenchmarks.exchangeLadders(settings: settings)
    rows += try ModelBenchmarks.tickerBoard(settings: settings)
    rows += try ModelBenchmarks.priceLadder(settings: settings)
}
if suite == "zoo" {
    rows += try ModelBenchmarks.zoo(settings: settings)
}
if suite == "messages" {
    rows += try ModelBenchmarks.messages(settings: settings)
    rows += try ModelBenchmarks.envelopedTrades(settings: settings)
}
if suite == nil || suite == "models" {
    rows += try ModelBenchmarks.oddsFeed(payloads[payloads.count - 1], settings: settings)
    rows += try ModelBenchmarks.messages(settings: settings)
    rows += try ModelBenchmarks.envelopedTrades(settings: settings)
    rows += try ModelBenchmarks.zoo(settings: settings)
    if let catalog = payloads.first(where: { $0.name == "citm_catalog.json" }) {
        rows += try ModelBenchmarks.catalog(catalog, settings: settings)
    }
    if let twitter = payloads.first(where: { $0.name == "twitter.json" }) {
        rows += try ModelBenchmarks.twitter(twitter, settings: settings)
    }
}

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
