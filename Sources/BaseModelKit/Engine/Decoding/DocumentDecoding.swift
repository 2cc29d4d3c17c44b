import BaseModelKitJSON
import Foundation

/// The entry points' work on whole documents: a parser over the bytes, the designated path if there
/// is one, the session made current for the hooks, syntax errors reported as `MappingError`s, report
/// entries handed over only when the call succeeds, and an update undone when it fails.
enum DocumentDecoding {
    /// A new model from the object at `path` (or the whole document).
    static func decode<Model: BaseModel>(_ bytes: DocumentBytes, at path: String?, as type: Model.Type, options: DecodingOptions, report: MappingReport?,
                                         envelopeKey: String? = nil) throws -> Model {
        // `decodeObject` builds `type` or a subclass `modelClass(for:)` picked and checked.
        try decodeModel(bytes, at: path, as: type, options: options, report: report, envelopeKey: envelopeKey) as! Model
    }

    /// `decode(_:at:as:options:report:)` over the bytes of `data`, read in place. (The entry points
    /// on `BaseModel` call these rather than reading the bytes themselves: a closure there would
    /// capture the dynamic `Self`, which crashed the 6.3 compiler's release build.)
    static func decode<Model: BaseModel>(_ data: Data, at path: String?, as type: Model.Type, options: DecodingOptions, report: MappingReport?) throws -> Model {
        try DocumentBytes.reading(data) { try decodeModel($0, at: path, as: type, options: options, report: report) } as! Model
    }

    /// `decode(_:at:as:options:report:)` over the bytes of `array`, read in place.
    static func decode<Model: BaseModel>(_ array: [UInt8], at path: String?, as type: Model.Type, options: DecodingOptions, report: MappingReport?) throws -> Model {
        try DocumentBytes.reading(array) { try decodeModel($0, at: path, as: type, options: options, report: report) } as! Model
    }

    /// The decode itself, not generic: the closures above then return a concrete type (a generic
    /// one made the runtime look up generic metadata on every call).
    private static func decodeModel(_ bytes: DocumentBytes, at path: String?, as type: BaseModel.Type, options: DecodingOptions, report: MappingReport?,
                                    envelopeKey: String? = nil) throws -> BaseModel {
        let session = DecodingSession.forDecoding(options: options, reports: report != nil, envelopeKey: envelopeKey)
        let plan = try PlanRegistry.plan(for: type)
        return try run(bytes, at: path, session: session, report: report, runsHooks: plan.runsHooksBelow) { parser in
            try ModelDecoding.decodeObject(from: &parser, as: type, session: session, plan: plan)
        }
    }

    /// `model` updated in place from the object at `path` (or the whole document); every object the
    /// update changed is restored if it fails.
    static func update(_ model: BaseModel, from bytes: DocumentBytes, at path: String?, options: DecodingOptions, report: MappingReport?) throws -> ChangeSet {
        let plan = try PlanRegistry.plan(for: type(of: model))
        return try ModelDecoding.update(model, options: options, reports: report != nil) { session in
            try run(bytes, at: path, session: session, report: report, runsHooks: plan.runsHooksBelow) { parser in
                try ModelDecoding.update(model, from: &parser, session: session, plan: plan)
            }
        }
    }

    /// `update(_:from:at:options:report:)` over the bytes of `data`, read in place.
    static func update(_ model: BaseModel, from data: Data, at path: String?, options: DecodingOptions, report: MappingReport?) throws -> ChangeSet {
        try DocumentBytes.reading(data) { try update(model, from: $0, at: path, options: options, report: report) }
    }

    /// `update(_:from:at:options:report:)` over the bytes of `array`, read in place.
    static func update(_ model: BaseModel, from array: [UInt8], at path: String?, options: DecodingOptions, report: MappingReport?) throws -> ChangeSet {
        try DocumentBytes.reading(array) { try update(model, from: $0, at: path, options: options, report: report) }
    }

    /// The model `target` names in `root`'s graph updated in place from the whole document, with
    /// `root`'s `ChangeSet` (paths from `root`); every object the update changed is restored if it
    /// fails, and so is everything when the target is not there.
    static func update(_ root: BaseModel, at target: IdentityPath, from bytes: DocumentBytes, options: DecodingOptions, report: MappingReport?) throws -> ChangeSet {
        try ModelDecoding.update(root, options: options, reports: report != nil) { session in
            let (model, trail) = try IdentityLookup.target(at: target, from: root, session: session)
            let plan = try PlanRegistry.plan(for: type(of: model))
            try ModelDecoding.below(trail, session: session) {
                try run(bytes, at: nil, session: session, report: report, runsHooks: plan.runsHooksBelow) { parser in
                    try ModelDecoding.update(model, from: &parser, session: session, plan: plan)
                }
            }
        }
    }

    /// `update(_:at:from:options:report:)` over the bytes of `data`, read in place.
    static func update(_ root: BaseModel, at target: IdentityPath, from data: Data, options: DecodingOptions, report: MappingReport?) throws -> ChangeSet {
        try DocumentBytes.reading(data) { try update(root, at: target, from: $0, options: options, report: report) }
    }

    /// `update(_:at:from:options:report:)` over the bytes of `array`, read in place.
    static func update(_ root: BaseModel, at target: IdentityPath, from array: [UInt8], options: DecodingOptions, report: MappingReport?) throws -> ChangeSet {
        try DocumentBytes.reading(array) { try update(root, at: target, from: $0, options: options, report: report) }
    }

    /// New models from the array at `path` (or the whole document).
    static func decodeArray<Model: BaseModel>(_ bytes: DocumentBytes, at path: String?, of type: Model.Type, options: DecodingOptions, report: MappingReport?) throws -> [Model] {
        let session = DecodingSession.forDecoding(options: options, reports: report != nil)
        let coder = ArrayCoder<Model>(element: ModelCoder<Model>(buildType: type))
        return try run(bytes, at: path, session: session, report: report, runsHooks: try PlanRegistry.plan(for: type).runsHooksBelow) { parser in
            try coder.decode(from: &parser, session: session)
        }
    }

    /// Runs `body` with a parser standing at the value at `path` (the whole document when `nil`) and
    /// `session` current when hooks may run (`runsHooks`, see `ModelPlan.runsHooksBelow`); errors
    /// from `body` get the path in front of theirs, and the rest of the document is checked afterwards.
    private static func run<Result>(_ bytes: DocumentBytes, at path: String?, session: DecodingSession, report: MappingReport?, runsHooks: Bool = true, _ body: (inout JSONParser) throws -> Result) throws -> Result {
        let result: Result
        do {
            result = runsHooks
                ? try CurrentSession.$decoding.withValue(session) { try parse(bytes, at: path, session: session, body) }
                : try parse(bytes, at: path, session: session, body)
        } catch let error as JSONSyntaxError {
            throw MappingError(.malformedJSON(error))
        }
        if let report, let recorder = session.recorder { report.append(contentsOf: recorder.entries) }
        return result
    }

    /// `run`'s work, with the session current or not.
    private static func parse<Result>(_ bytes: DocumentBytes, at path: String?, session: DecodingSession, _ body: (inout JSONParser) throws -> Result) throws -> Result {
        var parser = try JSONParser(bytes: bytes, maxDepth: session.options.maxDepth)
        guard let path else {
            let result = try body(&parser)
            try parser.expectEndOfInput()
            return result
        }
        let descent = try DesignatedPath.seek(path, in: &parser)
        // Report entries, like errors, carry paths from the top of the document.
        for component in descent.path.components { session.enter(component) }
        let result: Result
        do {
            result = try body(&parser)
        } catch var error as MappingError {
            error.path.components.insert(contentsOf: descent.path.components, at: 0)
            throw error
        }
        try DesignatedPath.finish(descent, in: &parser)
        return result
    }
}
