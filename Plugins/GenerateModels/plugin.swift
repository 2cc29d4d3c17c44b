import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate-models SAMPLES_DIR --root Name …`:
/// runs `basemodel-generate` with the same arguments, from the package's directory.
@main
struct GenerateModels: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "basemodel-generate")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw GenerationFailed(status: process.terminationStatus)
        }
    }
}

struct GenerationFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "basemodel-generate exited with status \(status)" }
}
