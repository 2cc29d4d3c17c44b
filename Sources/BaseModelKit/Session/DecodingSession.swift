import BaseModelKitJSON
/// What one decoding call carries down to every value: its options and, for an update in place, the
/// log of objects changed so far (to restore them if the update fails).
final class DecodingSession: Sendable {
    let options: DecodingOptions
    let undoLog: UndoLog?
    /// Tracks the path of the value being read, and collects a `MappingReport`'s entries when the
    /// caller asked for one.
    let recorder: ReportRecorder?
    /// Whether there is a recorder: a report was asked for, or an update records changes, whose
    /// paths need it. Checked first, so that a decode that tracks no path does not even load (and
    /// retain) the optional reference.
    let tracksPaths: Bool
    /// Whether the caller asked for a report (`tracksPaths` alone may be an update's, for its
    /// changes' paths): its entries need the path at every member, scalars too.
    let keepsReport: Bool
    /// Whether unknown keys matter: rejected, or reported (to a report the caller asked for).
    let watchesUnknownKeys: Bool
    /// The thread the call runs on, for an update (0 otherwise): what it claims objects as.
    let thread: Int
    /// For an update: the changes it makes, property by property.
    let changes: ChangeRecorder?
    /// Whether there is a change recorder: checked first, so that a decode does not load (and retain)
    /// the optional reference for every object.
    let tracksChanges: Bool
    /// Whether every non-optional property is required (`DecodingOptions.missingKeys`).
    let requiresNonOptional: Bool
    /// The coder of `options.dateStrategy`, made once: made per value, it copied the strategy.
    let dateCoder: TransformedDateCoder
    /// What of `options` a decode reads, for `forDecoding` to compare as plain values (comparing the
    /// options themselves copied them, with their date transformer, on every call).
    private let decodeSignature: DecodingOptions.DecodeSignature?

    /// The session for a decode: without a report and with options that decode like the defaults, the
    /// one session every such decode shares (it holds nothing that changes, and nothing of the thread:
    /// the stack limit is the parser's); otherwise a new one. The comparison is with the shared
    /// session's own options (their signatures), so the two cannot drift apart. Making and freeing a
    /// session per call was a sizeable part of decoding a small message.
    static func forDecoding(options: DecodingOptions, reports: Bool, envelopeKey: String? = nil) -> DecodingSession {
        // An envelope key matters only to a session that watches unknown keys.
        if !reports, envelopeKey == nil || options.unknownKeys != .reject, let signature = options.decodeSignature, signature == plainDecoding.decodeSignature {
            return plainDecoding
        }
        return DecodingSession(options: options, isUpdate: false, reports: reports, envelopeKey: envelopeKey)
    }

    /// The session `forDecoding` shares.
    private static let plainDecoding = DecodingSession(options: DecodingOptions(), isUpdate: false)

    /// Sessions of updates that ended, kept for the next (`recycle`): one that records changes, one
    /// that does not. Making a session, its log, its recorders and their lists, and freeing them, was
    /// five allocations of every quiet update and twelve of one with change sets. A path for speed
    /// alone, kept by the rule for those: a benchmark row gains at least 5 % by it.
    private static let spareQuietUpdate = SpareObject<DecodingSession>()
    private static let spareRecordingUpdate = SpareObject<DecodingSession>()

    /// The kept session of an update that ended, when it decodes as `options` say, records changes
    /// as they say (with a report when asked: an update that records changes keeps a report anyway,
    /// for the paths, but steps into every member only when asked, see `keepsReport`) and claims
    /// objects as the calling thread: it is then exactly the session a new
    /// update would make (its log and recorders emptied by `recycle`). `nil` otherwise; a kept
    /// session that does not fit is freed.
    static func spareForUpdate(options: DecodingOptions, reports: Bool) -> DecodingSession? {
        guard reports == false || options.recordsChanges, let signature = options.decodeSignature,
              let spare = (options.recordsChanges ? spareRecordingUpdate : spareQuietUpdate).take() else { return nil }
        guard spare.decodeSignature == signature, spare.thread == ThreadIdentity.current, spare.keepsReport == reports else { return nil }
        return spare
    }

    /// Keeps the session of an update that ended for the next update on this thread, when it is one
    /// `spareForUpdate` may hand out (`isReusable`) and nothing else holds it: not a hook, not a task
    /// it started. Its log must be empty (the update's claims given back).
    static func recycle(_ session: consuming DecodingSession) {
        var session = session
        // The recorders are emptied, kept or not, after the update has handed over its changes and
        // report. A hook's object that outlives the update holds the session (its reader context),
        // and the changes name the models changed: kept, they made a reference cycle with a model
        // that keeps the object. (A failed update's changes name only objects it restored.)
        session.changes?.reset()
        session.recorder?.reset()
        guard session.isReusable, isKnownUniquelyReferenced(&session), session.undoLog?.isEmpty == true else { return }
        (session.tracksChanges ? spareRecordingUpdate : spareQuietUpdate).keep(session)
    }

    /// Whether `spareForUpdate` may hand this session out once its update has ended.
    var isReusable: Bool {
        undoLog != nil && tracksPaths == tracksChanges && decodeSignature != nil
    }

    /// A key of the document's top-level object that is no unknown key though no map names it: a
    /// `MessageRouter`'s type key (the first step of its path).
    let envelopeKey: String?

    /// `isUpdate` makes a session for an update in place, with an `UndoLog` that tells existing
    /// objects by `isClaimed` (the engine's claims).
    init(options: DecodingOptions, isUpdate: Bool, reports: Bool = false, changes: ChangeRecorder? = nil,
         envelopeKey: String? = nil, isClaimed: @escaping @Sendable (AnyObject, Int) -> Bool = { _, _ in false }) {
        self.envelopeKey = envelopeKey
        self.thread = isUpdate ? ThreadIdentity.current : 0
        self.undoLog = isUpdate ? UndoLog(thread: thread, isClaimed: isClaimed) : nil
        self.changes = changes
        self.tracksChanges = changes != nil
        self.requiresNonOptional = options.missingKeys == .errorForNonOptional
        self.dateCoder = options.dateStrategy.dateCoder()
        self.decodeSignature = options.decodeSignature
        // Changes carry their paths, which the recorder keeps.
        let asksReport = reports
        let reports = reports || changes != nil
        // An update's changes take their paths from the recorder they keep.
        self.recorder = changes?.report ?? (reports ? ReportRecorder() : nil)
        self.tracksPaths = reports
        self.keepsReport = asksReport
        self.watchesUnknownKeys = asksReport || options.unknownKeys == .reject
        // Stored last, after the reads above: stored first, the options were copied twice (and the
        // spare copy destroyed) per call.
        self.options = options
    }

    /// Steps into a member or element, for the report's paths (nothing without a report).
    @inline(__always)
    func enter(_ component: @autoclosure () -> MappingPath.Component) {
        if tracksPaths { recorder?.push(component()) }
    }

    /// `enter` for an element of an array merged by identity, with the element's identity (when it
    /// has one: see `noteIdentity`).
    @inline(__always)
    func enter(_ component: @autoclosure () -> MappingPath.Component, identity: @autoclosure () -> IdentityKey?) {
        guard tracksPaths, let recorder else { return }
        if let id = identity() { recorder.push(component(), identity: id) } else { recorder.push(component()) }
    }

    /// Notes the identity of the element `enter` stepped into last, an element of an array merged by
    /// identity (see `ReportRecorder.noteIdentity`).
    @inline(__always)
    func noteIdentity(_ id: @autoclosure () -> IdentityKey) {
        if tracksPaths { recorder?.noteIdentity(id()) }
    }

    /// Steps out of the member or element `enter` stepped into.
    @inline(__always)
    func leave() {
        if tracksPaths { recorder?.pop() }
    }

    var isLenient: Bool { options.coercion == .lenient }

    /// The change recorder, when `object` existed before this update (its changes are compared);
    /// `nil` for objects the update creates.
    func changeTracker(for object: AnyObject) -> ChangeRecorder? {
        guard let changes, undoLog?.contains(object) == true else { return nil }
        return changes
    }

    /// Notes a lenient conversion of `found` into a value of `typeName` in the report, if any.
    func noteCoercion(of found: JSON, to typeName: String) {
        if keepsReport { recorder?.record(.coerced(found: found.foundDescription, to: typeName)) }
    }

    /// A key that the map does not name, when `watchesUnknownKeys`: an error with `unknownKeys` set to
    /// `.reject`, otherwise a report entry.
    func sawUnknownKey(_ key: String, model: String, depth: Int) throws {
        if depth == 1, let envelopeKey, key == envelopeKey { return }
        if options.unknownKeys == .reject {
            throw MappingError(.unknownKey, path: MappingPath([.key(key)]), model: model)
        }
        recorder?.record(.unknownKey, at: .key(key))
    }

    /// Notes in the report, if any, that a `null` was ignored (lenient coercion).
    func noteIgnoredNull() {
        if keepsReport { recorder?.record(.nullIgnored) }
    }

    /// Whether a collection leaves out an element that failed with `error` (a lossy collection and an
    /// error about the value, not about limits), noting it in the report if so.
    func dropsFailedElements(lossy: Bool, after error: MappingError) -> Bool {
        guard lossy || options.collections == .lossy, error.reason.isAboutTheValue else { return false }
        if keepsReport { recorder?.recordSkipped(error) }
        return true
    }
}
