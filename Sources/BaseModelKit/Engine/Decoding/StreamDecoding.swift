import BaseModelKitJSON
/// Decoding models from a stream, one framed value at a time (`StreamFramer` finds them): each value
/// decoded as a document of its own, its errors and report entries placed in the whole stream — the
/// path from the top (`e[1234].o[3].p`), syntax errors at the stream's offset, line and column.
struct StreamDecoding: Sendable {
    /// What the framer looks for: the elements of the array at `path`, or documents.
    let mode: StreamFramer.Mode
    /// The designated path of an elements stream (`nil`: the top-level array, or documents).
    let path: String?
    let options: DecodingOptions
    let report: MappingReport?
    /// The designated path's steps, in front of every element's index (empty for documents).
    let prefix: [MappingPath.Component]

    /// A stream of the elements of the array at `path` (`nil`: the top-level array).
    init(elementsAt path: String?, options: DecodingOptions, report: MappingReport?) {
        let segments = path.map { JSONKeyPath($0).segments } ?? []
        self.init(mode: .elements(segments), path: path, options: options, report: report)
    }

    /// A stream of documents one after another.
    init(documentsWith options: DecodingOptions, report: MappingReport?) {
        self.init(mode: .documents, path: nil, options: options, report: report)
    }

    private init(mode: StreamFramer.Mode, path: String?, options: DecodingOptions, report: MappingReport?) {
        self.mode = mode
        self.path = path
        self.options = options
        self.report = report
        prefix = path.map { JSONKeyPath($0).segments.map { segment in
            Int(segment).map { MappingPath.Component.index($0) } ?? .key(segment)
        } } ?? []
    }

    /// What `decodeBytes` makes of value `index` (a model), or `nil` when `decodeBytes` passes it
    /// over, or it failed and lossy options leave it out (noted in the report).
    func decode<Output>(_ value: StreamFramer.FramedValue, index: Int, with decodeBytes: (DocumentBytes, DecodingOptions, MappingReport?) throws -> Output?) throws -> Output? {
        var elementOptions = options
        // The value sits inside `depth` containers of the stream's document.
        elementOptions.maxDepth = max(1, options.maxDepth - value.depth)
        let elementReport = report.map { _ in MappingReport() }
        let place = prefix + [.index(index)]
        do {
            let model = try DocumentBytes.reading(value.bytes) { bytes in
                try decodeBytes(bytes, elementOptions, elementReport)
            }
            if let report, let elementReport {
                report.append(contentsOf: elementReport.entries.map { entry in
                    MappingReport.Entry(kind: entry.kind, path: MappingPath(place + entry.path.components))
                })
            }
            return model
        } catch var error as MappingError {
            if case .malformedJSON(let syntax) = error.reason {
                error = MappingError(.malformedJSON(syntax.placed(atStreamOffset: value.offset, line: value.line, column: value.column)),
                                     path: error.path, model: error.model, property: error.property)
            }
            error.path.components.insert(contentsOf: place, at: 0)
            if options.collections == .lossy, error.reason.isAboutTheValue {
                report?.append(contentsOf: [MappingReport.Entry(kind: .elementSkipped(error), path: MappingPath(place))])
                return nil
            }
            throw error
        }
    }

    /// A syntax error the framer found, as the error the stream ends with: at value `index` when the
    /// framer was in one (`e[1234]`), otherwise at the array (or the top, for documents).
    func framingError(_ error: JSONSyntaxError, inValue index: Int?) -> MappingError {
        MappingError(.malformedJSON(error), path: MappingPath(prefix + (index.map { [.index($0)] } ?? [])))
    }

    /// At the end of an elements stream: the document around the array, checked as a document (its
    /// offsets count the document without the array's elements), and the array required.
    func finishElements(skeleton: [UInt8], foundArray: Bool) throws {
        do {
            try DocumentBytes.reading(skeleton) { bytes in
                var parser = try JSONParser(bytes: bytes, maxDepth: options.maxDepth)
                _ = try parser.readValue()
                try parser.expectEndOfInput()
            }
        } catch let error as JSONSyntaxError {
            throw MappingError(.malformedJSON(error))
        }
        guard foundArray else {
            throw MappingError(.notFound(path.map { "array at \"\($0)\"" } ?? "array at the top level"))
        }
    }
}
