import Foundation

/// Files that live beside the package in `../shared/` (the JSON test suite, real-world corpora).
/// They are optional: tests that use them say so when they are missing.
enum SharedFiles {
    /// The package's root folder, found from this file's place in `Tests/BaseModelKitTests/Support/`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/<relativePath>` if it exists.
    static func url(_ relativePath: String) -> URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared").appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }
}

/// A small deterministic random number generator (SplitMix64), so generated tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
