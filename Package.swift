// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "BaseModelKit",
    platforms: [
        // The floor of the runtime entry points the reflection calls (those behind the standard
        // library's `_forEachField`); Docs/Platforms.md explains it.
        .macOS("10.15.4"), .iOS("13.4"), .tvOS("13.4"), .watchOS("6.2"),
    ],
    products: [
        .library(name: "BaseModelKit", targets: ["BaseModelKit"]),
        // The JSON layer alone: values, parser and writer, no models (Docs/JSON.md).
        .library(name: "BaseModelKitJSON", targets: ["BaseModelKitJSON"]),
        // Models from sample JSON and a key glossary (Docs/Generating.md).
        .executable(name: "basemodel-generate", targets: ["basemodel-generate"]),
        .plugin(name: "GenerateModels", targets: ["GenerateModels"]),
    ],
    targets: [
        // The two lowest layers (Support/, JSON/), a module of their own so that the compiler keeps
        // them from naming anything of the engine; BaseModelKit re-exports it (Docs/Architecture.md).
        .target(name: "BaseModelKitJSON", dependencies: ["CBaseModelKitAtomics"]),
        .target(name: "BaseModelKit", dependencies: ["BaseModelKitJSON", "CBaseModelKitAtomics"]),
        // Word-sized C11 atomics: Swift's own exist only from macOS 15 / iOS 18.
        .target(name: "CBaseModelKitAtomics"),
        .executableTarget(name: "Demo", dependencies: ["BaseModelKit"], resources: [.copy("Resources")]),
        .executableTarget(name: "Benchmarks", dependencies: ["BaseModelKit", "HeapStatistics"]),
        .target(name: "HeapStatistics"),
        .target(name: "BaseModelGeneration", dependencies: ["BaseModelKit"]),
        .executableTarget(name: "basemodel-generate", dependencies: ["BaseModelGeneration", "BaseModelKit"]),
        .plugin(
            name: "GenerateModels",
            capability: .command(
                intent: .custom(verb: "generate-models", description: "Generates BaseModel classes from sample JSON and a key glossary."),
                permissions: [.writeToPackageDirectory(reason: "Writes the generated models where --output says.")]),
            dependencies: ["basemodel-generate"]),
        .testTarget(name: "BaseModelKitTests", dependencies: ["BaseModelKit"]),
        // The JSON module's public API, imported alone as a user of that product imports it.
        .testTarget(name: "BaseModelKitJSONTests", dependencies: ["BaseModelKitJSON"]),
        // The generator, and the classes it generated from Tests/GenerationTests/Samples.
        .testTarget(name: "GenerationTests", dependencies: ["BaseModelGeneration", "BaseModelKit"], resources: [.copy("Samples")]),
        // The concurrency patterns of Docs/Concurrency.md: a regression fails to compile.
        .testTarget(name: "ConcurrencyPatternTests", dependencies: ["BaseModelKit"]),
        // Every Swift example of README.md and Docs/, line for line (Scripts/Checks/examples.py).
        .testTarget(name: "DocExampleTests", dependencies: ["BaseModelKit"]),
    ],
    swiftLanguageModes: [.v6]
)
