import BaseModelKitJSON
/// What a decode or update did besides setting values: every lenient coercion applied, every `null`
/// ignored, every unknown key seen and every collection element skipped, each with its JSON path.
///
///     let report = MappingReport()
///     let feed = try Feed.decode(from: data, report: report)
///     for entry in report.entries { log.notice("\(entry)") }   // e.g. Coerced a string to Int at e[3].i
///
/// A report collects over every call it is passed to. When an update fails, the entries of that call
/// are taken back with its changes, so a report only ever describes what was applied.
public final class MappingReport: Sendable {
    /// One observation, with where it happened.
    public struct Entry: Sendable, CustomStringConvertible {
        /// What was observed.
        public enum Kind: Sendable {
            /// Lenient coercion converted a value of another JSON type: `found` describes it
            /// (`a string "12"`), `to` names the property's type.
            case coerced(found: String, to: String)
            /// A `null` for a property that cannot hold `nil` was ignored (lenient coercion).
            case nullIgnored
            /// A key that the model's map does not name was skipped.
            case unknownKey
            /// A lossy collection left out an element (or dictionary entry) that could not be mapped.
            case elementSkipped(MappingError)
            /// A raw value no case of the enum has, which left the property's default
            /// (`DecodingOptions.unknownEnumCases`, `forwardCompatibleEnums`).
            case unknownEnumCase(found: String, type: String)
        }

        /// What was observed.
        public let kind: Kind
        /// Where in the document, from its top.
        public let path: MappingPath

        /// The entry as one sentence: `Coerced a string "12" to Int at e[3].i.`
        public var description: String {
            switch kind {
            case .coerced(let found, let type): return "Coerced \(found) to \(type) at \(path)."
            case .nullIgnored: return "Ignored null at \(path)."
            case .unknownKey: return "Skipped the unknown key at \(path)."
            case .elementSkipped(let error): return "Skipped the element at \(path): \(error)"
            case .unknownEnumCase(let found, let type): return "Kept the default for \(found), which no case of \(type) has, at \(path)."
            }
        }
    }

    /// Every entry, in the order the document was read.
    public var entries: [Entry] { state.withLock { $0 } }

    /// The entries, behind a lock: a report is `Sendable`, so that a decode on another thread or in
    /// another task may fill it.
    private let state = Lock<[Entry]>.make([])

    /// An empty report.
    public init() {}

    /// The coercions applied.
    public var coercions: [Entry] { entries.filter { if case .coerced = $0.kind { true } else { false } } }
    /// The nulls ignored.
    public var ignoredNulls: [Entry] { entries.filter { if case .nullIgnored = $0.kind { true } else { false } } }
    /// The unknown keys seen.
    public var unknownKeys: [Entry] { entries.filter { if case .unknownKey = $0.kind { true } else { false } } }
    /// The elements skipped by lossy collections.
    public var skippedElements: [Entry] { entries.filter { if case .elementSkipped = $0.kind { true } else { false } } }

    func append(contentsOf recorded: [Entry]) {
        state.withLock { $0 += recorded }
    }
}
