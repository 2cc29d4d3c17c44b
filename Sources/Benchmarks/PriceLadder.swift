import BaseModelKit
import Foundation

// An exchange's order book of positional price levels, as Kraken's book channel sends them: each
// level `["45285.20000","0.00000500","1582905486.493008"]` (price, volume, time, all decimal
// strings), an update listing the levels that changed on each side, a level whose volume is zero
// removed. BaseModelKit keeps each side as an array merged by the level's price (`identities`,
// `partialCollections`), the zero volume a removal marker; a hand-written updater keeps each side as
// a dictionary from the price's text to its level.

// MARK: BaseModelKit

final class PriceLadderModel: BaseModel {
    var asks: [LadderLevelModel] = []
    var bids: [LadderLevelModel] = []
    override class var apiToLocal: [String: String] { ["a": "asks", "b": "bids"] }
    override class var identities: [String: String] { ["asks": "price", "bids": "price"] }
    override class var partialCollections: Set<String> { ["asks", "bids"] }
}

final class LadderLevelModel: BaseModel {
    var price: Decimal = 0
    var volume: Decimal = 0
    var time: Decimal = 0
    override class var apiToLocal: [String: String] { ["0": "price", "1": "volume", "2": "time"] }
    override class var transformers: [String: JSONTransformer] { ["price": .decimalString, "volume": .decimalString, "time": .decimalString] }
    override class var isPositional: Bool { true }
    override class var removalMarkers: [String: JSON] { ["1": 0] }
}

// MARK: Plain classes

final class PriceLadderRecord {
    @exclusivity(unchecked) var asks: [String: LadderLevelRecord] = [:]
    @exclusivity(unchecked) var bids: [String: LadderLevelRecord] = [:]
}

struct LadderLevelRecord: Equatable {
    var volume: Decimal
    var time: Decimal
}

// MARK: Payloads

enum PriceLadder {
    /// How many updates each set holds.
    static let updateCount = 200

    /// The text of price level `index` of a side, with five places as the feed writes it: bids below
    /// 45 000, asks above.
    static func price(_ index: Int, bid: Bool) -> String {
        let tenths = bid ? 449_990 - index : 450_010 + index
        return "\(tenths / 10).\(tenths % 10)0000"
    }

    /// A decimal string of `units` hundred-millionths, with eight places (`"0.00000500"`).
    static func volume(_ units: Int) -> String {
        let fraction = String(units % 100_000_000)
        return "\(units / 100_000_000).\(String(repeating: "0", count: 8 - fraction.count))\(fraction)"
    }

    /// A level as the feed writes it.
    static func level(_ index: Int, bid: Bool, volume units: Int, time: Int) -> String {
        #"["\#(price(index, bid: bid))","\#(volume(units))","\#(1_582_905_486 + time / 1_000_000).\#(String(format: "%06d", time % 1_000_000))"]"#
    }

    /// A book of `levels` levels a side, and two sets of updates. Each lists ten levels a side, each
    /// once: four volumes changed, three levels removed (volume zero) and three added. The first set
    /// removes levels of the book and adds levels beyond it; the second puts them back the other way.
    static func generate(levels: Int) -> (book: Data, sets: [[[UInt8]]]) {
        func side(_ bid: Bool) -> String {
            (0..<levels).map { level($0, bid: bid, volume: ($0 % 13 + 1) * 500, time: $0) }.joined(separator: ",")
        }
        let book = #"{"a":[\#(side(false))],"b":[\#(side(true))]}"#
        let toggled = 3 * updateCount
        precondition(levels > toggled + 4, "a book too small for its updates")
        var generator = SplitMix(seed: 46)
        let sets = (0..<2).map { turn in
            (0..<updateCount).map { update -> [UInt8] in
                let time = 10_000 + turn * updateCount + update
                func entries(_ bid: Bool) -> String {
                    var listed: [String] = []
                    for index in 3 * update..<3 * update + 3 {
                        let (leaving, coming) = turn == 0 ? (index, levels + index) : (levels + index, index)
                        listed.append(level(leaving, bid: bid, volume: 0, time: time))
                        listed.append(level(coming, bid: bid, volume: (index % 7 + 1) * 250, time: time))
                    }
                    // Four distinct levels: an update lists each price once.
                    var changed: Set<Int> = []
                    while changed.count < 4 {
                        let index = toggled + Int(generator.next() % UInt64(levels - toggled))
                        guard changed.insert(index).inserted else { continue }
                        listed.append(level(index, bid: bid, volume: Int(generator.next() % 90_000) + 1, time: time))
                    }
                    return listed.joined(separator: ",")
                }
                return Array(#"{"a":[\#(entries(false))],"b":[\#(entries(true))]}"#.utf8)
            }
        }
        return (Data(book.utf8), sets)
    }
}

// MARK: Hand-written

/// The practical limit: the update read over `FastScanner` straight into the two dictionaries, keyed
/// by the price's text (the feed writes a price alike every time), each decimal made from its digits
/// at once; a level removed, added or given its new volume where it stands. It neither compares
/// values nor keeps anything to roll back with.
enum HandWrittenPriceLadder {
    /// The record of the book `image`, read as updates are.
    static func record(of image: Data) -> PriceLadderRecord {
        let record = PriceLadderRecord()
        // The image is the benchmark's own, generated above.
        try! apply(Array(image), to: record)
        return record
    }

    /// Whether `record` holds the levels `model` holds.
    static func same(_ model: PriceLadderModel, _ record: PriceLadderRecord) -> Bool {
        func levels(_ side: [LadderLevelModel]) -> [[Decimal]] {
            side.map { [$0.price, $0.volume, $0.time] }.sorted { $0[0] < $1[0] }
        }
        func levels(_ side: [String: LadderLevelRecord]) -> [[Decimal]] {
            side.map { [Decimal(string: $0.key, locale: FoundationDeltas.posix) ?? -1, $0.value.volume, $0.value.time] }.sorted { $0[0] < $1[0] }
        }
        return levels(model.asks) == levels(record.asks) && levels(model.bids) == levels(record.bids)
    }

    static func apply(_ update: [UInt8], to book: PriceLadderRecord) throws {
        // Sound: the scanner reads `buffer` only inside this closure (see `FastScanner`).
        try update.withUnsafeBufferPointer { buffer in
            var scanner = FastScanner(buffer)
            try scanner.expect(UInt8(ascii: "{"))
            repeat {
                switch try scanner.key() {
                case 0x61 /* a */: try side(&scanner, into: &book.asks)
                case 0x62 /* b */: try side(&scanner, into: &book.bids)
                default: throw FastScanner.Malformed()
                }
            } while try scanner.next(UInt8(ascii: "}"))
        }
    }

    private static func side(_ scanner: inout FastScanner, into levels: inout [String: LadderLevelRecord]) throws {
        try scanner.expect(UInt8(ascii: "["))
        if scanner.consume(UInt8(ascii: "]")) { return }
        repeat {
            try scanner.expect(UInt8(ascii: "["))
            let price = try scanner.string()
            try scanner.expect(UInt8(ascii: ","))
            let volume = try scanner.decimal()
            try scanner.expect(UInt8(ascii: ","))
            let time = try scanner.decimal()
            try scanner.expect(UInt8(ascii: "]"))
            levels[price] = volume.isZero ? nil : LadderLevelRecord(volume: volume, time: time)
        } while try scanner.next(UInt8(ascii: "]"))
    }
}

extension ModelBenchmarks {
    /// Updates of 20 positional levels into a book of 1 000 levels a side, the most Kraken's book
    /// channel keeps.
    static func priceLadder(settings: Settings) throws -> [ResultRow] {
        let (book, sets) = PriceLadder.generate(levels: 1_000)
        return [try SmallDeltas.row(payload: "20 positional levels, 1k levels", data: book, sets: sets, as: PriceLadderModel.self,
                                    record: { _ in HandWrittenPriceLadder.record(of: book) }, apply: HandWrittenPriceLadder.apply,
                                    foundation: FoundationDeltas.applyLadder, same: HandWrittenPriceLadder.same, settings: settings)]
    }
}
