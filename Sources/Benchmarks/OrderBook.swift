import BaseModelKit
import Foundation

// An exchange order book kept live from a depth stream: two sides of price levels, each a dictionary
// from a price's text to its quantity, updated by deltas of 20 levels (ten a side) — quantities
// changed, levels added, and levels removed with `null`. BaseModelKit merges each side as a
// `[String: Level]` dictionary of models; a hand-written updater keeps `[String: Double]` per side.

// MARK: BaseModelKit

final class OrderBookModel: BaseModel {
    var lastUpdateId = 0
    var bids: [String: OrderLevelModel] = [:]
    var asks: [String: OrderLevelModel] = [:]
    override class var apiToLocal: [String: String] { ["u": "lastUpdateId", "b": "bids", "a": "asks"] }
}

final class OrderLevelModel: BaseModel {
    var quantity = 0.0
    override class var apiToLocal: [String: String] { ["q": "quantity"] }
}

// MARK: Plain classes

final class OrderBookRecord {
    @exclusivity(unchecked) var lastUpdateId = 0
    @exclusivity(unchecked) var bids: [String: Double] = [:]
    @exclusivity(unchecked) var asks: [String: Double] = [:]
}

// MARK: Payloads

enum OrderBook {
    /// How many deltas each set holds.
    static let deltaCount = 500

    /// The text of price level `index` of a side: bids below 10 000, asks above.
    static func price(_ index: Int, bid: Bool) -> String {
        let cents = bid ? 1_000_000 - index * 5 : 1_000_000 + 5 + index * 5
        return "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
    }

    /// A book of `levels` levels a side, and two sets of deltas. Each delta lists ten levels a side,
    /// each once: four quantities changed, three levels removed and three added. The first set removes levels of
    /// the book and adds levels beyond it; the second puts them back the other way, so the sets
    /// alternate without the book growing or shrinking.
    static func generate(levels: Int) -> (book: Data, sets: [[[UInt8]]]) {
        func side(_ bid: Bool) -> String {
            (0..<levels).map { #""\#(price($0, bid: bid))":{"q":\#($0 % 13 + 1)}"# }.joined(separator: ",")
        }
        let book = #"{"u":1,"b":{\#(side(true))},"a":{\#(side(false))}}"#
        // The levels that come and go: three a side a delta, the first `3 × deltaCount` of the
        // book's and as many beyond it; the levels whose quantity changes: the rest of the book.
        let toggled = 3 * deltaCount
        precondition(levels > toggled + 4, "a book too small for its deltas")
        var generator = SplitMix(seed: 45)
        let sets = (0..<2).map { turn in
            (0..<deltaCount).map { delta -> [UInt8] in
                func entries(_ bid: Bool) -> String {
                    var listed: [String] = []
                    for index in 3 * delta..<3 * delta + 3 {
                        let (leaving, coming) = turn == 0 ? (index, levels + index) : (levels + index, index)
                        listed.append(#""\#(price(leaving, bid: bid))":null"#)
                        listed.append(#""\#(price(coming, bid: bid))":{"q":\#(index % 7 + 1)}"#)
                    }
                    // Four distinct levels: a depth update lists each price once.
                    var changed: Set<Int> = []
                    while changed.count < 4 {
                        let index = toggled + Int(generator.next() % UInt64(levels - toggled))
                        guard changed.insert(index).inserted else { continue }
                        listed.append(#""\#(price(index, bid: bid))":{"q":\#(Int(generator.next() % 900) + 1).5}"#)
                    }
                    return listed.joined(separator: ",")
                }
                return Array(#"{"u":\#(turn * deltaCount + delta + 2),"b":{\#(entries(true))},"a":{\#(entries(false))}}"#.utf8)
            }
        }
        return (Data(book.utf8), sets)
    }
}

// MARK: Hand-written

/// The practical limit: the delta read over `FastScanner` straight into the two dictionaries, a level
/// removed, added or given its new quantity where it stands. It neither compares values nor keeps
/// anything to roll back with.
enum HandWrittenOrderBook {
    static func decode(_ model: OrderBookModel) -> OrderBookRecord {
        let record = OrderBookRecord()
        record.lastUpdateId = model.lastUpdateId
        record.bids = model.bids.mapValues(\.quantity)
        record.asks = model.asks.mapValues(\.quantity)
        return record
    }

    static func apply(_ delta: [UInt8], to book: OrderBookRecord) throws {
        // Sound: the scanner reads `buffer` only inside this closure (see `FastScanner`).
        try delta.withUnsafeBufferPointer { buffer in
            var scanner = FastScanner(buffer)
            try scanner.expect(UInt8(ascii: "{"))
            repeat {
                switch try scanner.key() {
                case 0x75 /* u */: book.lastUpdateId = try scanner.int()
                case 0x62 /* b */: try side(&scanner, into: &book.bids)
                case 0x61 /* a */: try side(&scanner, into: &book.asks)
                default: throw FastScanner.Malformed()
                }
            } while try scanner.next(UInt8(ascii: "}"))
        }
    }

    private static func side(_ scanner: inout FastScanner, into levels: inout [String: Double]) throws {
        try scanner.expect(UInt8(ascii: "{"))
        if scanner.consume(UInt8(ascii: "}")) { return }
        repeat {
            let price = try scanner.string()
            try scanner.expect(UInt8(ascii: ":"))
            if scanner.null() {
                levels[price] = nil
                continue
            }
            try scanner.expect(UInt8(ascii: "{"))
            guard try scanner.key() == 0x71 /* q */ else { throw FastScanner.Malformed() }
            levels[price] = try scanner.double()
            try scanner.expect(UInt8(ascii: "}"))
        } while try scanner.next(UInt8(ascii: "}"))
    }
}

extension ModelBenchmarks {
    /// Deltas of 20 levels into order books of 5 000 and 50 000 levels a side. A delta's cost should
    /// follow the 20 levels it lists, not the book.
    static func orderBook(settings: Settings) throws -> [ResultRow] {
        try [5_000, 50_000].map { levels in
            let (book, sets) = OrderBook.generate(levels: levels)
            return try SmallDeltas.row(payload: "20-level deltas, \(levels / 1000)k levels", data: book, sets: sets, as: OrderBookModel.self,
                                       record: HandWrittenOrderBook.decode, apply: HandWrittenOrderBook.apply, foundation: FoundationDeltas.applyDepth,
                                       same: { model, record in
                                           model.lastUpdateId == record.lastUpdateId && model.bids.mapValues(\.quantity) == record.bids
                                               && model.asks.mapValues(\.quantity) == record.asks
                                       }, settings: settings)
        }
    }
}
