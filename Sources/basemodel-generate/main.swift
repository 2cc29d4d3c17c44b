import BaseModelGeneration
import BaseModelKit
import Foundation

// basemodel-generate SAMPLES_DIR --root ClassName [--glossary glossary.json] [--type-key KEY]
//                    [--output File.swift] [--access internal|public] [--check] [--quiet]

let usage = "usage: basemodel-generate SAMPLES_DIR --root ClassName [--glossary glossary.json] [--type-key KEY] [--output File.swift] [--access internal|public] [--check] [--quiet]"

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("basemodel-generate: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var options: [String: String] = [:]
var positional: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    if ["--root", "--glossary", "--type-key", "--output", "--access"].contains(argument) {
        guard !arguments.isEmpty else { fail("\(argument) needs a value.\n\(usage)") }
        options[argument] = arguments.removeFirst()
    } else if argument == "--check" || argument == "--quiet" {
        options[argument] = ""
    } else if argument == "--help" || argument == "-h" {
        print(usage)
        exit(0)
    } else if argument.hasPrefix("--") {
        fail("unknown option \(argument).\n\(usage)")
    } else {
        positional.append(argument)
    }
}
guard positional.count == 1, let root = options["--root"] else { fail(usage) }
let access = options["--access"] ?? "internal"
guard access == "internal" || access == "public" else { fail("--access is internal or public, not \(access).") }

do {
    let samples = try SampleSet(directory: URL(fileURLWithPath: positional[0], isDirectory: true))
    var glossary = Glossary()
    if let path = options["--glossary"] {
        let json: JSON
        do {
            json = try JSON(parsing: try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            fail("the glossary \(path) cannot be read as JSON: \(error)")
        }
        do {
            glossary = try Glossary(json: json)
        } catch {
            fail("the glossary \(path): \(error)")
        }
    }
    let generator = Generator(rootName: root, glossary: glossary, typeKey: options["--type-key"], isPublic: access == "public",
                              source: samples.description)
    let run = try generator.run(samples: samples.samples, origins: samples.origins)
    let source = run.source
    // The summary (what was decided, and why) and the warnings go to standard error, so that
    // standard output stays the source when no file is named.
    if options["--quiet"] == nil {
        FileHandle.standardError.write(Data((run.summary.joined(separator: "\n") + "\n").utf8))
    }
    for warning in run.warnings { FileHandle.standardError.write(Data("basemodel-generate: warning: \(warning)\n".utf8)) }
    if options["--check"] != nil {
        // For CI: whether the file is what regenerating would write, without writing it.
        guard let output = options["--output"] else { fail("--check compares with the file --output names.") }
        let existing = try? Data(contentsOf: URL(fileURLWithPath: output))
        guard existing == Data(source.utf8) else { fail("\(output) is not what regenerating writes: run basemodel-generate without --check.") }
        print("\(output) is up to date.")
    } else if let output = options["--output"] {
        try Data(source.utf8).write(to: URL(fileURLWithPath: output))
    } else {
        print(source, terminator: "")
    }
} catch let error as GenerationError {
    fail(error.description)
} catch {
    fail("\(error)")
}
