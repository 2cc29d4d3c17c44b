import BaseModelKitJSON
import Foundation

/// Decodes socket-style messages, each carrying its type under one key, into the class registered for
/// that type, and hands the model to that type's handler.
///
///     let router = MessageRouter(typeKey: "t")
///     router.register(OddsUpdate.self, type: "ou") { update in apply(update) }
///     router.register(Heartbeat.self, type: "hb") { _ in lastSeen = .now }
///     try router.route(data)
///
/// The type may be a JSON string or an integer (`"t":7` matches the type `"7"`); `typeKey` may be a
/// dotted path (`"meta.type"`), as in maps. A message whose type has no registered class goes to the
/// fallback handler when one is set, and is otherwise an error; so does one without a type, or with
/// `null` for it.
///
/// A router is `Sendable`: capture it in a socket's `@Sendable` callback and route from any thread
/// (registrations and options are kept under a lock; a handler runs on the thread that routes). Each
/// handler gets its model as `sending` — a new object graph nobody else holds — so it may hand the
/// model on to another isolation domain, such as the main actor:
///
///     router.register(OddsUpdate.self, type: "ou") { update in
///         Task { @MainActor in screen.flash(update) }
///     }
public final class MessageRouter: Sendable {
    /// The key (or dotted path) that holds every message's type.
    public let typeKey: String
    /// `typeKey`'s steps as UTF-8, for the quick look at a compact message (`messageType`).
    private let typeKeySteps: [[UInt8]]

    /// The options every message is decoded with.
    public var options: DecodingOptions {
        get { state.withLock { $0.options } }
        set { state.withLock { $0.options = newValue } }
    }

    /// Decodes a message's bytes and hands the model to its handler.
    private typealias Route = @Sendable (_ bytes: DocumentBytes, _ options: DecodingOptions) throws -> Void
    private typealias Fallback = @Sendable (_ type: String?, _ message: JSON) throws -> Void

    private typealias Decoder = @Sendable (_ bytes: DocumentBytes, _ options: DecodingOptions, _ report: MappingReport?) throws -> BaseModel

    private struct State {
        var options: DecodingOptions
        var routes: [String: Route] = [:]
        /// Each type's decode alone, for `messages(from:)`.
        var decoders: [String: Decoder] = [:]
        var fallback: Fallback?
    }

    private let state: Lock<State>

    /// A router that reads each message's type from `typeKey`.
    public init(typeKey: String, options: DecodingOptions = DecodingOptions()) {
        self.typeKey = typeKey
        typeKeySteps = JSONKeyPath(typeKey).segments.map { Array($0.utf8) }
        self.state = Lock.make(State(options: options))
    }

    /// Routes messages of type `type` to `handler`, decoded as `modelType` (or the subclass its
    /// `modelClass(for:)` picks). Registering a type again replaces its route.
    public func register<Model: BaseModel>(_ modelType: Model.Type, type: String, handler: @escaping @Sendable (sending Model) throws -> Void) {
        let envelopeKey = JSONKeyPath(typeKey).segments.first
        let route: Route = { bytes, options in
            // The type key is the envelope's, not an unknown key of the model (`unknownKeys = .reject`).
            let model = try DocumentDecoding.decode(bytes, at: nil, as: modelType, options: options, report: nil, envelopeKey: envelopeKey)
            try handler(model)
        }
        let decoder: Decoder = { bytes, options, report in
            try DocumentDecoding.decode(bytes, at: nil, as: modelType, options: options, report: report, envelopeKey: envelopeKey)
        }
        state.withLock {
            $0.routes[type] = route
            $0.decoders[type] = decoder
        }
    }

    /// Handles messages whose type has no registered class, or that have no type: `handler` gets the
    /// type (`nil` when the message has none) and the whole message, parsed.
    public func setFallback(_ handler: @escaping @Sendable (_ type: String?, _ message: JSON) throws -> Void) {
        state.withLock { $0.fallback = handler }
    }

    /// Decodes one message and calls its handler; returns the message's type when a registered
    /// handler took it, `nil` when the fallback handler did.
    ///
    /// - Throws: `MappingError` — the message is not JSON, has no type and no fallback is set
    ///   (`Found no key "t" at the top level.`), its type has no class and no fallback is set
    ///   (`No class is registered for the message type "xx" at t.`), or it does not map; or whatever
    ///   the handler throws.
    @discardableResult
    public func route(_ data: Data) throws -> String? {
        try DocumentBytes.reading(data) { try route(bytes: $0) }
    }

    /// Decodes one message given as text; see `route(_:)` for `Data`.
    @discardableResult
    public func route(_ text: String) throws -> String? {
        try route(bytes: DocumentBytes(copying: text.utf8))
    }

    private func route(bytes: DocumentBytes) throws -> String? {
        // Handlers run outside the lock, so that one may register routes or route again.
        let (options, fallback) = state.withLock { ($0.options, $0.fallback) }
        let type = try type(of: bytes, options: options, hasFallback: fallback != nil)
        if let type, let route = state.withLock({ $0.routes[type] }) {
            try route(bytes, options)
            return type
        }
        try fallBack(bytes, type: type, to: fallback, options: options)
        return nil
    }

    /// The type of the message in `bytes`; `nil` for none when `hasFallback`, the fallback handler
    /// then taking the message (see `messageType`).
    private func type(of bytes: DocumentBytes, options: DecodingOptions, hasFallback: Bool) throws -> String? {
        do {
            return try messageType(in: bytes, options: options, nullIsNone: hasFallback)
        } catch let error as MappingError where error.reason.isNotFound && hasFallback {
            return nil
        }
    }

    /// Hands the message in `bytes`, whose type (`nil`: none) has no class, to `fallback` as a JSON
    /// tree; throws `unknownMessageType` when there is no fallback.
    private func fallBack(_ bytes: DocumentBytes, type: String?, to fallback: Fallback?, options: DecodingOptions) throws {
        guard let fallback else { throw unknownType(type, in: bytes, options: options) }
        let message: JSON
        do {
            message = try JSON(parsing: bytes, maxDepth: options.maxDepth)
        } catch {
            throw MappingError(.malformedJSON(error))
        }
        try fallback(type, message)
    }

    /// The messages of a stream of bytes, in the order they arrive, each decoded into the class
    /// registered for its type and delivered with that type — for a loop that applies them in order,
    /// on the actor that owns what they change:
    ///
    ///     for try await message in router.messages(from: socket) {
    ///         if let odds = message.model as? OddsUpdate { try book.apply(odds) }
    ///     }
    ///
    /// The stream is read as `decodeLines(from:)` reads it: JSON Lines, RFC 7464 sequences or
    /// concatenated documents, each decoded as soon as it is complete. Handlers are not called on this
    /// path: the loop is the handler. A message whose type has no registered class goes to the
    /// fallback handler, when one is set, and is passed over; otherwise it ends the stream with
    /// `unknownMessageType`, after the messages before it. Errors name the message by its index in
    /// the stream (`[41].p`).
    public func messages<Bytes: AsyncSequence>(from bytes: Bytes, report: MappingReport? = nil) -> RoutedMessages<ByteChunks<Bytes>> where Bytes.Element == UInt8 {
        RoutedMessages(chunks: ByteChunks(bytes), router: self, report: report)
    }

    /// `messages(from:report:)` from a sequence of byte chunks (`Data`, `[UInt8]` frames).
    public func messages<Chunks: AsyncSequence>(from chunks: Chunks, report: MappingReport? = nil) -> RoutedMessages<Chunks> where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        RoutedMessages(chunks: chunks, router: self, report: report)
    }

    /// The message `data` holds, decoded into the class registered for its type and given back with
    /// that type, without calling its handler: for code that applies each message itself, where it
    /// must (an actor that owns the graph). A message whose type has no registered class goes to the
    /// fallback handler, when one is set (and `nil` is returned); otherwise it is an error, as with
    /// `route`.
    public func message(from data: Data) throws -> RoutedMessage? {
        let options = self.options
        return try DocumentBytes.reading(data) { try routedMessage($0, options: options, report: nil) }
    }

    /// `message(from:)` for JSON text.
    public func message(from text: String) throws -> RoutedMessage? {
        try routedMessage(DocumentBytes(copying: text.utf8), options: options, report: nil)
    }

    /// One message of `messages(from:)`: its class's model, or `nil` when the fallback handler took it.
    func routedMessage(_ bytes: DocumentBytes, options: DecodingOptions, report: MappingReport?) throws -> RoutedMessage? {
        let fallback = state.withLock { $0.fallback }
        let type = try type(of: bytes, options: options, hasFallback: fallback != nil)
        if let type, let decoder = state.withLock({ $0.decoders[type] }) {
            return RoutedMessage(type: type, model: try decoder(bytes, options, report))
        }
        try fallBack(bytes, type: type, to: fallback, options: options)
        return nil
    }

    /// The error for a message whose type (`nil`: none) has no class, without a fallback: the
    /// document's own fault first, when it is not JSON (the type may have been read without
    /// checking the rest, see `messageType`).
    private func unknownType(_ type: String?, in bytes: DocumentBytes, options: DecodingOptions) -> MappingError {
        do {
            _ = try JSON(parsing: bytes, maxDepth: options.maxDepth)
        } catch {
            return MappingError(.malformedJSON(error))
        }
        return MappingError(.unknownMessageType(type ?? ""), path: MappingPath(JSONKeyPath(typeKey).segments.map { .key($0) }))
    }

    /// The type of the message in `bytes`, the string or integer at `typeKey`; `nil` for a `null`
    /// type when `nullIsNone` (a router with a fallback, which takes messages without a type:
    /// gateways send `"t": null` on every message that is not a dispatch).
    private func messageType(in bytes: DocumentBytes, options: DecodingOptions, nullIsNone: Bool) throws -> String? {
        // A compact message's type read where it stands, its neighbours passed by matching brackets
        // (the decode that follows reads and checks the whole message); anything else, and every
        // error, through the parser.
        switch JSONParser.compactValue(in: bytes, object: 0, steps: typeKeySteps) {
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        default: break
        }
        do {
            var parser = try JSONParser(bytes: bytes, maxDepth: options.maxDepth)
            let descent = try DesignatedPath.seek(typeKey, in: &parser)
            let value = try parser.readValue()
            switch value {
            case .string(let text):
                return text
            case .number(let number) where number.int64 != nil:
                return number.text
            case .null where nullIsNone:
                return nil
            default:
                throw MappingError(.typeMismatch(expected: "a message type (a string or an integer)", found: value.foundDescription), path: descent.path)
            }
        } catch let error as JSONSyntaxError {
            throw MappingError(.malformedJSON(error))
        }
    }
}

extension MappingError.Reason {
    /// Whether this is `.notFound`.
    var isNotFound: Bool {
        if case .notFound = self { return true }
        return false
    }
}
