import BaseModelKitJSON
import Foundation

extension BaseModel {
    /// The model `path` names in this model's graph — `feed.model(at: IdentityPath("ev", 101).then("m", "101-1"))`
    /// is market `"101-1"` of event `101` — or `nil` when a step's identity names no model there.
    ///
    /// Each step costs constant time, whatever the size of the collection: a dictionary of models is
    /// looked up by key, and an array merged by identity through an index of identity → position
    /// that the first lookup makes and the array's object keeps (freed with it; a `copy()` starts
    /// without). A lookup checks the element the index names, and makes the index again when the
    /// array has changed its order or gained the element since (one pass over the array). Lookups
    /// only read: any number of threads may look up in one graph at once, as long as no thread
    /// changes it.
    ///
    /// - Throws: `MappingError` when a step's key maps no property of the class there, or its
    ///   property holds no models (a step without an identity goes through a model property).
    public func model(at path: IdentityPath) throws -> BaseModel? {
        guard case .found(let model, _) = try IdentityLookup.model(at: path, from: self, session: DecodingSession.forDecoding(options: DecodingOptions(), reports: false)) else {
            return nil
        }
        return model
    }

    /// The model `path` names, when it is a `Model`; see `model(at:)`.
    public func model<Model: BaseModel>(of type: Model.Type, at path: IdentityPath) throws -> Model? {
        try model(at: path) as? Model
    }

    /// Updates the model `path` names in this model's graph from a delta in UTF-8 bytes — a live feed's
    /// `{"o":[{"i":2,"p":2.2}]}` for market `"101-1"` of event `101`:
    /// `try feed.update(from: delta, at: IdentityPath("ev", 101).then("m", "101-1"))`. The model is
    /// found as `model(at:)` finds it, then updated as `update(from:)` updates it: atomically, its
    /// hooks called, its `ChangeSet` returned with paths from this model (`ev[3].m["101-1"].o[0].p`: where the change is in the delta, below the place of the model in the graph),
    /// given to `didUpdate(_:)` with this model as the root.
    ///
    /// - Throws: `MappingError` — `.notFound` with the place of the collection when an identity names
    ///   no model there (nothing changes) — or what `update(from:)` throws.
    @discardableResult
    public func update<Bytes: Collection<UInt8>>(from bytes: Bytes, at path: IdentityPath, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> ChangeSet {
        if let data = bytes as? Data { return try update(from: data, at: path, options: options, report: report) }
        return try update(from: bytes.inputBytes, at: path, options: options, report: report)
    }

    /// Updates the model `path` names from a delta in `data`, read in place; see
    /// `update(from:at:options:report:)` for any collection of bytes.
    @discardableResult
    public func update(from data: Data, at path: IdentityPath, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> ChangeSet {
        try DocumentDecoding.update(self, at: path, from: data, options: options, report: report)
    }

    /// Updates the model `path` names from a delta in `bytes`, read in place; see
    /// `update(from:at:options:report:)`.
    @discardableResult
    public func update(from bytes: [UInt8], at path: IdentityPath, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> ChangeSet {
        try DocumentDecoding.update(self, at: path, from: bytes, options: options, report: report)
    }

    /// Updates the model `path` names from JSON text; see `update(from:at:options:report:)` for bytes.
    @discardableResult
    public func update(from text: String, at path: IdentityPath, options: DecodingOptions = DecodingOptions(), report: MappingReport? = nil) throws -> ChangeSet {
        try DocumentDecoding.update(self, at: path, from: DocumentBytes(copying: text.utf8), options: options, report: report)
    }

    /// Updates the model `path` names from a parsed JSON object — a message whose envelope a
    /// `MessageRouter` or the app has read; see `update(from:at:options:report:)` for bytes.
    @discardableResult
    public func update(from object: JSONObject, at path: IdentityPath, options: DecodingOptions = DecodingOptions()) throws -> ChangeSet {
        try ModelDecoding.update(self, options: options, reports: false) { session in
            let (model, trail) = try IdentityLookup.target(at: path, from: self, session: session)
            try ModelDecoding.below(trail, session: session) {
                try CurrentSession.$decoding.withValue(session) {
                    try ModelDecoding.fill(model, from: object, session: session, isExisting: true)
                }
            }
        }
    }
}
