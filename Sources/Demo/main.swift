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

// `--schema`: the JSON Schema of the feed's models, and nothing else (Scripts/validate_schema.py
// checks the bundled feed against it).
if CommandLine.arguments.contains("--schema") {
    print(try Feed.jsonSchema().serializedString(formatting: [.prettyPrinted]))
    exit(0)
}

let feedData = try resource("feed")
let updateData = try resource("update")
let oddsData = try resource("odds")

var feed: Feed!
// The first decode also builds each class's plan (once per process) and warms the runtime's caches;
// the median of the next five shows the steady state.
let firstDecodeTime = try measure { feed = try Feed.decode(from: feedData) }
let decodeTimes = try (0..<5).map { _ in try measure { feed = try Feed.decode(from: feedData) } }
let decodeTime = decodeTimes.sorted()[2]

let update = try JSON(parsing: updateData)
// The event the message is for, by its id: a lookup through the feed's events in constant time.
guard let updatedId = update["id"]?.number?.int(), let event = try feed.model(of: SportEvent.self, at: IdentityPath("ev", .number(JSONNumber(updatedId)))) else {
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
var changes: ChangeSet?
let updateTime = try measure { changes = try event.update(from: updateData) }
/// What the update changed, as `update(from:)` reports it: property, path, old → new.
let changeLines = (changes.map(Array.init) ?? []).prefix(6).map(line)

/// One change as a line: property, where it is in the graph (by identities, as a screen finds its
/// row; the path in the message where a step has none), old → new, a market's status by its name
/// rather than its code.
func line(_ change: Change) -> String {
    let place = change.identityPath?.description ?? change.path.description
    return "\(change.property) at \(place): \(readable(change.oldValue, change.property)) → \(readable(change.newValue, change.property))"
}

/// A JSON value's text, cut at 24 characters; a status code as the case it stands for.
func readable(_ value: JSON, _ property: String) -> String {
    if property == "status", let code = value.string, let status = MarketStatus(rawValue: code) { return "\(status)" }
    let text = value.description
    return text.count > 24 ? text.prefix(24) + "…" : text
}

let after = summary(of: event)

// A price delta addressed by identities — event 7's market "7-1" — applied where it points.
let odds = try JSON(parsing: oddsData)
let oddsTarget = IdentityPath("ev", odds["e"] ?? .null).then("m", odds["m"] ?? .null)
var oddsChanges: ChangeSet?
let oddsTime = try measure { oddsChanges = try feed.update(from: oddsData, at: oddsTarget) }
let oddsMarket = try feed.model(of: Market.self, at: oddsTarget)
let oddsLines = (oddsChanges.map(Array.init) ?? []).map(line)

// A price ladder for one outcome of that market: levels sent as [price, size], a first image, then a
// delta that lists only the levels that changed (size 0 removes one).
let ladderTarget = oddsTarget.then("o", 711)
let ladderImage = #"{"atb":[[8.6,120],[8.75,40],[8.8,15]]}"#
let ladderDelta = #"{"atb":[[8.8,0],[8.75,55],[8.9,5]]}"#
try feed.update(from: ladderImage, at: ladderTarget)
let ladderChanges = try feed.update(from: ladderDelta, at: ladderTarget)
let ladderLines = ladderChanges.map(line)
let ladderNow = (try feed.model(of: Outcome.self, at: ladderTarget))?.ladder.map { String(format: "%.2f×%.0f", $0.price, $0.size) } ?? []

// The app's own edit, sent back as a PATCH body: what changed since a snapshot, as JSON.
let snapshot = event.snapshot()
event.markets.first?.status = .open
let patchBody = String(decoding: try event.changes(since: snapshot).jsonData(), as: UTF8.self)

var written = Data()
let firstEncodeTime = try measure { written = try feed.jsonData() }
let encodeTime = try (0..<5).map { _ in try measure { written = try feed.jsonData() } }.sorted()[2]
let reread = try Feed.decode(from: written)
let roundTrips = try reread.jsonData() == written

let markets = feed.events.flatMap(\.markets)
let outcomes = markets.flatMap(\.outcomes)
let football = feed.events.filter { $0 is FootballMatch }.count
let tennis = feed.events.filter { $0 is TennisMatch }.count

let verbose = CommandLine.arguments.contains("--verbose")

/// One line per model class: the JSON keys its own table maps (subclasses inherit the rest).
func table(_ type: BaseModel.Type, own keys: [String]) -> String {
    let map = type.localToApi
    let entries = map.filter { keys.contains($0.value) }.sorted { $0.value < $1.value }
    let name = String(describing: type).padding(toLength: 14, withPad: " ", startingAt: 0)
    return "  " + name + entries.map { "\($0.value) → \($0.key)" }.joined(separator: ", ")
}

print("""
BaseModelKit demo — a sportsbook feed with minified keys

The models it maps (Sources/Demo/FeedModels.swift), JSON key → property:
\(table(Feed.self, own: ["v", "gen", "ev"]))
\(table(SportEvent.self, own: ["id", "k", "n", "st", "lv", "cm", "m"]))   ("k" picks the subclass)
\(table(FootballMatch.self, own: ["h", "a", "sc"]))   + SportEvent's keys
\(table(TennisMatch.self, own: ["p1", "p2", "bo"]))   + SportEvent's keys
\(table(Market.self, own: ["id", "n", "s", "o", "up"]))
\(table(Outcome.self, own: ["id", "n", "pr", "lm", "atb"]))
\(table(PriceLevel.self, own: ["0", "1"]))   (written as an array: [price, size])

1. The feed decoded into those classes:
decode  \(feedData.count) bytes in \(milliseconds(decodeTime)) (median of 5; the first, which builds the plans: \(milliseconds(firstDecodeTime)))
        → \(feed.events.count) events (\(football) football, \(tennis) tennis), \(markets.count) markets, \(outcomes.count) outcomes; \
\(markets.filter { $0.status == .suspended }.count) markets suspended, \(feed.events.filter(\.isLive).count) events live

2. A message for event \(updatedId) applied to the objects already there; what it changed, as update(from:) returns it:
update  \(updateData.count) bytes in place in \(milliseconds(updateTime))
        before: \(before)
        after:  \(after)
        changed: \(changeLines.joined(separator: "; "))

3. A price delta for one market, sent with the ids of its event and market, applied where they point (\(oddsTarget)):
odds    \(String(decoding: oddsData, as: UTF8.self)) in \(milliseconds(oddsTime))
        changed: \(oddsLines.joined(separator: "; ")); \(oddsMarket.map { "\"\($0.name)\" now \($0.outcomes.map { String(format: "%.2f", $0.price) }.joined(separator: " / "))" } ?? "")

4. A price ladder for outcome 711 of that market — levels [price, size] merged by price, size 0 removing one:
ladder  \(ladderImage), then the delta \(ladderDelta)
        changed: \(ladderLines.joined(separator: "; "))
        now \(ladderNow.joined(separator: " / "))

5. The app reopens "\(event.markets.first?.name ?? "")" itself; what changed since a snapshot, as a PATCH body for the server:
patch   \(patchBody)
        (the other markets are listed by their ids alone: the receiver merges the list by id, and
        would remove a market the body left out)

6. The feed written back with its short keys:
write   \(written.count) bytes in \(milliseconds(encodeTime)) (median of 5; the first: \(milliseconds(firstEncodeTime)))
        decoding the output and writing it again gives the same bytes: \(roundTrips ? "yes" : "NO")
""")
if verbose {
    print("\nEvent \(updatedId) after the update, pretty-printed:\n" + (try event.jsonString(options: [.prettyPrinted])))
} else {
    print("\n(--verbose also prints the updated event as JSON)")
}
exit(roundTrips ? 0 : 1)
