/// The entry points' work on whole documents: a parser over the bytes, the designated path if there
/// is one, the session made current for the hooks, syntax errors reported as `MappingError`s, report
/// entries handed over only when the call succeeds, and an update undone when it fails.
enum DocumentDecoding {
    /// A new model from the object at `path` (or the whole document).
    static func decode<Model: BaseModel>(_ bytes: [UInt8], at path: String?, as type: Model.Type, options: DecodingOptions, report: MappingReport?) throws -> Model {
        let session = DecodingSession(options: options, isUpdate: false, reports: report != nil)
        return try run(bytes, at: path, session: session, report: report) { parser in
            // `decodeObject` builds `type` or a subclass `modelClass(for:)` picked and checked.
            try ModelDecoding.decodeObject(from: &parser, as: type, into: nil, session: session) as! Model
        }
    }

    /// `model` updated in place from the object at `path` (or the whole document); every object the
    /// update changed is restored if it fails.
    static func update(_ model: BaseModel, from bytes: [UInt8], at path: String?, options: DecodingOptions, report: MappingReport?) throws -> ChangeSet {
        let session = ModelDecoding.updateSession(options: options, reports: report != nil)
        do {
            try run(bytes, at: path, session: session, report: report) { parser in
                _ = try ModelDecoding.decodeObject(from: &parser, as: type(of: model), into: model, session: session)
            }
        } catch {
            ModelDecoding.finishUpdate(session, failed: true)
            throw error
        }
        ModelDecoding.finishUpdate(session, failed: false)
        return ModelDecoding.announceChanges(of: session, root: model)
    }

    /// New models from the array at `path` (or the whole document).
    static func decodeArray<Model: BaseModel>(_ bytes: [UInt8], at path: String?, of type: Model.Type, options: DecodingOptions, report: MappingReport?) throws -> [Model] {
        let session = DecodingSession(options: options, isUpdate: false, reports: report != nil)
        let coder = ArrayCoder<Model>(element: ModelCoder<Model>(buildType: type))
        return try run(bytes, at: path, session: session, report: report) { parser in
            try coder.decode(from: &parser, session: session)
        }
    }

    /// Runs `body` with a parser standing at the value at `path` (the whole document when `nil`) and
    /// `session` current; errors from `body` get the path in front of theirs, and the rest of the
    /// document is checked afterwards.
    private static func run<Result>(_ bytes: [UInt8], at path: String?, session: DecodingSession, report: MappingReport?, _ body: (inout JSONParser) throws -> Result) throws -> Result {
        let result: Result
        do {
            result = try CurrentSession.$decoding.withValue(session) {
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
        } catch let error as JSONSyntaxError {
            throw MappingError(.malformedJSON(error))
        }
        if let report, let recorder = session.recorder { report.append(contentsOf: recorder.entries) }
        return result
    }
}
