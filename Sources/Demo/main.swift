import BaseModelKit
import Foundation

// The demo: decode a bundled minified feed, apply an update message in place, write it back, report.

func resource(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources") else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/\(name).json"])
    }
    return try Data(contentsOf: url)
}

func milliseconds(_ seconds: Double) -> String {
    String(format: "%.2f ms", seconds * 1000)
}

/// How long `body` took, in seconds, on the monotonic clock (`DispatchTime`, which every supported
/// platform has; `ContinuousClock` needs macOS 13 / iOS 16).
func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let feedData = try resource("feed")
let updateData = try resource("update")

var feed: Feed!
// The first decode also builds each class's plan (once per process) and warms the runtime's caches;
// the median of the next five shows the steady state.
let firstDecodeTime = try measure { feed = try Feed.decode(from: feedData) }
let decodeTimes = try (0..<5).map { _ in try measure { feed = try Feed.decode(from: feedData) } }
let decodeTime = decodeTimes.sorted()[2]

let update = try JSON(parsing: updateData)
guard let updatedId = update["id"]?.number?.int(), let event = feed.events.first(where: { $0.eventId == updatedId }) else {
    print("The update message names no event of the feed.")
    exit(1)
}
/// A one-line summary of what the update message touches.
func summary(of event: SportEvent) -> String {
    let score = (event as? FootballMatch)?.score.map { $0.map(String.init).joined(separator: "–") } ?? "none"
    let first = event.markets.first
    let prices = first?.outcomes.map { String(format: "%.2f", $0.price) }.joined(separator: " / ") ?? ""
    return "score \(score), live \(event.isLive), \"\(first?.name ?? "")\" \(first.map { "\($0.status)" } ?? "-") at \(prices)"
}

let before = summary(of: event)
let updateTime = try measure { try event.update(from: updateData) }

var written = Data()
let firstEncodeTime = try measure { written = try feed.jsonData() }
let encodeTime = try (0..<5).map { _ in try measure { written = try feed.jsonData() } }.sorted()[2]
let reread = try Feed.decode(from: written)
let roundTrips = try reread.jsonData() == written

let markets = feed.events.flatMap(\.markets)
let outcomes = markets.flatMap(\.outcomes)
let football = feed.events.filter { $0 is FootballMatch }.count
let tennis = feed.events.filter { $0 is TennisMatch }.count

print("""
BaseModelKit demo — a sportsbook feed with minified keys

Decoded \(feedData.count) bytes in \(milliseconds(decodeTime)) (median of 5; the first decode, which \
also builds the plans, took \(milliseconds(firstDecodeTime))): \(feed.events.count) events \
(\(football) football, \(tennis) tennis), \(markets.count) markets, \(outcomes.count) outcomes.
Suspended markets: \(markets.filter { $0.status == .suspended }.count). \
Live events: \(feed.events.filter(\.isLive).count).

Applied an update message (\(updateData.count) bytes) to event \(updatedId) in place in \(milliseconds(updateTime)):
  before: \(before)
  after:  \(summary(of: event))

Wrote the feed back: \(written.count) bytes (null values left out) in \(milliseconds(encodeTime)) (median of 5; \
the first write took \(milliseconds(firstEncodeTime))); \
decoding the output and writing it again gives the same bytes: \(roundTrips ? "yes" : "NO").

Event \(updatedId), pretty-printed:
\(try event.jsonString(options: [.prettyPrinted]))
""")
exit(roundTrips ? 0 : 1)
