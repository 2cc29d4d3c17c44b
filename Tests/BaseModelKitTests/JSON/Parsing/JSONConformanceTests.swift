import BaseModelKit
import Foundation
import Testing

/// The standard parsing cases of JSONTestSuite, from `../shared/JSONTestSuite/test_parsing/`:
/// `y_` files must parse, `n_` files must be rejected, `i_` files may go either way but must not crash.
@Suite("JSONTestSuite conformance")
struct JSONConformanceTests {
    private static let folder = SharedFiles.url("JSONTestSuite/test_parsing")

    private static func cases(prefix: String) throws -> [URL] {
        guard let folder else { return [] }
        return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasPrefix(prefix) && $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test("the test suite folder is present, or the skip is said")
    func folderPresence() throws {
        guard Self.folder != nil else {
            print("JSONTestSuite not found at ../shared/JSONTestSuite/test_parsing: conformance cases skipped.")
            return
        }
        #expect(try Self.cases(prefix: "y_").count > 90)
        #expect(try Self.cases(prefix: "n_").count > 150)
    }

    @Test("every y_ case parses")
    func accepted() throws {
        var failures: [String] = []
        let files = try Self.cases(prefix: "y_")
        for file in files {
            do {
                _ = try JSON(parsing: try Data(contentsOf: file))
            } catch {
                failures.append("\(file.lastPathComponent): \(error)")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        print("JSONTestSuite: \(files.count) y_ cases ran, \(files.count - failures.count) parsed.")
    }

    @Test("every n_ case is rejected with a syntax error")
    func rejected() throws {
        var accepted: [String] = []
        let files = try Self.cases(prefix: "n_")
        for file in files {
            if (try? JSON(parsing: try Data(contentsOf: file))) != nil {
                accepted.append(file.lastPathComponent)
            }
        }
        #expect(accepted.isEmpty, "\(accepted.joined(separator: "\n"))")
        print("JSONTestSuite: \(files.count) n_ cases ran, \(files.count - accepted.count) rejected.")
    }

    @Test("every i_ case parses or throws, and what parses writes back and reads again")
    func implementationDefined() throws {
        let files = try Self.cases(prefix: "i_")
        var parsed = 0
        defer { print("JSONTestSuite: \(files.count) i_ cases ran, \(parsed) parsed and round-tripped, the rest rejected.") }
        for file in files {
            guard let value = try? JSON(parsing: try Data(contentsOf: file)) else { continue }
            parsed += 1
            let written = try value.serializedData()
            #expect(try JSON(parsing: written) == value, "\(file.lastPathComponent)")
        }
    }
}
